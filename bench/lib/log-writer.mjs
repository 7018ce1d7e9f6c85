// Builds one daily log's text from a random source, a vocabulary and the project's
// changing settings. The shapes are the ones real agent logs mix: timestamped
// full-context entries (`## [14:30] 🔷 decision: Title` + body), session blocks,
// heartbeats, routine lines, date headings, CJK and German notes, links and numbers.

const KINDS = [
  ["🔷", "decision"],
  ["⚙️", "implementation"],
  ["🔍", "research"],
  ["⚠️", "blocker"],
  ["✅", "outcome"],
  ["💡", "lesson"],
];
// How a UTF-8 emoji reads after a Latin-1 round trip: some real logs carry it that way.
const MOJIBAKE = { "🔷": "üî∑", "✅": "‚úÖ", "💡": "üí°" };
const RELATIVE = ["tomorrow", "next Friday", "in two weeks", "on Monday", "next month", "the day after tomorrow"];
const ROUTINE = [
  "HEARTBEAT_OK",
  "Inbox checked: nothing needs attention.",
  "Status check: all services green, no new messages.",
  "Calendar: nothing in the next 2 hours.",
];
const SETTINGS = [
  ["default model", (r) => r.pick(["Kimi K2.5", "Claude Sonnet", "GPT-4.1 mini", "Qwen 3", "Gemini Flash", "DeepSeek V3"])],
  ["backup interval", (r) => `${r.int(1, 24)} h`],
  ["deploy region", (r) => r.pick(["eu-west-1", "us-east-2", "ap-northeast-1", "eu-central-1", "sa-east-1"])],
  ["heartbeat interval", (r) => `${r.pick([10, 15, 30, 45, 60, 120])} min`],
  ["cache TTL", (r) => `${r.int(1, 72)} h`],
  ["database pool size", (r) => String(r.int(4, 64))],
  ["weekly report day", (r) => r.pick(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])],
  ["log retention", (r) => `${r.pick([14, 30, 60, 90, 180, 365])} days`],
  ["primary chat channel", (r) => r.pick(["Telegram", "Slack", "Discord", "WhatsApp", "email"])],
  ["max tokens per call", (r) => String(r.pick([1024, 2048, 4096, 8192]))],
  ["nightly build time", (r) => `${String(r.int(0, 6)).padStart(2, "0")}:${r.pick(["00", "15", "30", "45"])} UTC`],
  ["staging branch", (r) => r.pick(["develop", "staging", "next", "release"])],
  ["daily budget cap", (r) => `$${r.int(2, 60)}`],
  ["test runner", (r) => r.pick(["vitest", "jest", "node:test", "mocha"])],
  ["search backend", (r) => r.pick(["SQLite FTS", "Orama", "Meilisearch", "pgvector", "Tantivy"])],
  ["reply language", (r) => r.pick(["English", "German", "Chinese", "Japanese"])],
  ["on-call rotation", (r) => `${r.pick(["weekly", "fortnightly", "daily"])}, ${r.int(2, 6)} people`],
  ["rate limit", (r) => `${r.int(10, 600)} requests/min`],
];

/** The project's settings, each with a value that decisions change over time. */
export function createSettings(random) {
  return SETTINGS.map(([name, value]) => ({ name, value: value(random), next: value }));
}

const pad = (n) => String(n).padStart(2, "0");
const clock = (minutes) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Writes log text entry by entry; `entries` counts the sections a compactor sees as entries. */
export function createLogWriter(random, vocabulary, settings) {
  const r = random;
  const v = vocabulary;
  const title = () => (r.chance(0.5) ? r.pick(v.topics) : capital(`${r.pick(v.words)} ${r.pick(v.words)} ${r.pick(v.words)}`));
  const number = () =>
    r.pick([
      `${r.int(2, 99)} files`,
      `${r.int(1, 900)} ms`,
      `${(r.next() * 20).toFixed(1)} MiB`,
      `${r.int(2, 40)} tests`,
      `v${r.int(0, 4)}.${r.int(0, 20)}.${r.int(0, 9)}`,
      `${r.int(1, 100)}%`,
    ]);
  const bullets = (min, max) => Array.from({ length: r.int(min, max) }, () => `- ${r.pick(v.bullets)}`);
  const emojiFor = (emoji) => (r.chance(0.1) ? "" : r.chance(0.03) && MOJIBAKE[emoji] ? `${MOJIBAKE[emoji]} ` : `${emoji} `);

  const fullContext = (time) => {
    const [emoji, kind] = r.pick(KINDS);
    const body = [r.chance(0.7) ? r.pick(v.sentences) : `Worked on ${r.pick(v.words)} ${r.pick(v.words)}: ${number()}.`, "", ...bullets(2, 4)];
    if (r.chance(0.25)) body.push(`- See ${r.pick(v.links)}`);
    if (r.chance(0.2)) body.push(`- Follow up ${r.pick(RELATIVE)}.`);
    return [`## [${time}] ${emojiFor(emoji)}${kind}: ${title()}`, "", ...body];
  };
  const decision = (time) => {
    const setting = r.pick(settings);
    const old = setting.value;
    let value = setting.next(r);
    if (value === old) value = setting.next(r);
    setting.value = value;
    if (value === old) {
      return [
        `## [${time}] ${emojiFor("🔷")}decision: Keep ${setting.name} at ${value}`,
        "",
        `Reviewed the ${setting.name} again; ${value} still fits.`,
        "",
        ...bullets(1, 2),
      ];
    }
    // Half name the setting alone, so later decisions land on the same topic and contradict it.
    const heading = r.chance(0.5) ? capital(setting.name) : `Set ${setting.name} to ${value}`;
    return [
      `## [${time}] ${emojiFor("🔷")}decision: ${heading}`,
      "",
      "Analysis showed:",
      `- ${setting.name} was ${old}; measured ${number()} with it`,
      `- ${r.pick(v.bullets)}`,
      `- Decision: switch ${setting.name} from ${old} to ${value}`,
      "",
      `**Why:** ${r.pick(v.sentences)}`,
      `**How to apply:** use ${value} for ${setting.name} from now on.`,
    ];
  };
  const session = (start, n) => [`## Session ${n} (${clock(start)}–${clock(start + r.int(20, 150))})`, "", ...bullets(3, 6)];
  const heartbeat = (time) => (r.chance(0.5) ? [`## [${time}] heartbeat`, "", r.pick(ROUTINE)] : [`## ${time} - Heartbeat`, "", `- ${r.pick(ROUTINE)}`]);
  const routine = (time) => [`## [${time}] ${emojiFor("⚙️")}implementation: Nightly backup`, "", `Backup finished: ${number()}, checksums OK.`];
  const cjk = (time) => [
    `## [${time}] ${emojiFor("💡")}lesson: ${r.pick(v.cjk).slice(0, 40)}`,
    "",
    ...Array.from({ length: r.int(2, 4) }, () => `- ${r.pick(v.cjk)}`),
  ];
  const german = (time) => [
    `## ${time} - ${r.pick(["Notizen", "Setup-Session", "Besprechung", "Recherche"])}`,
    "",
    ...Array.from({ length: r.int(2, 4) }, () => `- ${r.pick(v.german)}`),
  ];
  const shapes = { fullContext, decision, heartbeat, routine, cjk, german };
  const weights = { fullContext: 40, decision: 6, heartbeat: 22, routine: 8, cjk: 7, german: 5, session: 12 };

  /** `count` entries between `from` and `to` (minutes of the day), in time order. */
  const entries = (count, from = 6 * 60, to = 23 * 60 + 59) => {
    const lines = [];
    let sessions = 0;
    for (let i = 0; i < count; i++) {
      const minute = from + Math.floor(((to - from) * i) / Math.max(1, count)) + r.int(0, 9);
      const shape = r.weighted(weights);
      const entry = shape === "session" ? session(minute, ++sessions) : shapes[shape](clock(Math.min(minute, to)));
      lines.push(...entry, "");
    }
    return lines;
  };
  return { entries, title };
}
