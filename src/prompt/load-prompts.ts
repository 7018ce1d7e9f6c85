import path from "node:path";
import { packageFile } from "../config/package-files.js";
import { ConfigError } from "../errors/config-error.js";
import { InputError } from "../errors/input-error.js";
import { readPromptFile } from "./read-prompt-file.js";

/** The two texts of the seed 002 compaction call. */
export interface CompactionPrompts {
  /** Sent as the system prompt. */
  system: string;
  /** The user message template, with `{daily_logs}` and `{week_label}` placeholders. */
  userTemplate: string;
}

/** The prompts shipped with the package. */
export const BUILT_IN_PROMPTS_DIR = `${packageFile("prompts")}${path.sep}`;

export const SYSTEM_PROMPT_FILE = "compact-system.md";
export const USER_TEMPLATE_FILE = "compact-user.md";

/**
 * Reads the compaction prompts from a directory (default: the package's own `prompts/`);
 * `foundConfig`, the config compact found on its own that named it, keeps each read inside its folder.
 */
export async function loadCompactionPrompts(dir: string = BUILT_IN_PROMPTS_DIR, foundConfig?: string): Promise<CompactionPrompts> {
  const read = (name: string) =>
    readPromptFile(dir, name, foundConfig).catch((error: unknown) => {
      // A found config's prompt that leads outside its folder is refused as the config is (exit 2).
      if (error instanceof ConfigError) throw error;
      throw new InputError(path.join(dir, name), "cannot read prompt file", { cause: error });
    });
  const [system, userTemplate] = await Promise.all([read(SYSTEM_PROMPT_FILE), read(USER_TEMPLATE_FILE)]);
  for (const placeholder of ["{daily_logs}", "{week_label}"]) {
    if (!userTemplate.includes(placeholder)) {
      throw new InputError(path.join(dir, USER_TEMPLATE_FILE), `the template has no ${placeholder} placeholder`);
    }
  }
  return { system: system.trimEnd(), userTemplate };
}

/** The two texts of the consolidation (dream) call. */
export interface ConsolidationPrompts {
  /** Sent as the system prompt, trimmed. */
  system: string;
  /** The user message template, with a `{groups}` placeholder. */
  template: string;
}

/**
 * Reads the consolidation prompts from a directory: your prompts dir may hold only the
 * compaction prompts, so a consolidation prompt it cannot give is the built-in one. One a found
 * config's folder refuses (a link leading outside it) is an error, not replaced.
 */
export async function loadConsolidationPrompts(dir: string = BUILT_IN_PROMPTS_DIR, foundConfig?: string): Promise<ConsolidationPrompts> {
  const read = (name: string) =>
    readPromptFile(dir, name, foundConfig).catch((error: unknown) => {
      if (error instanceof ConfigError) throw error;
      return readPromptFile(BUILT_IN_PROMPTS_DIR, name);
    });
  const [system, template] = await Promise.all([read("consolidate-system.md"), read("consolidate-user.md")]);
  return { system, template };
}
