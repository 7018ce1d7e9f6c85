import { describe, expect, it } from "vitest";
import type { PeriodLogs } from "../../src/logs/load-period-logs.js";
import { readLogBytes } from "../../src/logs/read-daily-log.js";
import { parseWeek } from "../../src/period/period.js";
import { prepareCompaction } from "../../src/pipeline/compact-daily.js";

const SETTINGS = { temperature: 0, maxTokens: 1000 };
const KEY = "sk-proj-Zq8xW2vN5tR7yU1iO3pA6sD9fG4hJ0kL2zX5cV8bN1mQ";

async function periodLogs(text: string): Promise<PeriodLogs> {
  const log = await readLogBytes({ relPath: "2026-03-30.md", date: "2026-03-30" }, new TextEncoder().encode(text));
  return { period: parseWeek("2026-W14"), logs: [log], problems: [], redactions: log.redactions };
}

describe("prepareCompaction", () => {
  it("sends no secret from a log, the template or the memories shown beside the logs", async () => {
    const logs = await periodLogs(`## [09:00] set up\n\nexport OPENAI_API_KEY=${KEY}\n`);
    const prepared = await prepareCompaction(
      { system: `Never repeat ${KEY}.`, userTemplate: `{daily_logs}\n## {week_label}\npassword: Tr0ub4dor&3x\n` },
      logs,
      [{ type: "reference", name: "Staging login", description: "password: hunter2hunter2!" }],
      SETTINGS,
    );
    const sent = `${prepared.prompt.system}\n${prepared.prompt.user}`;
    for (const secret of [KEY, "Tr0ub4dor&3x", "hunter2hunter2!"]) expect(sent).not.toContain(secret);
    expect(prepared.prompt.user).toContain("## 2026-W14");
    expect(prepared.prompt.user).toContain("Staging login");
  });

  it("scans a week's logs once, as they are read: only the prompt's other parts are scanned again", async () => {
    // A log is redacted as it is read; a log that (as the library is used) never went through that is not scanned again.
    const logs = await periodLogs("## [09:00] notes\n\nall quiet\n");
    const unread = { ...logs, logs: [{ ...logs.logs[0]!, text: `## [09:00] notes\n\nkey ${KEY}\n` }] };
    const prepared = await prepareCompaction({ system: "s", userTemplate: "{daily_logs}\n{week_label}\n" }, unread, [], SETTINGS);
    expect(prepared.prompt.user).toContain(KEY);
    // Once any other part holds a secret, the whole message is redacted as one text.
    const withSecret = await prepareCompaction({ system: "s", userTemplate: "{daily_logs}\n{week_label}\npassword: Tr0ub4dor&3x\n" }, unread, [], SETTINGS);
    expect(withSecret.prompt.user).not.toContain(KEY);
  });
});
