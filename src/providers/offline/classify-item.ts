import type { LogItem } from "./extract-items.js";

/** Where an item goes: a summary section, a memory type, or nowhere. */
export type ItemCategory = "decision" | "outcome" | "blocker" | "lesson" | "preference" | "reference" | "context" | "routine";

const KIND_CATEGORY: Record<string, ItemCategory> = {
  decision: "decision",
  outcome: "outcome",
  implementation: "outcome",
  fix: "outcome",
  milestone: "outcome",
  blocker: "blocker",
  issue: "blocker",
  bug: "blocker",
  question: "blocker",
  todo: "blocker",
  task: "blocker",
  lesson: "lesson",
  insight: "lesson",
  learning: "lesson",
  correction: "lesson",
  feedback: "lesson",
  preference: "preference",
  reference: "reference",
  research: "context",
  idea: "context",
  note: "context",
};

const ROUTINE = /\b(heartbeats?|status checks?|health ?checks?|checked (?:the )?(?:status|inbox|email|e-mail|mail|notifications|feeds?|messages|dashboards?)|HEARTBEAT_OK|no (?:new )?(?:messages|changes|updates|activity|alerts|issues|mail|emails)|nothing (?:new|to report|changed)|all (?:systems )?(?:green|ok|nominal|clear|quiet)|routine check|still (?:running|up|fine))\b/i;
const PREFERENCE = /\b(prefers?|preferred|preference|likes? (?:it|to|when)|dislikes?|hates?|wants? (?:me|us|the agent|replies|answers|responses)|asked (?:me|us) (?:to|not to) always|(?:her|his|their) (?:timezone|role|working hours)|works? best)\b/i;
const LESSON = /\b(lessons?|learned|learnt|gotcha|mistake|pitfall|takeaway|correction|corrected|note to self|remember to|should have|next time|turns out|root cause|asked (?:me|us) to (?:stop|always|never|not)|told (?:me|us) (?:to stop|never|not to)|please (?:always|never|stop))\b/i;
// Decisions made, not the word: "decision-making" and "decision quality" are not decisions.
const DECISION = /(?:\b(?:decided|chose|(?:we|I)(?:'ve| have)? chosen|agreed (?:to|on|that)|going with|settled on|opted (?:for|to)|switch(?:ed|ing)? (?:to|from)|(?:we|I)(?:'ll| will) use|adopted|standardi[sz]ed? on|(?:we|I)(?:'re|'m| are| am) moving to)\b|(?:^|[\s*])decision\s*:)/i;
const RESOLVED = /\b(fixed|resolved|unblocked|solved|closed)\b/i;
const BLOCKER = /\b(blocked|blocker|blocking|waiting (?:on|for)|stuck|can't|cannot|couldn't|unable|unresolved|open question|todo|to-do|pending|failing|fails|failed|broken|needs? to|carry(?:ing)? (?:it )?(?:over|forward)|follow[- ]up|next steps?|still open|not yet)\b/i;
const OUTCOME = /\b(shipped|merged|released|deployed|launched|completed|finished|done|fixed|resolved|implemented|published|closed|passed|landed|migrated|delivered|built|added|created|set up|upgraded|cut over|went live|✅)(?![\w-])/i;
const REFERENCE = /(https?:\/\/\S+|\b(?:dashboard|runbook|channel|wiki page|docs? (?:at|live)|playbook|grafana|notion page|confluence)\b)/i;

const CONTEXT_HINTS: [RegExp, ItemCategory][] = [
  [/\bdecisions?\b/i, "decision"],
  [/\b(blockers?|open items?|open questions?|todo|next steps?|problems?|issues?|risks?)\b/i, "blocker"],
  [/\b(outcomes?|done|shipped|accomplish\w*|results?|completed|progress|wins?)\b/i, "outcome"],
  [/\b(lessons?|learn\w*|insights?|gotchas?)\b/i, "lesson"],
  [/\b(preferences?)\b/i, "preference"],
  [/\b(links?|references?|resources?)\b/i, "reference"],
];

/** Decides what an item is, by its seed 004 type, its section heading, then its words. */
export function classifyItem(item: LogItem): ItemCategory {
  const text = `${item.title ?? ""} ${item.text}`;
  if (item.kind && KIND_CATEGORY[item.kind]) return KIND_CATEGORY[item.kind]!;
  const byWords = classifyByWords(text);
  const saysNothingElse = byWords === "context" || byWords === "reference";
  if (saysNothingElse && ROUTINE.test(text)) return "routine";
  for (const [pattern, category] of CONTEXT_HINTS) {
    if (pattern.test(item.context)) return category;
  }
  if (saysNothingElse && ROUTINE.test(item.context)) return "routine";
  return byWords;
}

/** The pattern that put an item in its category, to find the sentence that says it. */
export const CATEGORY_PATTERNS: Partial<Record<ItemCategory, RegExp>> = {
  preference: PREFERENCE,
  lesson: LESSON,
  decision: DECISION,
  blocker: BLOCKER,
  outcome: OUTCOME,
  reference: REFERENCE,
};

function classifyByWords(text: string): ItemCategory {
  if (PREFERENCE.test(text)) return "preference";
  if (LESSON.test(text)) return "lesson";
  if (DECISION.test(text)) return "decision";
  if (RESOLVED.test(text)) return "outcome";
  if (BLOCKER.test(text)) return "blocker";
  if (OUTCOME.test(text)) return "outcome";
  if (REFERENCE.test(text)) return "reference";
  return "context";
}

/** Same statement, whatever the day or hour: lower case, no dates, times, stamps or punctuation. Other numbers count. */
export function routineKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b\d{4}-\d{2}-\d{2}(?:t[\d:.+z-]+)?\b|\b\d{1,2}:\d{2}(?::\d{2})?\b|~?\d+\s*(?:h|hr|hrs|min|mins|minutes|s|sec|ms)\b/g, " ")
    .replace(/[:.,;!?()*_`~#>|-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
