import type { Category } from "./classify-unit.js";
import type { Chosen } from "./select-for-budget.js";

const SECTION_TITLES = ["Key Decisions", "Outcomes", "Blockers & Open Items", "Context"] as const;
const SECTION_OF: Record<Category, number> = {
  decision: 0,
  outcome: 1,
  blocker: 2,
  lesson: 3,
  correction: 3,
  preference: 3,
  reference: 3,
  context: 3,
  routine: 3,
};

/** The weekly summary in seed 002's format: four sections, bullets in date order within each. */
export function writeSummary(weekLabel: string, chosen: readonly Chosen[]): string {
  const sections: Chosen[][] = SECTION_TITLES.map(() => []);
  for (const item of chosen) sections[SECTION_OF[item.unit.category]]!.push(item);
  const text = SECTION_TITLES.map((title, i) => {
    const items = sections[i]!.sort((a, b) => (a.unit.date < b.unit.date ? -1 : a.unit.date > b.unit.date ? 1 : a.unit.order - b.unit.order));
    const lines = items.length > 0 ? items.map((item) => item.bullet) : ["- None recorded."];
    return `### ${title}\n${lines.join("\n")}\n`;
  });
  return `---\ntype: weekly\n---\n\n## ${weekLabel}\n\n${text.join("\n")}`;
}
