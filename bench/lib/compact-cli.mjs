// The product as a user runs it: `node bin/compact.js …`, never its internals, so
// these scripts keep measuring whatever src/ becomes.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const BIN = path.join(REPO_ROOT, "bin/compact.js");

/** Stops with a one-line hint when dist/ has not been built. */
export function requireBuild() {
  if (!existsSync(path.join(REPO_ROOT, "dist"))) {
    process.stderr.write("bench: dist/ is missing; run `npm run build` (npm ci does it) first\n");
    process.exit(2);
  }
}

let help;
/** Whether `compact --help` lists `flag` (e.g. "--concurrency"): features are detected, not assumed. */
export function supports(flag) {
  help ??= execFileSync(process.execPath, [BIN, "--help"], { encoding: "utf8" });
  return new RegExp(`(^|\\s)${flag.replace(/[-]/g, "\\-")}(\\s|=|$)`, "m").test(help);
}

/** The environment a benchmark run gets: no inherited provider keys or config dirs. */
export function cleanEnv(extra = {}) {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (/^(ANTHROPIC_|OPENAI_|COMPACT_)/.test(name)) delete env[name];
  return { ...env, NO_COLOR: "1", ...extra };
}

export const mib = (bytes) => (bytes / 1048576).toFixed(1);
export const seconds = (ms) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
/** "12.3 MiB ≤ 300 MB ✓": a figure beside its target. */
export const verdict = (ok) => (ok ? "✓ meets target" : "✗ misses target");
