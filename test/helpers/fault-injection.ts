/** A file-system fault to inject: the `at`-th write operation fails with `code`. */
export const fault = {
  armed: false,
  at: 0,
  count: 0,
  code: "ENOSPC",
  only: (() => true) as (syscall: string, target: string) => boolean,
};

/**
 * Arms the fault for one run and returns a function that disarms it and says how many writes the run
 * made (of those `only` counts, when given).
 */
export function armFault(at: number, code: string, only: (syscall: string, target: string) => boolean = () => true): () => number {
  Object.assign(fault, { armed: true, at, count: 0, code, only });
  return () => {
    fault.armed = false;
    return fault.count;
  };
}

/** Counts a write operation, and fails it when it is the chosen one. */
export function hit(syscall: string, target: unknown): void {
  if (!fault.armed || !fault.only(syscall, String(target))) return;
  fault.count++;
  if (fault.count === fault.at) {
    throw Object.assign(new Error(`${fault.code}: injected fault, ${syscall} '${String(target)}'`), { code: fault.code, syscall, path: String(target) });
  }
}
