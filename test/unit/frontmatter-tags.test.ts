import { afterEach, describe, expect, it, vi } from "vitest";
import { readFrontmatter } from "../../src/text/frontmatter.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("front matter with a tag YAML does not know", () => {
  it("is read as the plain text it holds, runs nothing, and prints no warning of YAML's own", () => {
    const warned = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    const logged = vi.spyOn(console, "warn").mockImplementation(() => {});
    const read = readFrontmatter('---\nname: !!js/function "function () { return 1 }"\ndescription: a tag\ntype: project\n---\n\nBody.\n');
    expect(read.data["name"]).toBe("function () { return 1 }");
    expect(read.problem).toBeUndefined();
    expect(warned).not.toHaveBeenCalled();
    expect(logged).not.toHaveBeenCalled();
  });
});
