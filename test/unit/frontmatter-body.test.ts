import { describe, expect, it } from "vitest";
import { frontmatterBody, readFrontmatter } from "../../src/text/frontmatter.js";

describe("frontmatterBody", () => {
  it("is the body readFrontmatter gives, without reading the fields", () => {
    for (const text of [
      "---\ntype: weekly\nweek: 2026-W14\n---\n\n## 2026-W14\n- a\n",
      "\uFEFF---\ntype: weekly\n---\nbody",
      "---\nnot: [valid\n---\nbody after broken fields\n",
      '---json\n{"a": 1}\n---\nbody',
      "---\nno closing fence\nbody",
      "no front matter\n---\nrule\n",
      "---\n---\n",
      "",
    ]) {
      expect(frontmatterBody(text), JSON.stringify(text)).toBe(readFrontmatter(text).body);
    }
  });
});
