import { processIo } from "./cli-io.js";
import { main } from "./main.js";
import { tuneHeap } from "./tune-heap.js";

/**
 * Runs `compact` as a process: SIGINT and SIGTERM interrupt the run (before
 * it commits nothing changes; the lock is released), a second signal ends
 * it at once, and a reader that goes away (`| head -1`) ends it quietly.
 */
export async function runProcess(argv: string[]): Promise<number> {
  tuneHeap();
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
