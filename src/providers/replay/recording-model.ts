import path from "node:path";
import { IoError } from "../../errors/io-error.js";
import { redactSecrets } from "../../logs/redact-secrets.js";
import type { CompleteOptions, CompletionResult, MemoryModel } from "../../model/memory-model.js";
import { writeAtomic } from "../../store/atomic-write.js";
import { cassetteFileName, cassetteKey, cassetteRequest, renderCassette } from "./cassette.js";

/** Wraps any model and saves every exchange as a cassette in `dir`, secrets redacted. */
export class RecordingModel implements MemoryModel {
  readonly provider: string;
  readonly modelId: string;
  /** Files written so far, for the run's report. */
  readonly recorded: string[] = [];

  constructor(
    readonly inner: MemoryModel,
    private readonly dir: string,
  ) {
    this.provider = inner.provider;
    this.modelId = inner.modelId;
  }

  async complete(prompt: string, options: CompleteOptions): Promise<CompletionResult> {
    const answered = await this.inner.complete(prompt, options);
    // A cassette is written to disk: the answer is redacted first, like everything written.
    const response = { ...answered, text: (await redactSecrets(answered.text)).text };
    const request = cassetteRequest(this.inner.modelId, prompt, options);
    const key = cassetteKey(request);
    const file = path.join(this.dir, cassetteFileName(key));
    await writeAtomic(file, renderCassette({ key, provider: this.inner.provider, request, response })).catch((error: unknown) => {
      // Named by the cassette, not by the temp file it went through (`--record` naming a file, a read-only dir).
      throw IoError.from(file, "write", error);
    });
    this.recorded.push(file);
    return response;
  }
}
