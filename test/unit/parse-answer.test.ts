import { describe, expect, it } from "vitest";
import { parseAnswer } from "../../src/parse/parse-answer.js";

const SUMMARY =
  "---\ntype: weekly\n---\n\n## 2026-W14\n\n### Key Decisions\n- 2026-03-30: Postgres.\n\n### Outcomes\n- shipped\n\n### Blockers & Open Items\n- none\n\n### Context\n- quiet week\n";
const block = (front: string, body = "Some content.", fence = "```") => `${fence}typed_memory\n---\n${front}\n---\n\n${body}\n${fence}\n`;
const VALID = "name: Use Postgres\ndescription: Sync service database\ntype: project";

describe("parseAnswer", () => {
  it("splits a clean answer into summary and candidates", () => {
    const parsed = parseAnswer(`${SUMMARY}\n${block(VALID)}`);
    expect(parsed.summary).toEqual({ heading: "2026-W14", body: SUMMARY.slice(SUMMARY.indexOf("## 2026-W14")) });
    expect(parsed.candidates).toEqual([
      { memory: expect.objectContaining({ name: "Use Postgres", description: "Sync service database", type: "project", body: "Some content." }), block: 1 },
    ]);
    expect(parsed.problems).toEqual([]);
  });

  it("skips a last block left open by an answer cut at the output limit, and reads one a complete answer left open", () => {
    const cutShort = `${SUMMARY}\n${block(VALID)}\n\`\`\`typed_memory\n---\nname: Cut\ndescription: cut short\ntype: project\n---\n\nThe sync service uses Postgres 16 and the passw`;
    const cut = parseAnswer(cutShort, { cut: true });
    expect(cut.candidates.map((c) => c.memory.name)).toEqual(["Use Postgres"]);
    expect(cut.problems).toEqual([
      {
        source: "answer block 2",
        ruleId: "invalid-memory",
        message: "the answer stopped at the output limit inside this block (model.maxTokens); block skipped",
      },
    ]);
    const whole = parseAnswer(cutShort);
    expect(whole.candidates.map((c) => c.memory.name)).toEqual(["Use Postgres", "Cut"]);
  });

  it("reads a name that was only a secret as its redaction's marker, not as a YAML list", () => {
    const parsed = parseAnswer(`${SUMMARY}\n${block("name: [REDACTED:anthropic-key]\ndescription: [REDACTED:openai-key]\ntype: reference")}`);
    expect(parsed.problems).toEqual([]);
    expect(parsed.candidates.map((c) => [c.memory.name, c.memory.description])).toEqual([["[REDACTED:anthropic-key]", "[REDACTED:openai-key]"]]);
    // A list the model wrote is still no name.
    expect(parseAnswer(`${SUMMARY}\n${block("name: [a, b]\ndescription: d\ntype: reference")}`).problems[0]?.message).toMatch(/name is a YAML list or mapping/);
  });

  it("drops chatter before the frontmatter and after the last section, and normalises CRLF", () => {
    const answer = `Sure! Here is the summary you asked for.\n\n${SUMMARY}\nLet me know if you need anything else!\n\n${block(VALID)}\nHope this helps.`;
    const parsed = parseAnswer(answer.replace(/\n/g, "\r\n"));
    expect(parsed.summary?.body).toBe(SUMMARY.slice(SUMMARY.indexOf("## 2026-W14")));
    expect(parsed.candidates).toHaveLength(1);
  });

  it("reports invalid blocks with their number and reason, and keeps the valid ones", () => {
    const answer = [
      SUMMARY,
      block("name: A\ndescription: d\ntype: opinion"),
      block("description: d\ntype: user"),
      block("name: B\ndescription: \ntype: user"),
      block(VALID),
      "```typed_memory\nno frontmatter at all\n```\n",
    ].join("\n");
    const parsed = parseAnswer(answer);
    expect(parsed.candidates.map((c) => [c.block, c.memory.name])).toEqual([[4, "Use Postgres"]]);
    expect(parsed.problems.map((p) => `${p.source}: ${p.message}`)).toEqual([
      "answer block 1: type 'opinion' is not one of user, feedback, project, reference; block skipped",
      "answer block 2: name is missing; block skipped",
      "answer block 3: description is empty; block skipped",
      "answer block 5: no frontmatter (expected --- name / description / type ---); block skipped",
    ]);
  });

  it("refuses a name, description or type that is a YAML list or mapping, never writing it as text", () => {
    const answer = [
      SUMMARY,
      block("name: {x: 1}\ndescription: d\ntype: project"),
      block("name: [Use, Postgres]\ndescription: d\ntype: project"),
      block("name: A\ndescription: {summary: d}\ntype: [project]"),
      block("name: 2026\ndescription: d\ntype: project"),
    ].join("\n");
    const parsed = parseAnswer(answer);
    expect(parsed.candidates.map((c) => [c.block, c.memory.name])).toEqual([[4, "2026"]]);
    expect(parsed.problems.map((p) => `${p.source}: ${p.message}`)).toEqual([
      "answer block 1: name is a YAML list or mapping, not text; block skipped",
      "answer block 2: name is a YAML list or mapping, not text; block skipped",
      "answer block 3: description is a YAML list or mapping, not text; type is a YAML list or mapping, not text, one of user, feedback, project, reference; block skipped",
    ]);
  });

  it("reads NONE as no candidates", () => {
    const parsed = parseAnswer(`${SUMMARY}\nNONE\n`);
    expect(parsed).toMatchObject({ none: true, candidates: [], problems: [] });
    expect(parsed.summary?.body).not.toContain("NONE");
  });

  it("keeps a nested code block whole inside ```` and inside ``` fences", () => {
    const nested = "Run this:\n\n```bash\nnpm test\n```\n\nThen deploy.";
    for (const fence of ["````", "```"]) {
      const parsed = parseAnswer(`${SUMMARY}\n${block(VALID, nested, fence)}\n${block("name: Second\ndescription: d\ntype: reference")}`);
      expect(parsed.candidates.map((c) => c.memory.body)).toEqual([nested, "Some content."]);
    }
  });

  it("accepts a type in capitals and a description with a colon", () => {
    const parsed = parseAnswer(`${SUMMARY}\n${block("name: X\ndescription: Deploy: use ECS\ntype: Project")}`);
    expect(parsed.candidates[0]?.memory).toMatchObject({ type: "project", description: "Deploy: use ECS" });
  });

  it("says what is missing when there is no summary in the format", () => {
    expect(parseAnswer("I could not do this.").summaryProblem).toBe("no '## <week>' heading for the weekly summary");
    expect(parseAnswer("## 2026-W14\nJust prose.").summaryProblem).toContain("no '### ' sections");
  });
});
