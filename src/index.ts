/**
 * memory-compactor: daily agent logs → weekly summaries, typed memories,
 * topic files and a small MEMORY.md index. `Compactor` is the front door.
 */

export type { CompactConfig, EmbeddingsConfig, ModelPrice } from "./config/config-schema.js";
export type { ConfigOrigin } from "./config/config-trust.js";
export type { Settings } from "./config/settings.js";
export { CompactorError, type ErrorCode } from "./errors/compactor-error.js";
export { type ErrorResult, errorResult } from "./errors/error-result.js";
export { type RedactionResult, redactSecrets } from "./logs/redact-secrets.js";
export { createMemoryServer, INDEX_URI, type MemoryServerOptions, type ServeOptions, serveMemoryOverStdio } from "./mcp/memory-server.js";
export { MEMORY_TYPES, type Memory, type MemoryType } from "./memory/memory.js";
export { readMemory } from "./memory/read-memory.js";
export { renderMemory } from "./memory/render-memory.js";
export type { CompleteOptions, CompletionResult, MemoryModel, TokenUsage } from "./model/memory-model.js";
export { MockMemoryModel, type RecordedCall } from "./model/mock-model.js";
export { type ParsedAnswer, parseAnswer } from "./parse/parse-answer.js";
export { type Period, type PeriodKind, parsePeriod, periodOf } from "./period/period.js";
export type { BatchWeek } from "./pipeline/apply-batch-results.js";
export type { BatchEstimate } from "./pipeline/batch-requests.js";
export type { BatchAutoResult, BatchReport } from "./pipeline/batch-result.js";
export type { CompactWeekResult, CostEstimate } from "./pipeline/compact-week.js";
export { type CompactionResult, compressionRatio, type SkippedCandidate, type SourceLog } from "./pipeline/compaction-result.js";
export { Compactor, type CompactorOptions, type ResolvedSettings } from "./pipeline/compactor.js";
export type { ConflictResolver, ConsolidateOptions, ConsolidateResult, PlanSummary } from "./pipeline/consolidate.js";
export type { AcceptedMemory, PlannedFile } from "./pipeline/plan-period.js";
export type { AutoOptions, AutoResult, AutoWeek } from "./pipeline/run-auto.js";
export type { BatchOptions } from "./pipeline/run-batch.js";
export type { ProgressEvent } from "./pipeline/run-context.js";
export type { SearchOptions, SearchResult } from "./pipeline/search.js";
export type { StatusResult } from "./pipeline/status.js";
export type { RunListResult, UndoResult } from "./pipeline/undo.js";
export type { Problem } from "./problems/problem.js";
export { PROVIDER_NAMES } from "./providers/create-model.js";
export type { SearchDocument, SearchHit } from "./search/search-memories.js";
export type { SearchRanker } from "./search/search-ranker.js";
export { readFrontmatter } from "./text/frontmatter.js";
