// Preloaded into a compact process (node --require): SIGKILLs it just before
// its COMPACT_KILL_AT-th write to the file system, or counts its writes into
// COMPACT_COUNT_FILE when no kill is asked for.
const fsp = require("node:fs/promises");
const { syncBuiltinESMExports } = require("node:module");
const writeFileSync = require("node:fs").writeFileSync.bind(null);

const at = Number(process.env.COMPACT_KILL_AT ?? "0");
let count = 0;
const hit = () => {
  count++;
  if (count === at) process.kill(process.pid, "SIGKILL");
};
for (const name of ["writeFile", "rename", "rm", "rmdir", "mkdir", "link", "copyFile"]) {
  const original = fsp[name];
  fsp[name] = function (...args) {
    hit();
    return original.apply(this, args);
  };
}
const open = fsp.open;
fsp.open = async function (file, flags, mode) {
  const writing = typeof flags === "string" && flags !== "r";
  if (writing) hit();
  const handle = await open.call(this, file, flags, mode);
  if (writing) {
    for (const method of ["writeFile", "write", "sync"]) {
      const original = handle[method].bind(handle);
      handle[method] = (...args) => {
        hit();
        return original(...args);
      };
    }
  }
  return handle;
};
// Commits make their file-system calls in place (all but fsync).
const fs = require("node:fs");
for (const name of ["writeFileSync", "writeSync", "renameSync", "rmSync", "rmdirSync", "unlinkSync", "mkdirSync", "linkSync", "copyFileSync", "fsync"]) {
  const original = fs[name];
  fs[name] = function (...args) {
    hit();
    return original.apply(this, args);
  };
}
const openSync = fs.openSync;
fs.openSync = function (file, flags, mode) {
  if (typeof flags === "string" && flags !== "r") hit();
  return openSync.call(this, file, flags, mode);
};
syncBuiltinESMExports();
process.on("exit", () => {
  if (process.env.COMPACT_COUNT_FILE) writeFileSync(process.env.COMPACT_COUNT_FILE, String(count));
});
