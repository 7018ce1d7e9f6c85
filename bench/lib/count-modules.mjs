// Preload for counting the modules a command loads (node --import ./count-modules.mjs):
// ESM modules through a load hook, CommonJS ones from require.cache at exit, each
// appended as a path to $BENCH_MODULES_FILE. Node builtins are not counted.
import { appendFileSync } from "node:fs";
import { createRequire, register } from "node:module";

const out = process.env.BENCH_MODULES_FILE;
if (out) {
  register("./module-load-hook.mjs", import.meta.url, { data: { out } });
  process.on("exit", () => {
    const cached = Object.keys(createRequire(import.meta.url).cache);
    if (cached.length > 0) appendFileSync(out, `${cached.join("\n")}\n`);
  });
}
