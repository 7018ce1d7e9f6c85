import { readFile, stat } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";

/** Where a scheduled run reads its API keys from by default: `$XDG_CONFIG_HOME/memory-compactor/env`. */
export function defaultEnvFile(env: Record<string, string | undefined>): string {
  const config = env["XDG_CONFIG_HOME"] || path.join(env["HOME"] || homedir(), ".config");
  return path.join(config, "memory-compactor", "env");
}

/** What an env file holds, as far as a schedule cares: which variables it sets, and whether others can read it. */
export interface EnvFileState {
  exists: boolean;
  /** Variables set to a non-empty value (`KEY=value` or `export KEY=value`). */
  sets: Set<string>;
  /** Group or others may read it. */
  readableByOthers: boolean;
}

export async function readEnvFile(file: string): Promise<EnvFileState> {
  const text = await readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) return { exists: false, sets: new Set(), readableByOthers: false };
  const sets = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match && match[2]!.replace(/^["']|["']$/g, "").trim() !== "") sets.add(match[1]!);
  }
  const mode = (await stat(file)).mode;
  return { exists: true, sets, readableByOthers: (mode & 0o077) !== 0 };
}
