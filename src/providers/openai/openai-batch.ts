import OpenAI, { toFile } from "openai";
import { throwIfAborted } from "../../errors/aborted-error.js";
import { ProviderError } from "../../errors/provider-error.js";
import type { BatchClient, BatchItemResult, BatchRequest, BatchResults, BatchStatus } from "../../model/batch-client.js";
import { createOnce } from "../create-once.js";
import { describeBatchFailure, describeUnknownSubmit } from "../describe-batch-failure.js";
import { notTheApi } from "../describe-failure.js";
import { type ProviderSettings, sdkClientOptions } from "../provider-settings.js";
import { requestSignal } from "../request-signal.js";
import { chatParams } from "./openai-model.js";

const ENDPOINT = "/v1/chat/completions";
const ENDED = new Set(["completed", "failed", "expired", "cancelled"]);

/** One line of a batch's output or error file. */
interface OutputLine {
  custom_id?: string;
  response?: {
    status_code?: number;
    body?: {
      choices?: { message?: { content?: string | null }; finish_reason?: string }[];
      usage?: { prompt_tokens?: number; completion_tokens?: number };
      error?: { message?: string };
    };
  } | null;
  error?: { code?: string; message?: string } | null;
}

/**
 * Chat Completions through the OpenAI Batch API: the requests uploaded as one
 * JSONL file (purpose `batch`), `POST /v1/batches`, polled, the output file
 * read back. Retries are the SDK's own, but for the one request that creates
 * the batch (see `createOnce`; a file uploaded twice costs nothing).
 */
export class OpenAiBatchClient implements BatchClient {
  readonly provider = "openai";
  readonly modelId: string;
  private readonly client: OpenAI;

  constructor(private readonly settings: ProviderSettings) {
    this.modelId = settings.model;
    this.client = new OpenAI(sdkClientOptions(settings, "openai"));
  }

  body(request: BatchRequest): Record<string, unknown> {
    return chatParams(this.modelId, request.prompt, request.options);
  }

  async submit(requests: BatchRequest[]): Promise<string> {
    const jsonl = requests
      .map((request) => JSON.stringify({ custom_id: request.customId, method: "POST", url: ENDPOINT, body: this.body(request) }))
      .join("\n");
    // No signal: once sent, the batch exists and its id must be saved, so an interrupt waits for the answer.
    try {
      const file = await this.client.files.create({ file: await toFile(Buffer.from(`${jsonl}\n`, "utf8"), "compact-batch.jsonl"), purpose: "batch" });
      // A page in place of the API made no file, and no batch: said so, not as a batch whose id was lost.
      if (typeof file !== "object" || file === null) throw notTheApi(this.provider, String(file), "OPENAI_BASE_URL");
      const batch = await createOnce(
        (options) => this.client.batches.create({ input_file_id: file.id, endpoint: ENDPOINT, completion_window: "24h" }, options),
        this.settings.maxRetries,
        (error) => describeUnknownSubmit(this.provider, error, this.settings),
      );
      if (typeof batch !== "object" || batch === null) throw notTheApi(this.provider, String(batch), "OPENAI_BASE_URL");
      return batch.id;
    } catch (error) {
      throw error instanceof ProviderError ? error : this.fail(error);
    }
  }

  async status(id: string, signal?: AbortSignal): Promise<BatchStatus> {
    try {
      const batch = await this.client.batches.retrieve(id, requestSignal(signal));
      const counts = batch.request_counts;
      const done = (counts?.completed ?? 0) + (counts?.failed ?? 0);
      return { id, ended: ENDED.has(batch.status), status: batch.status, done, total: counts?.total ?? 0 };
    } catch (error) {
      throwIfAborted(signal);
      throw this.fail(error, id);
    }
  }

  async results(id: string, signal?: AbortSignal): Promise<BatchResults> {
    const options = requestSignal(signal);
    try {
      const batch = await this.client.batches.retrieve(id, options);
      const lines: OutputLine[] = [];
      for (const fileId of [batch.output_file_id, batch.error_file_id]) {
        if (!fileId) continue;
        const text = await (await this.client.files.content(fileId, options)).text();
        for (const line of text.split("\n")) if (line.trim()) lines.push(JSON.parse(line) as OutputLine);
      }
      const items = lines.flatMap((line) => (line.custom_id ? [readLine(line as OutputLine & { custom_id: string })] : []));
      // A batch that failed validation has no output at all; its errors say why.
      const batchErrors = batch.errors?.data?.map((e) => e.message).filter(Boolean) ?? [];
      return { items, missingReason: `no result: batch ${batch.status}${batchErrors.length ? ` (${batchErrors.join("; ")})` : ""}`.slice(0, 300) };
    } catch (error) {
      throwIfAborted(signal);
      throw this.fail(error, id);
    }
  }

  private fail(error: unknown, id?: string) {
    return describeBatchFailure(this.provider, error, this.settings, "OPENAI_BASE_URL", id);
  }
}

function readLine(line: OutputLine & { custom_id: string }): BatchItemResult {
  const customId = line.custom_id;
  const response = line.response;
  if (line.error || !response || response.status_code !== 200 || !response.body?.choices) {
    const message = line.error?.message ?? response?.body?.error?.message ?? `HTTP ${response?.status_code ?? "error"}`;
    return { customId, ok: false, reason: `errored: ${line.error?.code ? `${line.error.code}: ` : ""}${message}`.replace(/\s+/g, " ").slice(0, 300) };
  }
  const choice = response.body.choices[0];
  const warnings = choice?.finish_reason === "length" ? ["the answer stopped at maxTokens; raise model.maxTokens"] : [];
  const usage = response.body.usage;
  return {
    customId,
    ok: true,
    completion: {
      text: choice?.message?.content ?? "",
      usage: { inputTokens: usage?.prompt_tokens ?? 0, outputTokens: usage?.completion_tokens ?? 0 },
      warnings,
      ...(choice?.finish_reason === "length" ? { stoppedAtLimit: true } : {}),
    },
  };
}
