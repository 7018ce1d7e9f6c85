import type { CliIo } from "../../src/cli/cli-io.js";
import { main } from "../../src/cli/main.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Fixed time for output that records when it was made. */
export const FIXED_CLOCK = () => new Date("2026-04-06T10:00:00.000Z");

/** Runs `compact` in-process with captured output. */
export async function runCli(argv: string[], overrides: Partial<CliIo> = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd: process.cwd(),
    env: {},
    clock: FIXED_CLOCK,
    ...overrides,
  });
  return { code, stdout, stderr };
}
