// The words and line shapes generated logs are built from. Read at run time from the
// real corpus beside the repository (never copied into it: its files carry no licence);
// a small built-in set stands in when the corpus is absent, so CI still runs.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const CORPUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../shared/corpus/real");

const BUILT_IN = {
  bullets: [
    "Checked the inbox: 3 new messages, none urgent",
    "Reviewed the open pull requests and left comments on two",
    "Updated the deployment notes with the new rollback steps",
    "Ran the integration suite: all green after the retry fix",
    "Moved the cron job to run at 06:00 UTC instead of midnight",
    "Wrote a short summary of the meeting for the team channel",
    "Cleaned up stale branches older than 30 days",
    "Benchmarked the parser on the large fixture: 1.8 s per file",
  ],
  sentences: [
    "The user asked for a shorter weekly report with only decisions and blockers.",
    "Compared two approaches and picked the one with fewer moving parts.",
    "The sync job failed twice overnight because the token expired.",
    "Spent most of the afternoon on the migration script and its tests.",
  ],
  topics: ["Setup session", "Email check", "Release prep", "Research notes", "Refactoring", "Planning", "Bug hunt", "Documentation"],
  cjk: ["确认了新的备份策略，每天凌晨执行一次", "和用户讨论了记忆系统的架构", "更新了配置文件并重启了服务", "整理了本周的任务清单"],
  german: [
    "Heartbeat alle 30 Min aktiviert",
    "Kalender-Vorschau für morgen erstellt",
    "Die Datenbank läuft jetzt auf dem neuen Server",
    "Rückfrage an den Nutzer wegen der Prioritäten",
  ],
  links: ["https://example.com/docs/setup", "https://github.com/example/project/issues/42", "https://wiki.example.org/runbooks/backup"],
  words: [
    "backup",
    "parser",
    "release",
    "gateway",
    "calendar",
    "inbox",
    "scheduler",
    "pipeline",
    "dashboard",
    "migration",
    "cache",
    "sandbox",
    "index",
    "search",
    "memory",
    "agent",
  ],
};

const SENSITIVE = /@|passw|secret|token[:=]|api[_ -]?key|private key|[A-Za-z0-9_-]{28,}|\+?\d[\d ()-]{9,}\d/i;
const CJK = /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/u;
const GERMAN = /\b(und|nicht|für|wir|ist|mit|auf|der|die|das|ich|von|zu)\b/i;

/** Pools of lines and words (sorted, de-duplicated) and where they came from. */
export function loadVocabulary(corpusDir = CORPUS_DIR) {
  const files = existsSync(corpusDir) ? markdownFiles(corpusDir) : [];
  if (files.length === 0) return { source: "built-in", ...BUILT_IN };
  const pools = { bullets: new Set(), sentences: new Set(), topics: new Set(), cjk: new Set(), german: new Set(), links: new Set(), words: new Set() };
  for (const file of files) collect(readFileSync(file, "utf8"), pools);
  const sorted = Object.fromEntries(Object.entries(pools).map(([name, set]) => [name, [...set].sort()]));
  // A corpus too thin in one shape borrows the built-in lines for it.
  for (const [name, lines] of Object.entries(sorted)) if (lines.length < 4) sorted[name] = BUILT_IN[name];
  return { source: `${files.length} files in ${corpusDir}`, ...sorted };
}

function markdownFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map((rel) => path.join(dir, String(rel)))
    .filter((file) => file.endsWith(".md") && path.basename(file) !== "MANIFEST.md" && statSync(file).isFile())
    .sort();
}

function collect(text, pools) {
  let fenced = false;
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (line.startsWith("```") || line.startsWith("~~~")) fenced = !fenced;
    if (fenced || line.length === 0 || line.includes("\uFFFD")) continue;
    for (const url of line.match(/https?:\/\/[^\s)>\]"'`]+/g) ?? [])
      if (url.length <= 100 && !SENSITIVE.test(url) && !/\/\/(\d|localhost)/.test(url)) pools.links.add(url.replace(/[.,;:]+$/, ""));
    if (SENSITIVE.test(line) || /https?:/.test(line)) continue;
    const bullet = /^(?:[-*+]|\d+\.)\s+(.+)$/.exec(line)?.[1];
    const heading = /^#{2,3}\s+(.+)$/.exec(line)?.[1];
    const plain = bullet ?? (heading || /^[#|>]/.test(line) ? undefined : line);
    if (heading) {
      const topic = heading
        .replace(/[[(]?\d{1,2}:\d{2}[^\s]*[\])]?/g, "")
        .replace(/[~*_`#]/g, "")
        .replace(/^[\s:–—-]+|[\s:–—-]+$/g, "");
      if (topic.length >= 4 && topic.length <= 60 && !/^\d{4}-\d{2}-\d{2}/.test(topic)) pools.topics.add(topic);
    }
    if (plain && plain.length >= 12 && plain.length <= 200) {
      if (CJK.test(plain)) pools.cjk.add(plain);
      else if (GERMAN.test(plain) && /[äöüß]/i.test(plain)) pools.german.add(plain);
      else if (bullet) pools.bullets.add(bullet);
      else if (plain.length >= 40 && /^(\*\*)?[A-Z]/.test(plain) && /[.!?]$/.test(plain)) pools.sentences.add(plain);
    }
    for (const word of line.match(/\b[a-z][a-z]{3,13}\b/g) ?? []) pools.words.add(word);
  }
}
