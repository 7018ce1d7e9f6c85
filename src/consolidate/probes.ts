import { PlanRefusedError } from "../errors/plan-refused-error.js";
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

/** The probes whose phrase appears in none of the texts. */
export function missingProbes(probes: Probe[], texts: string[]): Probe[] {
  const haystack = texts.join("\n").toLowerCase();
  return probes.filter((probe) => !haystack.includes(probe.phrase.toLowerCase()));
}

/** Refuses a plan after which a probe answered before is answered no more. */
export function checkRecall(probes: Probe[], before: string[], after: string[]): void {
  const missingBefore = new Set(missingProbes(probes, before));
  const lost = missingProbes(probes, after).filter((probe) => !missingBefore.has(probe));
  if (lost.length > 0) {
    const probe = lost[0]!;
    throw new PlanRefusedError(
      `plan refused by the recall gate: probes.md:${probe.line} "${probe.question}" would no longer find "${probe.phrase}"; nothing changed`,
    );
  }
}
