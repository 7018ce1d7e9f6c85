import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { InputError } from "../errors/input-error.js";
import type { Problem } from "../problems/problem.js";
import { decodeLog } from "./decode-log.js";
import type { LogEntry, LogFile } from "./log-types.js";
import { redactSecrets } from "./redact-secrets.js";
import { resolveRelativeDates } from "./resolve-relative-dates.js";
import { splitEntries } from "./split-entries.js";

/** A daily log read, redacted, split into entries and given absolute dates. */
export interface DailyLog {
  file: LogFile;
  /** sha256 of the file's bytes as found, to notice later edits. */
  sha256: string;
  /** The text as it may leave for a model: secrets redacted, relative dates resolved. */
  text: string;
  entries: LogEntry[];
  /** Secrets replaced in this file. */
  redactions: number;
  redactionKinds: string[];
  /** Relative dates given an absolute date. */
  resolvedDates: number;
  problems: Problem[];
}

/** Reads one log. Only an unreadable file throws; odd content becomes problems. */
export async function readDailyLog(file: LogFile): Promise<DailyLog> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file.path);
  } catch (error) {
    throw new InputError(file.relPath, `cannot read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, { cause: error });
  }
  const decoded = decodeLog(bytes, file.relPath);
  const redacted = await redactSecrets(decoded.text);
  const entries = splitEntries(redacted.text, file.relPath, file.date);

  const lines = redacted.text.split("\n");
  let resolvedDates = 0;
  for (const entry of entries) {
    const resolved = resolveRelativeDates(entry.text, entry.date);
    if (resolved.count === 0) continue;
    resolvedDates += resolved.count;
    entry.text = resolved.text;
    lines.splice(entry.startLine - 1, entry.endLine - entry.startLine + 1, ...resolved.text.split("\n"));
  }
  return {
    file,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    text: lines.join("\n"),
    entries,
    redactions: redacted.count,
    redactionKinds: redacted.kinds,
    resolvedDates,
    problems: decoded.problems,
  };
}
