import { describe, expect, it } from "vitest";
import { readLogBytes } from "../../src/logs/read-daily-log.js";

const read = (text: string) => readLogBytes({ relPath: "2026-04-01.md", date: "2026-04-01" }, new TextEncoder().encode(text));

describe("readLogBytes", () => {
  it("reads the same entries without resolving dates in words, their text left as written", async () => {
    const text = "## Session 1 (09:00–11:30)\nShipped it yesterday; review next Friday.\n\n## [14:00] decision: Use Postgres\nDecided last week.\n";
    const file = { relPath: "2026-04-01.md", date: "2026-04-01" };
    const dated = await readLogBytes(file, new TextEncoder().encode(text));
    const plain = await readLogBytes(file, new TextEncoder().encode(text), { resolveDates: false });
    expect(dated.resolvedDates).toBeGreaterThan(0);
    expect(plain.resolvedDates).toBe(0);
    expect(plain.text).toBe(text);
    const shape = (log: typeof dated) => log.entries.map(({ heading, time, startLine, shape }) => ({ heading, time, startLine, shape }));
    expect(shape(plain)).toEqual(shape(dated));
  });

  it("reads the same entries without redacting, the text as the file holds it, a secret's lines included", async () => {
    const text =
      "## [09:00] Session 1\nexport GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyzABCDEF012345\n\n## Session 2\n-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu\nKUpRKfFLfRYC9AIKjbJTWit+CqvjWYzvQwECAwEAAQ==\n-----END RSA PRIVATE KEY-----\n";
    const file = { relPath: "2026-04-01.md", date: "2026-04-01" };
    const redacted = await readLogBytes(file, new TextEncoder().encode(text));
    const plain = await readLogBytes(file, new TextEncoder().encode(text), { redact: false });
    expect(redacted.redactions).toBeGreaterThan(0);
    expect(plain.redactions).toBe(0);
    expect(plain.text).toBe(text);
    const shape = (log: typeof plain) => log.entries.map(({ heading, time, startLine, endLine, shape }) => ({ heading, time, startLine, endLine, shape }));
    expect(shape(plain)).toEqual(shape(redacted));
  });

  it("warns of a code fence left open when it hides headings, naming its line", async () => {
    const log = await read("## [09:05] research: psql check\n```bash\npsql -c 'select 1'\n\n## [11:20] decision: Use Postgres\nPostgres 16.\n");
    expect(log.problems).toEqual([
      {
        source: "2026-04-01.md",
        line: 2,
        ruleId: "unclosed-code-fence",
        message: "a code fence opened here is never closed: the 1 heading(s) after it are read as code, inside one entry",
      },
    ]);
  });

  it("warns of front matter that is not valid YAML, naming the file, and keeps its lines as the log's first entry", async () => {
    const log = await read("---\ntitle: [unclosed\ntags: a\n---\n\n## [09:00] decision: Use Postgres\nPostgres 16.\n");
    expect(log.problems.map((p) => [p.source, p.line, p.ruleId])).toEqual([["2026-04-01.md", 1, "unreadable-frontmatter"]]);
    expect(log.problems[0]!.message).toMatch(/^front matter is not valid YAML \(.* at line 3, column 1\); read as part of the log$/);
    expect(log.entries.map((e) => [e.startLine, e.endLine, e.heading ?? null, e.text])).toEqual([
      [1, 4, null, "---\ntitle: [unclosed\ntags: a\n---"],
      [6, 7, "[09:00] decision: Use Postgres", "## [09:00] decision: Use Postgres\nPostgres 16."],
    ]);
  });

  it("says nothing of front matter where the log opens with a rule: a longer one, or --- over markdown", async () => {
    for (const text of [
      "-----\n## [09:00] decision: Pin Node\nBody.\n\n---\n\n## [10:00] note: After\nMore.\n",
      "----\nDaily log\n---\n",
      "---\n## [11:20] decision: Use Postgres\n**Decision:** Postgres 16.\n\n---\n## [16:45] lesson: Run migrations first\nAlways.\n",
      "---\n# 2026-04-01\n- did a thing\n---\n",
    ]) {
      expect((await read(text)).problems, text).toEqual([]);
    }
    // Fields that are not data, or another language, are still front matter gone wrong.
    expect((await read("---toml\ntitle = 'Day'\n---\n## [09:00] note: x\n")).problems.map((p) => p.ruleId)).toEqual(["unreadable-frontmatter"]);
    expect((await read("---\ntitle: Day\n- not: [a field\n---\n")).problems.map((p) => p.ruleId)).toEqual(["unreadable-frontmatter"]);
  });

  it("reads a heading after a byte order mark inside the file, as logs joined with cat leave one", async () => {
    const log = await read(
      "# 2026-04-01\n## [09:00] decision: First\nOne.\n\uFEFF# 2026-04-02\n## [09:00] decision: Second\nTwo.\n\u200B## [10:00] note: Pasted\nThree.\n",
    );
    expect(log.entries.map((e) => [e.startLine, e.date, e.heading])).toEqual([
      [1, "2026-04-01", "2026-04-01"],
      [2, "2026-04-01", "[09:00] decision: First"],
      [4, "2026-04-02", "2026-04-02"],
      [5, "2026-04-02", "[09:00] decision: Second"],
      [7, "2026-04-02", "[10:00] note: Pasted"],
    ]);
  });

  it("says nothing of fences closed, longer closing fences, inline code, or a fence open at the end that hides no heading", async () => {
    for (const text of [
      "## a\n```\n# not a heading\n```\n## b\n",
      "## a\n~~~~\n```\n# code\n~~~~~\n## b\n",
      "## a\n```js const x = 1```\n## b\n",
      "## a\n```\ncode to the end\n",
    ]) {
      expect((await read(text)).problems, text).toEqual([]);
    }
  });
});
