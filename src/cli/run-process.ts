import { setFlagsFromString } from "node:v8";
import { processIo } from "./cli-io.js";
import { main } from "./main.js";

/**
 * Runs `compact` as a process: SIGINT and SIGTERM interrupt the run (before
 * it commits nothing changes; the lock is released), a second signal ends
 * it at once, and a reader that goes away (`| head -1`) ends it quietly.
 */
export async function runProcess(argv: string[]): Promise<number> {
  // V8 lets the heap grow to several times what was live after each full collection, so a long
  // backfill holds hundreds of megabytes of garbage. Growing it by a fifth at a time keeps it near
  // what is live, at no measurable cost in time (a ten-year backfill peaked about a fifth lower).
  setFlagsFromString("--heap-growing-percent=20");
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(signal === "SIGTERM" ? 143 : 130);
    controller.abort(signal);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(0);
      throw error;
    });
  }
  return main(argv, processIo(controller.signal));
}
