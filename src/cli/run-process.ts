import { stepInFlight } from "../pipeline/step-in-flight.js";
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
  const onSignal = signalHandler(controller, {
    say: (text) => process.stderr.write(text),
    exit: (code) => process.exit(code),
  });
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

/**
 * What a signal does: the first stops the run (it ends at its next step, or once the step in flight is done);
 * a second quits at once, saying in one line what that leaves.
 */
export function signalHandler(
  controller: AbortController,
  host: { say: (text: string) => void; exit: (code: number) => void },
): (signal: NodeJS.Signals) => void {
  return (signal) => {
    const step = stepInFlight();
    if (controller.signal.aborted) {
      host.say(
        step
          ? `compact: quit at once (${signal}) while ${step.doing}; ${step.ifKilled}\n`
          : `compact: quit at once (${signal}); every file is whole, old or new, and what was committed stays: the next run finishes the rest (compact status shows where things are)\n`,
      );
      host.exit(signal === "SIGTERM" ? 143 : 130);
      return;
    }
    if (step) host.say(`compact: ${signal}: finishing ${step.doing} first (press Ctrl-C again to quit at once)\n`);
    controller.abort(signal);
  };
}
