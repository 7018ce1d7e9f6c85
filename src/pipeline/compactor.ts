import path from "node:path";
import type { CompactConfig } from "../config/config-schema.js";
import type { ConfigOrigin } from "../config/config-trust.js";
import { type LoadedConfig, loadConfig, validate } from "../config/load-config.js";
import { resolveSettings, type SettingSources, type Settings } from "../config/settings.js";
import { MissingKeyError } from "../errors/missing-key-error.js";
import { UsageError } from "../errors/usage-error.js";
import type { MemoryModel } from "../model/memory-model.js";
import { priceOf } from "../model/prices.js";
import { parseWeek } from "../period/period.js";
import type { Problem } from "../problems/problem.js";
import { type CompactionPrompts, loadCompactionPrompts, loadConsolidationPrompts } from "../prompt/load-prompts.js";
import { createModel } from "../providers/create-model.js";
import { MemoryDir } from "../store/memory-dir.js";
import type { BatchAutoResult } from "./batch-result.js";
import type { CompactWeekResult } from "./compact-week.js";
import type { CompactionResult } from "./compaction-result.js";
import type { ConsolidateOptions, ConsolidateResult } from "./consolidate.js";
import type { AutoOptions, AutoResult } from "./run-auto.js";
import type { BatchOptions } from "./run-batch.js";
import type { ProgressEvent, RunContext } from "./run-context.js";
import type { SearchOptions, SearchResult } from "./search.js";
import type { StatusResult } from "./status.js";
import type { RunListResult, UndoResult } from "./undo.js";

/** How to open a memory dir. Everything is optional: the offline model and `./memory` by default. */
export interface CompactorOptions {
  /** The memory directory (default: `COMPACT_DIR`, `dir` in the config, else `./memory`). */
  dir?: string;
  /** A config file to read, or the config itself; omitted, one is looked for in the memory dir and upward from `cwd`. */
  config?: string | CompactConfig;
  /** `offline` (default), `anthropic`, `openai`, `ollama` or `replay`. */
  provider?: string;
  /** A model to call, or the name of the provider's model to ask for. */
  model?: MemoryModel | string;
  /** Builds the model from the resolved provider and model name, instead of the built-in registry. */
  createModel?: (provider: string, name: string | undefined) => MemoryModel;
  /** Answer from the cassettes in this directory (the `replay` provider). */
  replayDir?: string;
  /** Save every model exchange as a cassette in this directory. */
  recordDir?: string;
  /** Where relative paths start (default: the process's working directory). */
  cwd?: string;
  /** Environment for keys and overrides (default: `process.env`); given, the provider SDKs read nothing from `process.env` (base URL, custom headers, organization). */
  env?: Record<string, string | undefined>;
  /** Source of the current time, for reproducible output. */
  clock?: () => Date;
  /**
   * Interrupts a run with E_ABORTED: a run stopped before it commits changes
   * nothing. A backfill (`runAuto`) keeps the weeks it had already planned and
   * commits them before it stops; the error's `written` names them.
   */
  signal?: AbortSignal;
  /** Called after each period of a long run. */
  onProgress?: (event: ProgressEvent) => void;
  /** Told what a run waits on while it waits (a provider's rate limit), as one line. */
  onNotice?: (text: string) => void;
}

/** Settings a Compactor would use, with where each came from: what `compact config` prints. */
export interface ResolvedSettings {
  settings: Settings;
  sources: SettingSources;
  configFile: string | undefined;
  /** `given` (`--config`) or `found` (in the memory dir or upward), which may not send a key elsewhere. */
  configOrigin: ConfigOrigin | undefined;
  warnings: string[];
}

/**
 * The library's front door: one memory dir, its settings and its model.
 * Every method returns a plain object (what the CLI prints with `--json`);
 * locking, recovery of interrupted runs and journaling happen inside.
 *
 * ```ts
 * const compactor = await Compactor.open({ dir: "memory" });
 * const week = await compactor.compactWeek("2026-W14");
 * ```
 */
export class Compactor {
  private builtModel: Promise<MemoryModel> | undefined;
  private previewedModel: Promise<MemoryModel> | undefined;
  private loadedPrompts: Promise<CompactionPrompts> | undefined;
  readonly context: RunContext;

  private constructor(
    readonly dir: MemoryDir,
    readonly resolved: ResolvedSettings,
    private readonly options: CompactorOptions,
  ) {
    const env = options.env ?? process.env;
    const root = dir.root;
    const relative = (globs: string[] | undefined) =>
      globs?.map((glob) => (path.isAbsolute(glob) ? path.relative(root, glob).split(path.sep).join("/") : glob));
    const settings = resolved.settings;
    // A config compact found on its own reads prompts only from inside its folder, checked as each is read.
    const promptsFoundIn = resolved.configOrigin === "found" && settings.promptsDir !== undefined ? resolved.configFile : undefined;
    this.context = {
      dir,
      settings,
      logs: { include: relative(settings.logsInclude), exclude: relative(settings.logsExclude) },
      now: options.clock ?? (() => new Date()),
      signal: options.signal,
      model: () => (this.builtModel ??= this.buildModel(env)),
      customModel: (options.model !== undefined && typeof options.model !== "string") || options.createModel !== undefined,
      // The run's own model when it can be built; only a missing key gives the one that never calls.
      previewModel: () =>
        (this.previewedModel ??= this.context.model().catch((error: unknown) => {
          if (!(error instanceof MissingKeyError)) throw error;
          return this.buildModel(env, { withoutKey: true });
        })),
      prompts: () => (this.loadedPrompts ??= loadCompactionPrompts(settings.promptsDir, promptsFoundIn)),
      consolidationPrompts: () => loadConsolidationPrompts(settings.promptsDir, promptsFoundIn),
      price: (modelId) => priceOf(modelId, settings.prices),
      onProgress: options.onProgress,
      notices: resolved.warnings.map((message) => ({ source: "config", ruleId: "config-warning", message })),
      env,
    };
  }

  /** Resolves the settings (flags → environment → config file → defaults) without opening the memory dir. */
  static async resolveSettings(options: CompactorOptions = {}): Promise<ResolvedSettings> {
    const cwd = options.cwd ?? process.cwd();
    const env = options.env ?? process.env;
    const knownDir = options.dir ?? env["COMPACT_DIR"];
    let loaded: LoadedConfig;
    if (options.config !== undefined && typeof options.config === "object") {
      loaded = await validate(options.config, path.join(cwd, "(config)"));
    } else {
      loaded = await loadConfig({
        file: typeof options.config === "string" ? path.resolve(cwd, options.config) : undefined,
        memoryDir: knownDir ? path.resolve(cwd, knownDir) : undefined,
        cwd,
      });
    }
    const provider = options.replayDir ? "replay" : options.provider;
    const modelName = typeof options.model === "string" ? options.model : undefined;
    const { settings, sources } = resolveSettings({
      flags: { dir: options.dir, provider, model: modelName },
      env,
      config: loaded.config,
      configFile: loaded.file,
      configOrigin: loaded.origin,
      cwd,
    });
    if (options.replayDir) sources.provider = "flag --replay";
    return { settings, sources, configFile: loaded.file, configOrigin: loaded.origin, warnings: loaded.warnings };
  }

  /** Opens a memory dir: resolves the settings and checks the directory (it may be a symlink; its real path is the jail). */
  static async open(options: CompactorOptions = {}): Promise<Compactor> {
    options = givenObject(options, "Compactor.open", "its options");
    if (options.dir !== undefined && (typeof options.dir !== "string" || options.dir.trim() === "" || options.dir.includes("\0"))) {
      throw new UsageError(`Compactor.open: dir ${JSON.stringify(options.dir)} is not a path (a memory directory's path, as text)`);
    }
    const resolved = await Compactor.resolveSettings(options);
    const dir = await MemoryDir.open(resolved.settings.dir, resolved.settings.layout);
    return new Compactor(dir, resolved, options);
  }

  get settings(): Settings {
    return this.resolved.settings;
  }

  /** The configured model (built on first use: a missing API key is an error then). */
  model(): Promise<MemoryModel> {
    return this.context.model();
  }

  /** The model as a dry run uses it: without an API key, one that names the provider and model and is never called. */
  previewModel(): Promise<MemoryModel> {
    return this.context.previewModel!();
  }

  /** The model step alone: reads a week's logs, asks the model, reads its answer. Writes nothing. */
  async compactDaily(week: string): Promise<CompactionResult | undefined> {
    givenText(week, "compactDaily", "the week (YYYY-Www)");
    const period = parseWeek(week);
    const [{ readSnapshot }, { compactPeriod }] = await Promise.all([import("../store/snapshot.js"), import("./compact-week.js")]);
    const snapshot = await readSnapshot(this.dir);
    const outcome = await compactPeriod(this.context, period, snapshot, await this.model());
    return "unread" in outcome ? undefined : outcome.result;
  }

  /** Compacts one ISO week into its summary and memories, as one undoable run. */
  async compactWeek(week: string, options: { dryRun?: boolean; strict?: boolean } = {}): Promise<CompactWeekResult> {
    givenText(week, "compactWeek", "the week (YYYY-Www)");
    return (await import("./compact-week.js")).compactWeek(this.context, week, givenObject(options, "compactWeek", "its options"));
  }

  /** Merges duplicates, settles contradictions, prunes and re-indexes. */
  async consolidate(options: ConsolidateOptions = {}): Promise<ConsolidateResult> {
    return (await import("./consolidate.js")).consolidate(this.context, givenObject(options, "consolidate", "its options"));
  }

  /** What cron runs: every week due, then consolidation when its gates are open. */
  async runAuto(options: AutoOptions = {}): Promise<AutoResult> {
    return (await import("./run-auto.js")).runAuto(this.context, givenObject(options, "runAuto", "its options"));
  }

  /**
   * `--auto` as one provider batch (Anthropic or OpenAI) at the batch price:
   * submits every week due, waits, applies the answers in week order. The
   * batch id is saved in `.compact/`, so a run interrupted while waiting is
   * resumed by the next one, which collects instead of submitting again.
   */
  async runBatch(options: BatchOptions = {}): Promise<BatchAutoResult> {
    const [{ runBatch }, { createBatchClient }] = await Promise.all([import("./run-batch.js"), import("../providers/create-batch-client.js")]);
    return runBatch(
      this.context,
      () => createBatchClient(this.resolved.settings, this.options.env ?? process.env, { withoutKey: options.dryRun === true }),
      options,
    );
  }

  async status(): Promise<StatusResult> {
    return (await import("./status.js")).status(this.context);
  }

  async search(query: string, options: SearchOptions = {}): Promise<SearchResult> {
    givenText(query, "search", "the query");
    if (query.trim() === "") throw new UsageError("search: the query is empty");
    const given = givenObject(options, "search", "its options");
    if (given.limit !== undefined && (!Number.isSafeInteger(given.limit) || given.limit < 1)) {
      throw new UsageError(`search: limit ${String(given.limit)} is not a whole number of 1 or more`);
    }
    const { search, SEARCH_TYPES } = await import("./search.js");
    // A type misspelt by a caller of the library would otherwise find nothing, and say nothing.
    if (given.type !== undefined && !(SEARCH_TYPES as readonly unknown[]).includes(given.type)) {
      throw new UsageError(`search: type ${JSON.stringify(given.type)} is not one of ${SEARCH_TYPES.join(", ")}`);
    }
    return search(this.context, query, given);
  }

  /** Restores the memory dir as it was before a run (default: the latest), byte for byte. */
  async undo(run?: string): Promise<UndoResult> {
    if (run !== undefined) givenText(run, "undo", "the run");
    return (await import("./undo.js")).undo(this.context, run);
  }

  async listRuns(): Promise<RunListResult> {
    return (await import("./undo.js")).listRuns(this.context);
  }

  /** Problems found while opening: unknown config keys, a model setting ignored. */
  get notices(): Problem[] {
    return this.context.notices;
  }

  private async buildModel(env: Record<string, string | undefined>, options: { withoutKey?: boolean } = {}): Promise<MemoryModel> {
    const { settings } = this.resolved;
    let model: MemoryModel;
    if (this.options.model !== undefined && typeof this.options.model !== "string") model = this.options.model;
    else if (this.options.createModel) model = this.options.createModel(settings.provider, settings.model);
    else {
      const onNotice = this.options.onNotice;
      const onRateLimited = onNotice ? (waitMs: number) => onNotice(rateLimitNotice(settings.provider, waitMs)) : undefined;
      const built = await createModel({ ...settings, replayDir: this.givenPath(this.options.replayDir) }, env, {
        ...options,
        ...(onRateLimited ? { onRateLimited } : {}),
      });
      for (const message of built.warnings) this.context.notices.push({ source: "model", ruleId: "model-warning", message });
      model = built.model;
    }
    if (!this.options.recordDir) return model;
    const { RecordingModel } = await import("../providers/replay/recording-model.js");
    return new RecordingModel(model, this.givenPath(this.options.recordDir)!);
  }

  // A path given to the library is read from `cwd`, as `dir` and `config` are.
  private givenPath(given: string | undefined): string | undefined {
    return given === undefined ? undefined : path.resolve(this.options.cwd ?? process.cwd(), given);
  }
}

/** `anthropic rate-limited the run: no request leaves for 1 h 0 min, as it asked` */
function rateLimitNotice(provider: string, waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  const wait =
    seconds < 120
      ? `${seconds} s`
      : seconds < 3600
        ? `${Math.round(seconds / 60)} min`
        : `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
  return `${provider} rate-limited the run: no request leaves for ${wait}, as it asked`;
}

// A caller of the library in plain JavaScript can pass anything: a wrong argument is a usage error naming
// it, not a TypeError from deep inside a run.
function givenObject<T extends object>(value: T | null | undefined, method: string, what: string): T {
  if (value === undefined || value === null) return {} as T;
  if (typeof value !== "object" || Array.isArray(value)) throw new UsageError(`${method}: ${what} must be an object, not ${JSON.stringify(value)}`);
  return value;
}

function givenText(value: unknown, method: string, what: string): asserts value is string {
  if (typeof value !== "string") throw new UsageError(`${method}: ${what} must be text, not ${value === null ? "null" : typeof value}`);
}
