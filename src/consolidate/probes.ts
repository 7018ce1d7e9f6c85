import { readFile } from "node:fs/promises";
import path from "node:path";
import { PlanRefusedError } from "./validate-plan.js";

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
export async function readProbes(dir: string): Promise<Probe[]> {
  const file = path.join(dir, PROBES_FILE);
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return "";
    throw error;
  });
  const probes: Probe[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === "" || raw.trim().startsWith("#")) return;
    const match = PROBE_LINE.exec(raw);
    if (!match) throw new PlanRefusedError(`${file}:${i + 1}: not a probe (expected "question => phrase")`);
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
    throw new PlanRefusedError(`plan refused by the recall gate: probes.md:${probe.line} "${probe.question}" would no longer find "${probe.phrase}"; nothing changed`);
  }
}
