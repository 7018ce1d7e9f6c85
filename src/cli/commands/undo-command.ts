import { undoRun } from "../../consolidate/undo-run.js";
import type { CliIo } from "../cli-io.js";
import { UNDO_HELP } from "../messages.js";
import { parseOptions } from "../parse-options.js";
import { resolveRun } from "../resolve-run.js";
import { assertDirectory, withLock } from "../with-lock.js";

/** `compact undo [RUN]`: restores the memory dir as it was before a run. */
export async function undoCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["dir", "config", "quiet", "help"], "compact undo", 1);
  if (line.options.help) {
    io.stdout(UNDO_HELP);
    return 0;
  }
  const { settings, layout } = await resolveRun(line, io);
  await assertDirectory(settings.dir);
  return withLock(settings.dir, layout.lockFile, "compact undo", io, async () => {
    const undone = await undoRun(settings.dir, line.positionals[0]);
    if (!line.options.quiet) io.stdout(`Restored ${undone.restored} files as they were before run ${undone.run}.\n`);
    return 0;
  });
}
