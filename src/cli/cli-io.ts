import type { MemoryModel } from "../model/memory-model.js";

/** Where the CLI reads and prints, so tests can run it in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: Record<string, string | undefined>;
  clock?: () => Date;
  /** Replaces the provider registry, so tests can hand the CLI a mock model. */
  createModel?: (provider: string, name: string | undefined) => MemoryModel;
  /** A person is at a terminal to answer questions. */
  interactive?: boolean;
  /** stderr is a terminal (a progress bar may be drawn on it). */
  stderrIsTerminal?: boolean;
  /** stdout is a terminal (the same screen as a progress bar on stderr, mostly). */
  stdoutIsTerminal?: boolean;
  /** Asks a question and returns the answer typed; a terminal prompt by default. */
  ask?: (question: string) => Promise<string>;
  /** Interrupts the run (SIGINT / SIGTERM in the real process). */
  signal?: AbortSignal;
}

export function processIo(signal?: AbortSignal): CliIo {
  return {
    stdout: (text) => writeQuietly(process.stdout, text),
    stderr: (text) => writeQuietly(process.stderr, text),
    cwd: process.cwd(),
    env: process.env,
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    stderrIsTerminal: Boolean(process.stderr.isTTY),
    stdoutIsTerminal: Boolean(process.stdout.isTTY),
    ...(signal ? { signal } : {}),
  };
}

// A reader that went away (`compact status | head -1`) is not an error: stop writing quietly.
function writeQuietly(stream: NodeJS.WriteStream, text: string): void {
  if (stream.destroyed || stream.writableEnded) return;
  stream.write(text);
}
