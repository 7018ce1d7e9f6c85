import { spawn } from "node:child_process";
import { realpathSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { IoError } from "../errors/io-error.js";
import { UsageError } from "../errors/usage-error.js";
import { makeFolders } from "../store/make-folders.js";
import type { ScheduleEntries } from "./schedule-entries.js";

/** The comment that marks the entry for one memory dir, so installing again replaces it. */
export function cronMarker(dir: string): string {
  return `# memory-compactor: compact --auto for ${dir}`;
}

/** A crontab with this dir's entry put in (an older entry for the same dir is replaced); every other line kept. */
export function withCronEntry(crontab: string, dir: string, cronLine: string): string {
  const marker = cronMarker(dir);
  const lines = crontab.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === marker) i++;
    else kept.push(lines[i]!);
  }
  return `${[...kept, marker, cronLine].join("\n")}\n`;
}

/** Installs the crontab entry with the `crontab` command (read with `-l`, written with `-`). */
export async function installCron(entries: ScheduleEntries, dir: string, env: Record<string, string | undefined>): Promise<string> {
  const current = await run("crontab", ["-l"], "", env);
  // `crontab -l` fails when the user has no crontab yet: start from an empty one.
  const next = withCronEntry(current.code === 0 ? current.stdout : "", dir, entries.cronLine);
  const written = await run("crontab", ["-"], next, env);
  if (written.code !== 0) throw new IoError("crontab", "EIO", `could not install the entry: ${written.stderr.trim() || `exit ${written.code}`}`);
  return next;
}

/** Writes the service and timer into the user's systemd folder; returns the files written. */
export async function installSystemd(entries: ScheduleEntries, env: Record<string, string | undefined>, home: string): Promise<string[]> {
  const folder = path.join(env["XDG_CONFIG_HOME"] || path.join(home, ".config"), "systemd", "user");
  makeFolders(folder);
  const files = [path.join(folder, `${entries.unitName}.service`), path.join(folder, `${entries.unitName}.timer`)];
  // Units are named after the memory dir's folder: another dir's of the same name would be replaced without a word.
  const existing = await readFile(files[0]!, "utf8").catch(() => undefined);
  const scheduled = existing === undefined ? undefined : /^WorkingDirectory=(.*)$/m.exec(existing)?.[1];
  const mine = /^WorkingDirectory=(.*)$/m.exec(entries.service)?.[1];
  if (scheduled !== undefined && scheduled !== mine && realDir(scheduled) !== realDir(mine)) {
    throw new UsageError(
      `${files[0]} already runs compact for ${scheduled}: installing would replace it. Remove that unit first (systemctl --user disable --now ${entries.unitName}.timer), or use --install cron`,
    );
  }
  await writeFile(files[0]!, entries.service);
  await writeFile(files[1]!, entries.timer);
  return files;
}

// A unit's directory as the file it names: the same dir reached through a link is the same dir.
function realDir(written: string | undefined): string | undefined {
  if (written === undefined) return undefined;
  const dir = written.replace(/%%/g, "%");
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

function run(
  command: string,
  args: string[],
  input: string,
  env: Record<string, string | undefined>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.on("error", (error) => resolve({ code: 127, stdout, stderr: error.message }));
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
    // A command that exits without reading its input (crontab refusing, say) closes the pipe: its exit code says why.
    child.stdin.on("error", () => undefined);
    child.stdin.end(input);
  });
}
