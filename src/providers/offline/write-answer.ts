import YAML from "yaml";
import type { MemoryType } from "../../parse/memory-candidate.js";
import { CATEGORY_PATTERNS, type ItemCategory, classifyItem, routineKey } from "./classify-item.js";
import { sentences, shortTitle, toOneLine, truncate } from "./condense-text.js";
import { type LogItem, extractItems } from "./extract-items.js";
import type { PromptLogs } from "./read-prompt-logs.js";

interface ClassifiedItem extends LogItem {
  category: ItemCategory;
}

const SECTION_OF: Partial<Record<ItemCategory, number>> = { decision: 0, outcome: 1, blocker: 2, context: 3, lesson: 3, preference: 3, reference: 3 };
const SECTION_TITLES = ["Key Decisions", "Outcomes", "Blockers & Open Items", "Context"];
const MEMORY_TYPE_OF: Partial<Record<ItemCategory, MemoryType>> = { decision: "project", lesson: "feedback", preference: "user", reference: "reference" };

const COMPRESSION_TARGET = 0.3;
// Never shorter than 90: past that a bullet stops being readable on its own.
const BULLET_CAPS = [400, 320, 260, 200, 160, 130, 110, 90];
// Below this a typed entry is summed up by its title alone.
const TITLE_ONLY_CAP = 110;
const WHY = /\b(because|since|so that|so we|so I|due to|in order to|to avoid|reason|rationale|why)\b/i;
const IMPERATIVE = /\b(always|never|don't|do not|must|should|make sure|remember to|avoid|prefer|stop|needs?)\b/i;
const LABEL = /^(?:decision|rationale|reason|why|status|analysis|result|outcome|note|context|lesson|learned|todo|blocker|preference|fyi)\s*:\s*/i;

/** The offline model's whole answer, in seed 002's format. */
export function writeAnswer(logs: PromptLogs): string {
  const items = classify(extractItems(logs.entries));
  const summary = writeSummary(logs.weekLabel, items, logs.inputChars * COMPRESSION_TARGET);
  const memories = items.filter((item) => MEMORY_TYPE_OF[item.category]).map(toMemory);
  const blocks = dedupeByName(memories).map(renderBlock);
  return `${summary}\n${blocks.length > 0 ? blocks.join("\n") : "NONE\n"}`;
}

function classify(items: LogItem[]): ClassifiedItem[] {
  const datesByKey = new Map<string, Set<string>>();
  const countByKey = new Map<string, number>();
  const keys = items.map((item) => routineKey(`${item.title ?? ""} ${item.text}`));
  items.forEach((item, i) => {
    datesByKey.set(keys[i]!, (datesByKey.get(keys[i]!) ?? new Set()).add(item.date));
    countByKey.set(keys[i]!, (countByKey.get(keys[i]!) ?? 0) + 1);
  });
  return items.map((item, i) => {
    const key = keys[i]!;
    // The same line on two days, or three times in a day, is a pattern, not news.
    const repeated = key.length >= 8 && (datesByKey.get(key)!.size >= 2 || countByKey.get(key)! >= 3);
    return { ...item, category: repeated ? "routine" : classifyItem(item) };
  });
}

function writeSummary(weekLabel: string, items: ClassifiedItem[], targetChars: number): string {
  const kept = items.filter((item) => SECTION_OF[item.category] !== undefined);
  const core = kept.filter((item) => SECTION_OF[item.category]! < 3);
  const context = kept.filter((item) => SECTION_OF[item.category] === 3);

  let cap = BULLET_CAPS.at(-1)!;
  for (const candidate of BULLET_CAPS) {
    if (totalLength(core.map((item) => bullet(item, candidate))) <= targetChars) {
      cap = candidate;
      break;
    }
  }
  const bullets: string[][] = SECTION_TITLES.map(() => []);
  let used = 0;
  for (const item of core) {
    const line = bullet(item, cap);
    bullets[SECTION_OF[item.category]!]!.push(line);
    used += line.length;
  }
  for (const item of context) {
    const line = bullet(item, cap);
    if (used + line.length > targetChars) continue;
    bullets[3]!.push(line);
    used += line.length;
  }
  const sections = SECTION_TITLES.map((title, i) => {
    const lines = bullets[i]!.length > 0 ? bullets[i]! : ["- None recorded."];
    return `### ${title}\n${lines.join("\n")}\n`;
  });
  return `---\ntype: weekly\n---\n\n## ${weekLabel}\n\n${sections.join("\n")}`;
}

// A bullet is whole sentences, most telling first, added while they fit the cap.
function bullet(item: ClassifiedItem, cap: number): string {
  const parts = item.title && cap <= TITLE_ONLY_CAP ? titleParts(item) : bulletParts(item);
  const why = parts[1]?.startsWith("Why: ") ? parts[1] : undefined;
  // A decision keeps its reason even when the bullet must be short.
  let line = why && parts[0]!.length + why.length + 1 > cap ? `${withStop(truncate(parts[0]!, Math.floor(cap * 0.55)))} ${truncate(why, Math.floor(cap * 0.45))}` : truncate(parts[0]!, cap);
  for (const part of parts.slice(why && line.includes("Why: ") ? 2 : 1)) {
    const joined = `${withStop(line)} ${part}`;
    if (joined.length > cap) break;
    line = joined;
  }
  return `- ${item.date}: ${line}`;
}

function bulletParts(item: ClassifiedItem): string[] {
  const body = bodySentences(item);
  const key = keySentence(item, body);
  const rest = body.filter((sentence) => sentence !== key);
  const lead = item.title ? titledLead(item.title, key) : key ?? "";
  const why = item.category === "decision" ? rationale(item) : undefined;
  const parts = [lead];
  if (why && !lead.includes(why)) parts.push(`Why: ${why}`);
  return [...parts, ...rest.filter((sentence) => sentence !== why)];
}

function withStop(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

function titleParts(item: ClassifiedItem): string[] {
  const why = item.category === "decision" ? rationale(item) : undefined;
  return why ? [item.title!, `Why: ${why}`] : [item.title!];
}

function bodySentences(item: LogItem): string[] {
  return item.text
    .split("\n")
    .map(toOneLine)
    .filter(Boolean)
    .flatMap((line) => sentences(line.replace(LABEL, "")));
}

// The sentence that made the item what it is: the decision in a paragraph about a morning's work.
function keySentence(item: ClassifiedItem, body: string[]): string | undefined {
  const labelled = item.text.split("\n").map(toOneLine).find((line) => line.toLowerCase().startsWith(`${item.category}:`));
  if (labelled) return labelled.replace(LABEL, "");
  const pattern = CATEGORY_PATTERNS[item.category];
  return (pattern && body.find((sentence) => pattern.test(sentence))) ?? body[0];
}

function rationale(item: LogItem): string | undefined {
  const labelled = item.text.split("\n").map(toOneLine).find((line) => /^(?:rationale|reason|why)\s*:/i.test(line));
  if (labelled) return labelled.replace(LABEL, "");
  return bodySentences(item).find((sentence) => WHY.test(sentence));
}

// "Sync v2 deployed: Deployed sync v2 to staging" says it twice; the sentence alone is enough.
function titledLead(title: string, key: string | undefined): string {
  if (!key) return title;
  const words = title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const keyText = key.toLowerCase();
  const covered = words.filter((word) => keyText.includes(word)).length;
  return covered >= words.length * 0.6 ? key : `${title}: ${key}`;
}

function totalLength(lines: string[]): number {
  return lines.reduce((sum, line) => sum + line.length + 1, 0);
}

interface OfflineMemory {
  name: string;
  description: string;
  type: MemoryType;
  content: string;
}

function toMemory(item: ClassifiedItem): OfflineMemory {
  const type = MEMORY_TYPE_OF[item.category]!;
  const body = bodySentences(item);
  const key = keySentence(item, body) ?? item.title ?? "";
  const name = capitalise(shortTitle(item.title ?? memoryTitle(key, type)));
  const description = truncate(item.title && body[0] ? body[0] : key, 140);
  const parts = [`**Date:** ${item.date}`, "", item.text.trim() || item.title || key];
  if (type === "project") {
    parts.push("", `**Why:** ${rationale(item) ?? "not stated in the log."}`, `**How to apply:** Work from this decision (${item.date}) unless a later entry replaces it.`);
  } else if (type === "feedback") {
    const rule = body.find((sentence) => IMPERATIVE.test(sentence));
    parts.push("", `**Why:** ${rationale(item) ?? `learned on ${item.date}.`}`, `**How to apply:** ${rule ?? "Apply this when the same situation comes up again."}`);
  }
  return { name, description, type, content: parts.join("\n") };
}

// References are named for what they point at, not for the verb before the link.
function memoryTitle(sentence: string, type: MemoryType): string {
  if (type !== "reference") return sentence;
  const [before = "", after = ""] = sentence.split(/<?https?:\/\/\S+>?/);
  const named = (before.trim() ? before : after).replace(/^(?:read|see|check|use|found|bookmarked)\s+(?:the\s+)?/i, "");
  return named.replace(/\s+(?:at|on|in|from)\s*[:,.]?\s*$/i, "").replace(/^[\s:,.—-]+|[\s:,.—-]+$/g, "").trim() || sentence;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function dedupeByName(memories: OfflineMemory[]): OfflineMemory[] {
  const byName = new Map<string, OfflineMemory>();
  for (const memory of memories) {
    const key = `${memory.type}:${memory.name.toLowerCase()}`;
    const existing = byName.get(key);
    if (existing) existing.content += `\n\n${memory.content}`;
    else byName.set(key, { ...memory });
  }
  return [...byName.values()];
}

function renderBlock(memory: OfflineMemory): string {
  const frontmatter = YAML.stringify({ name: memory.name, description: memory.description, type: memory.type }, { lineWidth: 0 });
  const fence = longestFence(memory.content);
  return `${fence}typed_memory\n---\n${frontmatter}---\n\n${memory.content}\n${fence}\n`;
}

// A fence longer than any inside the content, so nested code blocks survive.
function longestFence(content: string): string {
  const longest = Math.max(2, ...[...content.matchAll(/^\s*(`{3,})/gm)].map((match) => match[1]!.length));
  return "`".repeat(longest + 1);
}
