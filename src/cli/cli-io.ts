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
  /** Asks a question and returns the answer typed; a terminal prompt by default. */
  ask?: (question: string) => Promise<string>;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    env: process.env,
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
  };
}
