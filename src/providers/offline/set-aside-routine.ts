import type { CueKind } from "./cues/cue-table.js";
import { hasCue } from "./cues/find-cues.js";
import { headingKind, isMetadataLabel, withoutRoutine } from "./cues/match-cues.js";
import { statement, type UnitPart } from "./group-units.js";

// Cues that outweigh a routine word in the same line: "status check: deploy failed".
const SUBSTANCE: readonly CueKind[] = ["decision", "blocker", "lesson", "correction", "preference", "mistake"];

function isBookkeeping(part: UnitPart): boolean {
  if (part.aside) return true;
  if (part.label && isMetadataLabel(part.label)) return true;
  return part.text.trim() === "" && part.shape !== "code";
}

/**
 * The statements of a unit worth weighing: bookkeeping fields (author,
 * model, time), italic footers and routine lines ("no new messages",
 * "status: stable") set aside. Under a status heading only news is kept.
 */
// A routine lead (`Nothing to report. All of:`) takes the bullets under it along.
export function substantive(parts: UnitPart[], underStatusHeading: boolean): UnitPart[] {
  const kept: UnitPart[] = [];
  let leadIsRoutine = false;
  for (const part of parts) {
    if (part.depth === 0) leadIsRoutine = !isBookkeeping(part) && isRoutine(part, underStatusHeading);
    if (isBookkeeping(part) || leadIsRoutine || (part.depth > 0 && isRoutine(part, underStatusHeading))) continue;
    kept.push(part);
  }
  return kept;
}

// Under a status heading only news is kept; elsewhere only routine phrases with nothing else are dropped.
function isRoutine(part: UnitPart, underStatusHeading: boolean): boolean {
  if (part.shape === "code" || part.shape === "table") return underStatusHeading;
  const line = withoutAsides(statement(part));
  if (hasCue(line, "routine")) {
    const rest = withoutRoutine(line);
    return !SUBSTANCE.some((kind) => hasCue(rest, kind));
  }
  if (SUBSTANCE.some((kind) => hasCue(line, kind))) return false;
  return underStatusHeading || (part.label !== undefined && headingKind(part.label) === "routine");
}

// Words in parentheses are asides (`PATTERNS.md (habits and preferences)`): they do not decide what a line is.
export function withoutAsides(text: string): string {
  return text.replace(/\([^()]*\)|（[^（）]*）/gu, " ");
}
