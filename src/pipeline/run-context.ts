import type { ModelPrice } from "../config/config-schema.js";
import type { Settings } from "../config/settings.js";
import type { FindLogsOptions } from "../logs/find-daily-logs.js";
import type { MemoryModel } from "../model/memory-model.js";
import type { Problem } from "../problems/problem.js";
import type { CompactionPrompts, ConsolidationPrompts } from "../prompt/load-prompts.js";
import type { MemoryDir } from "../store/memory-dir.js";

/** Progress of a long run, for a progress bar or a log line. */
export interface ProgressEvent {
  kind: "period";
  done: number;
  total: number;
  /** One line saying what was just done. */
  text: string;
}

/** What every use case works with: the memory dir, the settings, a clock, the model. */
export interface RunContext {
  dir: MemoryDir;
  settings: Settings;
  /** Log globs relative to the memory dir. */
  logs: FindLogsOptions;
  now: () => Date;
  signal: AbortSignal | undefined;
  /** The configured model, built on first use (a missing key is an error then). */
  model: () => Promise<MemoryModel>;
  /** A model object (or a factory) was given instead of a provider name: the settings' provider does not say what it is. */
  customModel?: boolean;
  /** The model as a dry run uses it: `model`, or without a key one that names it and never calls it. */
  previewModel?: () => Promise<MemoryModel>;
  prompts: () => Promise<CompactionPrompts>;
  /** The consolidation prompts, read when a consolidation asks the model. */
  consolidationPrompts: () => Promise<ConsolidationPrompts>;
  price: (modelId: string) => ModelPrice | undefined;
  onProgress: ((event: ProgressEvent) => void) | undefined;
  /** Problems found while opening (unknown config keys, a model setting ignored). */
  notices: Problem[];
  /** Environment for keys and endpoints (embeddings read `OPENAI_API_KEY`, `OPENAI_BASE_URL`); `process.env` when absent. */
  env?: Record<string, string | undefined>;
}
