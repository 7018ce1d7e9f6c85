/** A file-system fault to inject: the `at`-th write operation fails with `code`. */
export const fault = { armed: false, at: 0, count: 0, code: "ENOSPC" };

/** Arms the fault for one run and returns a function that disarms it and says how many writes the run made. */
export function armFault(at: number, code: string): () => number {
  Object.assign(fault, { armed: true, at, count: 0, code });
  return () => {
    fault.armed = false;
    return fault.count;
  };
}

/** Counts a write operation, and fails it when it is the chosen one. */
export function hit(syscall: string, target: unknown): void {
  if (!fault.armed) return;
  fault.count++;
  if (fault.count === fault.at) {
    throw Object.assign(new Error(`${fault.code}: injected fault, ${syscall} '${String(target)}'`), { code: fault.code, syscall, path: String(target) });
  }
}
