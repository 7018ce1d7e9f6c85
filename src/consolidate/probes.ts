import { PlanRefusedError } from "../errors/plan-refused-error.js";
import type { Memory } from "../memory/memory.js";
import type { MemoryDir } from "../store/memory-dir.js";
import { decodeText } from "../text/decode-text.js";

/** A recall probe: a question, and a phrase its answer must contain. */
export interface Probe {
  line: number;
  question: string;
  phrase: string;
}

export const PROBES_FILE = "probes.md";

// `- What database does sync use? => Postgres` (also → or |)
const PROBE_LINE = /^\s*(?:[-*]\s+)?(.+?)\s*(?:=>|→|\|)\s*(.+?)\s*$/;

/** Reads `probes.md`; no file means no probes. A line that is not a probe is an error naming it. */
export async function readProbes(dir: MemoryDir): Promise<Probe[]> {
  const exists = (await dir.list([PROBES_FILE])).files.length > 0;
  if (!exists) return [];
  const read = await dir.readInput(PROBES_FILE);
  if ("skipped" in read) return [];
  const probes: Probe[] = [];
  decodeText(read.bytes, PROBES_FILE)
    .text.split("\n")
    .forEach((raw, i) => {
      if (raw.trim() === "" || raw.trim().startsWith("#")) return;
      const match = PROBE_LINE.exec(raw);
      if (!match) throw new PlanRefusedError(`${PROBES_FILE}:${i + 1}: not a probe (expected "question => phrase")`);
      probes.push({ line: i + 1, question: match[1]!, phrase: match[2]! });
    });
  return probes;
}

/** The text of a memory a probe's phrase is looked for in: its name, description and body. */
export type ProbedMemory = Pick<Memory, "name" | "description" | "body">;

/**
 * Refuses a plan after which a probe answered before is answered no more. Without probes it reads nothing: its texts
 * (every memory's, twice) were a tenth of a long history's final pass's peak.
 */
export function checkRecall(probes: Probe[], before: Iterable<ProbedMemory>, after: Iterable<ProbedMemory>): void {
  if (probes.length === 0) return;
  const missingBefore = new Set(missingProbes(probes, before));
  const lost = missingProbes(probes, after).filter((probe) => !missingBefore.has(probe));
  if (lost.length > 0) {
    const probe = lost[0]!;
    throw new PlanRefusedError(
      `plan refused by the recall gate: probes.md:${probe.line} "${probe.question}" would no longer find "${probe.phrase}"; nothing changed`,
    );
  }
}

/** The probes whose phrase appears in no memory, case aside; one memory's text at a time, not all of them joined. */
export function missingProbes(probes: Probe[], memories: Iterable<ProbedMemory>): Probe[] {
  let missing = probes.map((probe) => ({ probe, phrase: probe.phrase.toLowerCase() }));
  for (const memory of memories) {
    if (missing.length === 0) break;
    const text = `${memory.name}\n${memory.description}\n${memory.body}`.toLowerCase();
    missing = missing.filter(({ phrase }) => !text.includes(phrase));
  }
  return missing.map(({ probe }) => probe);
}
