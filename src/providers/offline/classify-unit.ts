import type { MemoryType } from "../../parse/memory-candidate.js";
import type { CueKind } from "./cues/cue-table.js";
import { cuesIn } from "./cues/find-cues.js";
import { headingKind, isGenericTitle } from "./cues/match-cues.js";
import { statement, type Unit, type UnitPart } from "./group-units.js";
import { substantive, withoutAsides } from "./set-aside-routine.js";

/** Where a unit goes: a summary section and perhaps a memory, or nowhere. */
export type Category = "decision" | "outcome" | "blocker" | "lesson" | "correction" | "preference" | "reference" | "context" | "routine";

/** A unit with what the offline model made of it. */
export interface ClassifiedUnit extends Unit {
  category: Category;
  /** Cue kinds found in its statements. */
  cues: Set<CueKind>;
  /** The statements worth repeating: no bookkeeping fields, footers or routine lines. */
  content: UnitPart[];
  /** The category came from a type word, a heading or a label, not only from the words. */
  marked: boolean;
}

const KIND_CATEGORY: Record<string, Category> = Object.assign(Object.create(null), {
  decision: "decision",
  implementation: "outcome",
  fix: "outcome",
  milestone: "outcome",
  outcome: "outcome",
  blocker: "blocker",
  issue: "blocker",
  bug: "blocker",
  question: "blocker",
  todo: "blocker",
  task: "blocker",
  lesson: "lesson",
  insight: "lesson",
  learning: "lesson",
  correction: "correction",
  feedback: "correction",
  preference: "preference",
  reference: "reference",
  research: "context",
  idea: "context",
  note: "context",
});

/** The memory type a category is written as, if any. */
export const MEMORY_TYPE_OF: Partial<Record<Category, MemoryType>> = {
  preference: "user",
  correction: "feedback",
  lesson: "feedback",
  decision: "project",
  reference: "reference",
};

/**
 * Decides what a unit is: by its seed 004 type word, then by the words of a
 * person's preference or correction, then by its heading or field label,
 * then by its own words. Routine lines are set aside first; a unit with
 * nothing else is routine.
 */
export function classifyUnit(unit: Unit): ClassifiedUnit {
  const titleKind = headingKind(unit.section.title);
  const content = substantive(unit.parts, titleKind === "routine");
  const text = [unit.whole ? unit.section.title : "", ...content.filter((p) => p.shape !== "code" && p.shape !== "table").map(statement)].join("\n");
  const cues = cuesIn(withoutAsides(text));
  const base = { ...unit, cues, content };
  if (content.length === 0 || content.every((part) => part.shape === "rule")) return { ...base, category: "routine", marked: false };

  if (unit.kind && KIND_CATEGORY[unit.kind]) return { ...base, category: KIND_CATEGORY[unit.kind]!, marked: true };
  // `Research: …`, `Fix: …`: a seed 004 type word as a field label says the same.
  const labelWord = content[0]?.label?.toLowerCase();
  if (labelWord && KIND_CATEGORY[labelWord]) return { ...base, category: KIND_CATEGORY[labelWord]!, marked: true };
  if (cues.has("preference") && !cues.has("mistake")) return { ...base, category: "preference", marked: false };
  if (cues.has("correction") || (cues.has("mistake") && !cues.has("resolved"))) return { ...base, category: "correction", marked: false };

  // A label names the statement's kind only when it is nothing but that (`Decision:`, `Next steps:`), not `Risk scoring:`.
  const label = content[0]?.label;
  const labelKind = label && isGenericTitle(label) ? headingKind(label) : undefined;
  // "Preferences" names the person's; "Revealed Preferences (study)" names a topic.
  const titleHint = titleKind === "preference" && !isGenericTitle(unit.section.title) ? undefined : titleKind;
  const hint = markedCategory(labelKind) ?? markedCategory(titleHint);
  if (hint) {
    const open = cues.has("blocker") && !cues.has("resolved");
    if ((hint === "outcome" || hint === "reference") && open) return { ...base, category: "blocker", marked: true };
    return { ...base, category: hint, marked: true };
  }
  return { ...base, category: byWords(unit, content, cues), marked: false };
}

/** The memory type of a classified unit, if it is worth one. */
export function memoryTypeOf(unit: ClassifiedUnit): MemoryType | undefined {
  const type = MEMORY_TYPE_OF[unit.category];
  if (type) return type;
  const titleKind = headingKind(unit.section.title);
  // A link, a path or a command is a reference when the log says where something is kept, not just what was changed.
  if (
    (unit.category === "outcome" || unit.category === "context") &&
    (hasUrl(unit) || (pointsSomewhere(unit) && (unit.cues.has("reference") || titleKind === "reference")))
  ) {
    return "reference";
  }
  // How things are set up (architecture, configuration) is durable project knowledge.
  if (titleKind === "state" && unit.category !== "blocker") return "project";
  return undefined;
}

function hasUrl(unit: Unit): boolean {
  // A local address (a dev server, a port check) is not somewhere to look things up.
  return unit.parts.some((part) => /https?:\/\/(?!(?:localhost|127\.0\.0\.1|0\.0\.0\.0)\b)\S/.test(part.text));
}

/** Holds a link, a path, a command or an address. */
export function pointsSomewhere(unit: Unit): boolean {
  return unit.parts.some(
    (part) =>
      part.shape === "code" ||
      /https?:\/\/|`[^`/.]*[/.][^`]*`|(?:^|\s)~?\/[\w.-]+\/|(?<![\w-])-*\w[\w-]*\.(?:md|py|ts|js|json|ya?ml|sh|sql|toml)\b/.test(part.text),
  );
}

// Every statement votes for what its words say; the title and the lead count twice, sub-bullets half.
function byWords(unit: Unit, content: UnitPart[], cues: Set<CueKind>): Category {
  const votes = { lesson: 0, decision: 0, blocker: 0, outcome: 0 };
  const vote = (text: string, weight: number) => {
    const found = cuesIn(withoutAsides(text));
    if (found.has("lesson")) votes.lesson += weight;
    if (found.has("decision")) votes.decision += weight;
    if (found.has("blocker") && !found.has("resolved")) votes.blocker += weight;
    if (found.has("outcome") || found.has("resolved")) votes.outcome += weight;
  };
  if (unit.whole) vote(unit.section.title, 2);
  content.forEach((part, i) => {
    if (part.shape !== "code" && part.shape !== "table") vote(statement(part), i === 0 ? 2 : part.depth > 0 ? 0.5 : 1);
  });
  let best: Category = "context";
  let bestVotes = 0;
  // Ties go to the earlier: a lesson or decision outweighs a blocker, a blocker an outcome.
  for (const category of ["lesson", "decision", "blocker", "outcome"] as const) {
    if (votes[category] > bestVotes) {
      best = category;
      bestVotes = votes[category];
    }
  }
  if (bestVotes > 0) return best;
  if (hasUrl(unit) || (cues.has("reference") && pointsSomewhere(unit))) return "reference";
  return "context";
}

function markedCategory(kind: ReturnType<typeof headingKind>): Category | undefined {
  if (!kind || kind === "generic" || kind === "routine" || kind === "state") return undefined;
  return kind;
}
