import type { LogEntry } from "../../logs/log-types.js";
import { releaseMemory } from "../../model/release-memory.js";
import type { MemoryType } from "../../parse/memory-candidate.js";
import { type ClassifiedUnit, classifyUnit, memoryTypeOf } from "./classify-unit.js";
import { findRepeats, type Repetition, repetitionKey } from "./find-repeats.js";
import { groupUnits, statement, type Unit, type UnitPart } from "./group-units.js";
import { type ExistingMemories, restatesExisting } from "./match-existing.js";
import { scoreUnit } from "./score-unit.js";
import { statementTerms } from "./statement-terms.js";

/** A unit with its salience: what the summary and the memories are chosen from. */
export interface ScoredUnit extends ClassifiedUnit {
  score: number;
  terms: ReadonlySet<string>;
  repetition: Repetition;
  memoryType?: MemoryType;
}

// A pattern that keeps coming back is routine, unless it is one of these.
const NEWS_EVEN_IF_REPEATED = new Set(["preference", "correction", "decision", "lesson"]);

/** Reads the week's entries into scored units, in log order. */
export function weighUnits(entries: readonly LogEntry[], existing: ExistingMemories): ScoredUnit[] {
  const classified = dropRepeatedLines(groupUnits(entries)).map(classifyUnit);
  releaseMemory();
  const texts = classified.map((unit) => unit.content.map(statement).join("\n"));
  const terms = texts.map((text) => statementTerms(text));
  const repetitions = findRepeats(
    texts.map((text, i) => (classified[i]!.category === "routine" ? "" : repetitionKey(text))),
    terms,
  );
  return classified.map((unit, i) => {
    const repetition = repetitions[i]!;
    const routine = repetition === "repeat" || (repetition === "pattern" && !NEWS_EVEN_IF_REPEATED.has(unit.category));
    const category = routine ? "routine" : unit.category;
    const weighed: ScoredUnit = { ...unit, category, terms: terms[i]!, repetition, score: 0 };
    weighed.score = scoreUnit(weighed, terms[i]!.size, restatesExisting(terms[i]!, existing));
    const type = category === "routine" ? undefined : memoryTypeOf(weighed);
    if (type) weighed.memoryType = type;
    return weighed;
  });
}

// A line said before in the week (a heartbeat status, a reply logged twice) is dropped where it comes again.
function dropRepeatedLines(units: Unit[]): Unit[] {
  const parts: { unit: number; part: UnitPart }[] = [];
  units.forEach((unit, i) => {
    for (const part of unit.parts) if (part.shape !== "code" && part.shape !== "table") parts.push({ unit: i, part });
  });
  const texts = parts.map(({ part }) => statement(part));
  const terms = texts.map((text) => statementTerms(text));
  const repeats = findRepeats(
    texts.map((text, i) => (terms[i]!.size >= 3 ? repetitionKey(text) : "")),
    terms,
    "containment",
  );
  const dropped = new Set<UnitPart>();
  repeats.forEach((repetition, i) => {
    if (repetition === "repeat" && terms[i]!.size >= 3) dropped.add(parts[i]!.part);
  });
  if (dropped.size === 0) return units;
  return units.map((unit) => (unit.parts.some((part) => dropped.has(part)) ? { ...unit, parts: unit.parts.filter((part) => !dropped.has(part)) } : unit));
}
