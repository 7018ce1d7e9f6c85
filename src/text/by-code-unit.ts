/** Compares strings by UTF-16 code unit, not by locale: the same order on every machine. */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
