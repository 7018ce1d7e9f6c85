import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

const made: string[] = [];

afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh directory, removed after the test. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "compact-test-"));
  made.push(dir);
  return dir;
}

// What compact writes: left out of copies, so a local run of the README command does not leak into tests.
const GENERATED = /(^|\/)(weekly|memory-index|\.compact)(\/|$)|(^|\/)(MEMORY\.md|(user|feedback|project|reference)_[^/]*\.md)$/;

/**
 * A fresh copy of a fixture directory, removed after the test. By default only
 * its inputs, not compact's outputs; `{ all: true }` copies memories too.
 */
export async function copyOf(source: string, options: { all?: boolean } = {}): Promise<string> {
  const dir = await tempDir();
  await cp(source, dir, { recursive: true, filter: (from) => options.all === true || !GENERATED.test(path.relative(source, from)) });
  return dir;
}

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
export const fixture = (...parts: string[]) => path.join(REPO_ROOT, "test/fixtures", ...parts);
