// Runs one command and measures it from outside: wall time, peak resident memory,
// and when each stdout line arrived. Peak RSS comes from GNU time (`/usr/bin/time -v`,
// the kernel's ru_maxrss) when it is installed; a poller reading VmHWM from
// /proc/<pid>/status of the process tree backs it up, and is the only figure for a
// run that had to be killed at its time limit.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const GNU_TIME = "/usr/bin/time";
export const hasGnuTime = existsSync(GNU_TIME);
const running = new Set();

// A bench killed by Ctrl-C must not leave a 15-minute compaction behind it.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const pid of running) killGroup(pid);
    process.exit(130);
  });
}

/**
 * Runs `command args` in its own process group. Resolves with
 * { ms, code, timedOut, peakRssMiB, rssSource, lines: [{ ms, text }], stdout, stderr }.
 */
export function runMeasured(command, args, { env = process.env, cwd, timeoutMs, pollMs = 100 } = {}) {
  const scratch = mkdtempSync(path.join(tmpdir(), "compact-bench-time-"));
  const report = path.join(scratch, "time.txt");
  const argv = hasGnuTime ? [GNU_TIME, ["-v", "-o", report, command, ...args]] : [command, args];
  const started = performance.now();
  const child = spawn(argv[0], argv[1], { env, cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child.pid);
  let polledKiB = 0;
  const poller = setInterval(() => {
    polledKiB = Math.max(polledKiB, treeHighWater(child.pid));
  }, pollMs);
  const lines = [];
  let stdout = "";
  let stderr = "";
  let partial = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => {
    const at = performance.now() - started;
    stdout += chunk;
    const parts = (partial + chunk).split("\n");
    partial = parts.pop();
    for (const text of parts) lines.push({ ms: at, text });
  });
  child.stderr.setEncoding("utf8").on("data", (chunk) => {
    stderr += chunk;
  });
  let timedOut = false;
  const timer = timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        polledKiB = Math.max(polledKiB, treeHighWater(child.pid));
        killGroup(child.pid);
      }, timeoutMs)
    : undefined;
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = performance.now() - started;
      clearInterval(poller);
      clearTimeout(timer);
      running.delete(child.pid);
      if (partial) lines.push({ ms, text: partial });
      const timeKiB = readGnuTime(report);
      rmSync(scratch, { recursive: true, force: true });
      const exact = !timedOut && timeKiB !== undefined;
      resolve({
        ms,
        code: timedOut ? null : code,
        timedOut,
        peakRssMiB: (exact ? timeKiB : polledKiB) / 1024,
        rssSource: exact ? "GNU time ru_maxrss" : `VmHWM polled every ${pollMs} ms`,
        lines,
        stdout,
        stderr,
      });
    });
  });
}

function killGroup(pid) {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

function readGnuTime(file) {
  if (!existsSync(file)) return undefined;
  const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(file, "utf8"));
  return match ? Number(match[1]) : undefined;
}

/** The largest VmHWM (KiB) of `pid` and its descendants: one process's peak, not their sum. */
function treeHighWater(pid) {
  let peak = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const current = stack.pop();
    try {
      const status = readFileSync(`/proc/${current}/status`, "utf8");
      peak = Math.max(peak, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      for (const task of readdirSync(`/proc/${current}/task`)) {
        const children = readFileSync(`/proc/${current}/task/${task}/children`, "utf8").trim();
        if (children) stack.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // the process ended between two reads
    }
  }
  return peak;
}

/** Median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
