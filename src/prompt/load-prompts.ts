import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "../errors/input-error.js";

/** The two texts of the seed 002 compaction call. */
export interface CompactionPrompts {
  /** Sent as the system prompt. */
  system: string;
  /** The user message template, with `{daily_logs}` and `{week_label}` placeholders. */
  userTemplate: string;
}

/** The prompts shipped with the package. */
export const BUILT_IN_PROMPTS_DIR = fileURLToPath(new URL("../../prompts/", import.meta.url));

export const SYSTEM_PROMPT_FILE = "compact-system.md";
export const USER_TEMPLATE_FILE = "compact-user.md";

/** Reads the compaction prompts from a directory (default: the package's own `prompts/`). */
export async function loadCompactionPrompts(dir: string = BUILT_IN_PROMPTS_DIR): Promise<CompactionPrompts> {
  const [system, userTemplate] = await Promise.all([readPromptFile(path.join(dir, SYSTEM_PROMPT_FILE)), readPromptFile(path.join(dir, USER_TEMPLATE_FILE))]);
  for (const placeholder of ["{daily_logs}", "{week_label}"]) {
    if (!userTemplate.includes(placeholder)) {
      throw new InputError(path.join(dir, USER_TEMPLATE_FILE), `the template has no ${placeholder} placeholder`);
    }
  }
  return { system: system.trimEnd(), userTemplate };
}

async function readPromptFile(file: string): Promise<string> {
  try {
    return (await readFile(file, "utf8")).replace(/\r\n?/g, "\n");
  } catch (error) {
    throw new InputError(file, "cannot read prompt file", { cause: error });
  }
}
