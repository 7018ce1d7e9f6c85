import type { ConsolidationLabels, ConsolidationOutcome, ConsolidationScore } from "./score-consolidation.js";

export declare const TOOL_FILLER: readonly string[];
export declare function scoreConsolidation(labels: ConsolidationLabels, outcome: ConsolidationOutcome): ConsolidationScore;
export declare function checkLabels(labels: ConsolidationLabels, memories: { id: string; text: string }[]): string[];
export declare function memoryText(raw: string): { data: Record<string, unknown>; text: string };
