/** Days a memory of each type is kept (seed 003's defaults); every other type is kept forever. A config's `retention` is merged over these. */
export const DEFAULT_RETENTION: Record<string, number | null> = { session_state: 90, compact_summary: 90 };
