// Time on hostile log lines: one line made of a short piece repeated (`ghp_ghp_…`, `1.1.1.…`,
// `a1-a1-…`) at two lengths, each compacted by `compact --week` offline from a fresh dir. A
// pattern that is tried again from every place in such a line and rescans the rest of it costs
// the square of the length: the line four times longer then takes about sixteen times as long,
// and a few hundred kilobytes take minutes, during which a signal waits for the pattern.
//
//   node bench/hostile-lines.mjs [--chars 20000] [-- piece …]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { BIN, cleanEnv, requireBuild } from "./lib/compact-cli.mjs";

requireBuild();
const { values, positionals } = parseArgs({ options: { chars: { type: "string", default: "20000" } }, allowPositionals: true });
const PIECES = [
  "ghp_",
  // Whole tokens, one after another: each one's line was once read back to its start.
  `ghp_${"a1B2".repeat(9)} `,
  `key-${"0a1b".repeat(8)} `,
  "sk-",
  "ab-",
  "a1-",
  "1.",
  ".1",
  "a1.",
  "a/",
  "`.",
  "a.b-",
  "x.y",
  "1,",
  "a:",
  "a%",
  "password=",
  "--token ",
  "Bearer ",
  "https://x:y@",
  "http://a",
  "key-",
  "eyJ",
  "AKIA",
  "Dec 3 ",
  "next ",
  "today ",
  "**x** ",
  "[a](b) ",
  "[a](",
  "![a](",
  "[",
  // Obsidian's and Logseq's markup: each once rescanned the rest of the line from every opening (`{{aaaa…` split two ways).
  "{{a",
  "{{embed ",
  "[^",
  "a[^",
  "[[a|",
  "==a",
  "%%a",
  "#a",
  "<http://",
  "<a",
  "A_KEY=",
  // A query's value read to the next parameter, a password of letters after a local label, a command's output,
  // a key's END line under blank lines (the seventeenth pass).
  "?token=a1b2c3d4e5f6&",
  "пароль: секретслово ",
  "op read\nabcd\n",
  "\n\n-----END RSA PRIVATE KEY-----",
  // An expect script's prompt, every word of it a place to try a send from (14 s at 100,000 characters once),
  // and curl's quoted user that never closes.
  "expect.assword",
  "expect password ",
  'expect "password" {send "',
  'curl -u "a:',
  // A short credential in a header, a passphrase of words read to its line's end, a borrowed English label (the eighteenth pass).
  "Authorization: Bearer a1b2c3 ",
  "-H Bearer ",
  "bearer: ",
  "password: correct horse battery ",
  "pwd=correct horse ",
  "Das Password für den Server ist ",
  "?q=passwort&",
  "| a | b |\n",
  "- a\n",
  "## 10:00 h\n",
  "a\n",
  "```\n",
  "é",
  "日本",
  "😀",
  "-",
  "_",
  ".",
  ",",
];
// Pieces named on the command line may write a line break as \n and a tab as \t.
const pieces = positionals.length > 0 ? positionals.map((piece) => piece.replace(/\\n/g, "\n").replace(/\\t/g, "\t")) : PIECES;
const short = Number(values.chars);
// Start-up and the rest of a small week, taken off both times before comparing them.
const FIXED_MS = 350;
const SUPERLINEAR = 8;

function timed(piece, chars) {
  const dir = mkdtempSync(path.join(tmpdir(), "compact-hostile-"));
  writeFileSync(
    path.join(dir, "2026-03-30.md"),
    `# 2026-03-30\n\n## [10:00] decision: hostile\nNoted the line: ${piece.repeat(Math.ceil(chars / piece.length)).slice(0, chars)}\n`,
  );
  const started = performance.now();
  const run = spawnSync(process.execPath, [BIN, "--week", "2026-W14", "--dir", dir], { env: cleanEnv(), encoding: "utf8", timeout: 600_000 });
  const ms = performance.now() - started;
  rmSync(dir, { recursive: true, force: true });
  return { ms, code: run.status };
}

console.log(`hostile lines — compact --week offline, one line of a piece repeated, ${short} and ${4 * short} characters; node ${process.version}`);
console.log(`  ${"piece".padEnd(16)} ${`${short / 1000}k`.padStart(9)} ${`${(4 * short) / 1000}k`.padStart(9)}   growth (×4 is linear, ×16 quadratic)`);
let worst = 0;
for (const piece of pieces) {
  const a = timed(piece, short);
  const b = timed(piece, 4 * short);
  const growth = (b.ms - FIXED_MS) / Math.max(1, a.ms - FIXED_MS);
  worst = Math.max(worst, b.ms > 1500 ? growth : 0);
  const flag = growth > SUPERLINEAR && b.ms > 1500 ? "  ✗ superlinear" : "";
  const failed = a.code !== 0 || b.code !== 0 ? `  exit ${a.code}/${b.code}` : "";
  console.log(
    `  ${JSON.stringify(piece).padEnd(16)} ${`${a.ms.toFixed(0)} ms`.padStart(9)} ${`${b.ms.toFixed(0)} ms`.padStart(9)}   ×${growth.toFixed(1)}${flag}${failed}`,
  );
}
console.log(worst > SUPERLINEAR ? "  ✗ a piece grows faster than linear" : "  ✓ no piece grows faster than linear");
