import { CompactorError } from "../../errors/compactor-error.js";
import { InputError } from "../../errors/input-error.js";
import type { CompleteOptions, CompletionResult, MemoryModel } from "../../model/memory-model.js";
import { type Cassette, type CassetteRequest, cassetteKey, cassetteRequest, readCassettes } from "./cassette.js";

/**
 * Answers from recorded cassettes, never from the network. A request with no
 * cassette is an error naming its hash and the closest cassette — never a stale answer.
 */
export class ReplayModel implements MemoryModel {
  readonly provider = "replay";
  private cassettes: Map<string, Cassette & { file: string }> | undefined;
  private answeredAs: string | undefined;

  /** `model` undefined: take the model named in the cassettes. */
  constructor(
    private readonly dir: string,
    private readonly model?: string,
  ) {}

  /** The model asked for, else the one whose cassette answered. */
  get modelId(): string {
    return this.model ?? this.answeredAs ?? "replay";
  }

  async complete(prompt: string, options: CompleteOptions): Promise<CompletionResult> {
    this.cassettes ??= await readCassettes(this.dir).catch((error: Error) => {
      if (error instanceof CompactorError) throw error;
      throw new InputError(this.dir, `replay: cannot read cassettes (${(error as NodeJS.ErrnoException).code ?? error.message})`);
    });
    const models = this.model ? [this.model] : [...new Set([...this.cassettes.values()].map((c) => c.request.model))];
    for (const model of models) {
      const found = this.cassettes.get(cassetteKey(cassetteRequest(model, prompt, options)));
      if (found) {
        this.answeredAs = model;
        return found.response;
      }
    }
    const wanted = cassetteRequest(models[0] ?? this.modelId, prompt, options);
    throw new CompactorError("E_PROVIDER", `replay: no cassette for request ${cassetteKey(wanted).slice(0, 16)} in ${this.dir}; ${this.closest(wanted)}`);
  }

  private closest(wanted: CassetteRequest): string {
    let best: { cassette: Cassette & { file: string }; differs: string[]; score: number } | undefined;
    for (const cassette of this.cassettes!.values()) {
      const differs = (Object.keys(wanted) as (keyof CassetteRequest)[]).filter((field) => wanted[field] !== cassette.request[field]);
      const score = differs.length * 1e9 - sharedPrefix(wanted.prompt, cassette.request.prompt);
      if (!best || score < best.score) best = { cassette, differs, score };
    }
    if (!best) return "the directory has no cassettes (record some with --record DIR)";
    const where = best.differs.includes("prompt") ? ` (prompts part at character ${sharedPrefix(wanted.prompt, best.cassette.request.prompt)})` : "";
    return `closest is ${best.cassette.file}, which differs in ${best.differs.join(", ")}${where}`;
  }
}

function sharedPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
