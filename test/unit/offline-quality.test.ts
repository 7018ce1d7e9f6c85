import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { Compactor } from "../../src/pipeline/compactor.js";
import { copyOf, fixture } from "../helpers/temp-dir.js";

interface Labels {
  week: string;
  routine: string[];
  resolvedDates: string[];
  [section: string]: string[] | string;
}

const SECTIONS = ["Key Decisions", "Outcomes", "Blockers & Open Items"] as const;

function sectionsOf(body: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const part of body.split(/^### /m).slice(1)) {
    const [title, ...rest] = part.split("\n");
    sections.set(title!.trim(), rest.join("\n"));
  }
  return sections;
}

describe("offline model on a labelled week", async () => {
  const labels = JSON.parse(await readFile(fixture("labelled-week/labels.json"), "utf8")) as Labels;
  const dir = await copyOf(fixture("labelled-week/logs"));
  const result = (await (await Compactor.open({ dir, env: {} })).compactDaily(labels.week))!;
  const sections = sectionsOf(result.summary.body);

  it.each(SECTIONS.flatMap((section) => (labels[section] as string[]).map((phrase) => [section, phrase] as const)))(
    "puts %s item '%s' in that section and no other",
    (section, phrase) => {
      expect(sections.get(section)?.toLowerCase()).toContain(phrase.toLowerCase());
      for (const other of SECTIONS.filter((s) => s !== section)) {
        expect(sections.get(other)?.toLowerCase()).not.toContain(phrase.toLowerCase());
      }
    },
  );

  it.each(labels.routine)("drops routine line '%s'", (phrase) => {
    expect(result.summary.body.toLowerCase()).not.toContain(phrase.toLowerCase());
  });

  it("writes the four sections of seed 002 under the week heading", () => {
    expect(result.summary.body.startsWith(`## ${labels.week}\n`)).toBe(true);
    expect([...sections.keys()]).toEqual(["Key Decisions", "Outcomes", "Blockers & Open Items", "Context"]);
  });

  it("compresses a week where nearly every line matters without dropping any of it", () => {
    // 9 of this week's 15 items are labelled decisions, outcomes or blockers: the floor is high.
    const ratio = result.summaryChars / result.inputChars;
    expect(ratio).toBeGreaterThan(0.15);
    expect(ratio).toBeLessThan(0.65);
  });

  it("dates every bullet", () => {
    const bullets = result.summary.body.split("\n").filter((line) => line.startsWith("- ") && line !== "- None recorded.");
    expect(bullets.length).toBeGreaterThan(0);
    for (const bullet of bullets) expect(bullet).toMatch(/^- 2026-03-0\d: /);
  });

  it("extracts decisions as project memories and the lesson as feedback with Why and How to apply", () => {
    const projects = result.memories.filter((m) => m.type === "project");
    expect(projects.map((m) => m.body).join("\n")).toContain("pnpm");
    const feedback = result.memories.find((m) => m.type === "feedback");
    expect(feedback?.body).toContain("never run the index rebuild during business hours");
    expect(feedback?.body).toMatch(/\*\*Why:\*\* .*doubles the database load/);
    expect(feedback?.body).toContain("**How to apply:**");
    for (const memory of result.memories) expect(memory.sources.length).toBeGreaterThan(0);
  });

  it("resolves relative dates against their entry's date", () => {
    const logsSent = result.memories.map((m) => m.body).join("\n") + result.summary.body;
    expect(logsSent).toContain(labels.resolvedDates[0]);
  });
});

describe("offline model on memory.example (a realistic week)", () => {
  it("keeps the summary around 30% of the input", async () => {
    const dir = await copyOf(fixture("../../memory.example"));
    const result = (await (await Compactor.open({ dir, env: {} })).compactDaily("2026-W14"))!;
    const ratio = result.summaryChars / result.inputChars;
    expect(ratio).toBeGreaterThan(0.2);
    expect(ratio).toBeLessThan(0.4);
  });
});
