import type { Category, ClassifiedUnit } from "./classify-unit.js";
import { isEmphasisedWith } from "./cues/find-cues.js";
import { statement } from "./group-units.js";

const BASE: Record<Category, number> = {
  preference: 5,
  correction: 4.5,
  lesson: 4,
  decision: 4,
  blocker: 3,
  outcome: 3,
  reference: 2.5,
  context: 1,
  routine: 0,
};

/**
 * How much a future reader would miss a unit: its category, whether a type
 * word, heading or label marked it, and its specifics (numbers, names,
 * links, paths, code). Fragments score low; restating an existing memory
 * costs it the most.
 */
export function scoreUnit(unit: ClassifiedUnit, termCount: number, restatesMemory: boolean): number {
  if (unit.category === "routine") return 0;
  const statements = unit.content.map(statement);
  const text = statements.join(" ");
  let score = BASE[unit.category];
  if (unit.marked) score += 0.75;
  if (isEmphasisedWith(`${unit.section.title}\n${unit.section.trail.at(-1) ?? ""}`, statements)) score += 0.75;
  score += Math.min(1, 0.25 * count(text, /(?<![\d:-])\d+(?:[.,]\d+)*(?:%|x|×|k|K|M|ms|s|h|min)?(?![\d:-])/g));
  score += Math.min(
    1,
    0.35 * count(text, /https?:\/\/\S+|`[^`]+`|(?<![\w-])-*\w[\w-]*\/[\w./-]+|(?<![\w-])-*\w[\w-]*\.(?:md|py|ts|js|json|ya?ml|sh|sql|toml|jl|R)\b/g),
  );
  score += Math.min(0.6, 0.15 * count(text, /(?<=[\p{Ll}\d,;:]\s)\p{Lu}[\p{L}\d]+/gu));
  if (termCount < 3) score -= 2;
  else if (termCount < 6) score -= 0.7;
  else if (termCount > 25) score += 0.3;
  if (restatesMemory) score -= 2;
  return score;
}

function count(text: string, pattern: RegExp): number {
  let n = 0;
  for (const _ of text.matchAll(pattern)) n++;
  return n;
}
