import Anthropic from "@anthropic-ai/sdk";
import { throwIfAborted } from "../../errors/aborted-error.js";
import { ProviderError } from "../../errors/provider-error.js";
import type { BatchClient, BatchItemResult, BatchRequest, BatchResults, BatchStatus } from "../../model/batch-client.js";
import { createOnce } from "../create-once.js";
import { describeBatchFailure, describeUnknownSubmit } from "../describe-batch-failure.js";
import { notTheApi } from "../describe-failure.js";
import { type ProviderSettings, sdkClientOptions } from "../provider-settings.js";
import { requestSignal } from "../request-signal.js";
import { messageParams } from "./anthropic-model.js";

/**
 * Claude through the Message Batches API: one `POST /v1/messages/batches`
 * with every request, polled, results read as JSONL. Retries are the SDK's own,
 * but for the one request that creates the batch (see `createOnce`).
 */
export class AnthropicBatchClient implements BatchClient {
  readonly provider = "anthropic";
  readonly modelId: string;
  private readonly client: Anthropic;

  constructor(private readonly settings: ProviderSettings) {
    this.modelId = settings.model;
    this.client = new Anthropic(sdkClientOptions(settings, "anthropic"));
  }

  body(request: BatchRequest): Record<string, unknown> {
    return messageParams(this.modelId, request.prompt, request.options);
  }

  async submit(requests: BatchRequest[]): Promise<string> {
    const params = { requests: requests.map((request) => ({ custom_id: request.customId, params: this.body(request) })) };
    // No signal: once sent, the batch exists and its id must be saved, so an interrupt waits for the answer.
    try {
      const batch = await createOnce(
        (options) => this.client.messages.batches.create(params as unknown as Anthropic.Messages.BatchCreateParams, options),
        this.settings.maxRetries,
        (error) => describeUnknownSubmit(this.provider, error, this.settings),
      );
      // A page in place of the API made no batch: said so, not as a batch whose id was lost.
      if (typeof batch !== "object" || batch === null) throw notTheApi(this.provider, String(batch), "ANTHROPIC_BASE_URL");
      return batch.id;
    } catch (error) {
      throw error instanceof ProviderError ? error : this.fail(error);
    }
  }

  async status(id: string, signal?: AbortSignal): Promise<BatchStatus> {
    try {
      const batch = await this.client.messages.batches.retrieve(id, {}, requestSignal(signal));
      const counts = batch.request_counts;
      const done = counts.succeeded + counts.errored + counts.canceled + counts.expired;
      return { id, ended: batch.processing_status === "ended", status: batch.processing_status, done, total: done + counts.processing };
    } catch (error) {
      throwIfAborted(signal);
      throw this.fail(error, id);
    }
  }

  async results(id: string, signal?: AbortSignal): Promise<BatchResults> {
    const items: BatchItemResult[] = [];
    try {
      for await (const item of await this.client.messages.batches.results(id, {}, requestSignal(signal))) items.push(readItem(item));
    } catch (error) {
      throwIfAborted(signal);
      throw this.fail(error, id);
    }
    return { items, missingReason: "no result returned by the batch" };
  }

  private fail(error: unknown, id?: string) {
    return describeBatchFailure(this.provider, error, this.settings, "ANTHROPIC_BASE_URL", id);
  }
}

function readItem(item: Anthropic.Messages.MessageBatchIndividualResponse): BatchItemResult {
  const { custom_id: customId, result } = item;
  if (result.type === "succeeded") {
    const message = result.message;
    const warnings = message.stop_reason === "max_tokens" ? ["the answer stopped at maxTokens; raise model.maxTokens"] : [];
    const text = message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
    return {
      customId,
      ok: true,
      completion: {
        text,
        usage: { inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens },
        warnings,
        ...(message.stop_reason === "max_tokens" ? { stoppedAtLimit: true } : {}),
      },
    };
  }
  if (result.type === "errored") {
    const error = result.error.error;
    return { customId, ok: false, reason: `errored: ${error.type}: ${error.message}`.replace(/\s+/g, " ").slice(0, 300) };
  }
  return { customId, ok: false, reason: result.type };
}
