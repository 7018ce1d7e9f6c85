import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import type { Memory } from "../../src/memory/memory.js";
import { RELATED_BUDGET_TOKENS, relatedMemories } from "../../src/pipeline/related-memories.js";
import { RunMemories } from "../../src/pipeline/run-memories.js";
import { renderRelatedMemories } from "../../src/prompt/related-memories.js";
import { approximateTokens } from "../../src/text/approximate-tokens.js";

function memory(i: number, name: string, description: string): Memory {
  return {
    file: `project_m${i}.md`,
    name,
    description,
    type: "project",
    body: description,
    sources: [`2026-01-0${1 + (i % 9)}.md#L1-L2`],
    created: "2026-01-01",
    updated: "2026-01-01",
    status: "active",
    pinned: false,
    supersedes: [],
    mergedFrom: [],
    aliases: [],
    extra: {},
  };
}

// Every memory shares the week's words, so the budget, not the ranking, decides how many are shown.
function related(name: (i: number) => string, description: (i: number) => string, week: string) {
  const memories = new RunMemories(Array.from({ length: 60 }, (_, i) => memory(i, name(i), description(i))));
  return relatedMemories(memories, [{ text: week, file: { relPath: "2026-02-02.md" } }]);
}

describe("related memories beside a week's logs", () => {
  it("stay within about 2,000 real tokens in Chinese and Japanese, not 2,000 characters / 4", () => {
    const chinese = related(
      (i) => `部署流水线决策 ${i}`,
      (i) => `将部署流水线切换为蓝绿发布，因为回滚耗时太长；预发布分支是开发分支，数据库连接池大小为${i}，每周一更新知识领域覆盖情况。`,
      "部署流水线 蓝绿发布 回滚 预发布分支 数据库连接池",
    );
    const japanese = related(
      (i) => `デプロイ方針 ${i}`,
      (i) => `最大${i}回のリトライを設定し、失敗した場合はログに記録してから次のタスクに進むようにしました。デプロイはブルーグリーン方式です。`,
      "リトライ 失敗 ログ デプロイ ブルーグリーン",
    );
    for (const shown of [chinese, japanese]) {
      // Fewer than the 40 a week is shown at most: the budget, not the count, stops the list.
      expect(shown.length).toBeGreaterThan(5);
      expect(shown.length).toBeLessThan(40);
      const lines = renderRelatedMemories(shown).split("\n").slice(2).join("\n");
      expect(countTokens(lines)).toBeLessThanOrEqual(RELATED_BUDGET_TOKENS);
      expect(countTokens(lines)).toBeGreaterThan(RELATED_BUDGET_TOKENS / 2);
    }
  });

  it("show as many English memories as 8,000 characters hold, as before", () => {
    const name = (i: number) => `Deploy pipeline decision ${i}`;
    const description = (i: number) =>
      `Switched the deploy pipeline to blue-green releases because rollbacks took too long, and kept the staging branch on develop; the pool size is ${i}, the rollback window twenty minutes and the canary five per cent.`;
    const shown = related(name, description, "deploy pipeline blue-green releases rollbacks");
    // The rule before tokens: each memory's type, name and description plus 8, within 8,000 characters.
    let chars = 0;
    let fits = 0;
    for (const m of shown) {
      chars += m.type.length + m.name.length + m.description.length + 8;
      if (chars <= 8000) fits++;
    }
    expect(fits).toBe(shown.length);
    // And not one more would have: the smallest of the others does not fit.
    const smallest = Math.min(...Array.from({ length: 60 }, (_, i) => "project".length + name(i).length + description(i).length + 8));
    expect(chars + smallest).toBeGreaterThan(8000);
    expect(shown.length).toBeLessThan(40);
  });
});

describe("the run's memories once its weeks are done", () => {
  it("let their index go: nothing is found and no memory is held after close", () => {
    const memories = new RunMemories(Array.from({ length: 5 }, (_, i) => memory(i, `Deploy target ${i}`, `The deploy target is host ${i}.`)));
    const week = [{ text: "deploy target host", file: { relPath: "2026-02-02.md" } }];
    expect(relatedMemories(memories, week).length).toBeGreaterThan(0);
    memories.close();
    expect(memories.size).toBe(0);
    expect(memories.get("project_m1")).toBeUndefined();
    expect(relatedMemories(memories, week)).toEqual([]);
    expect(memories.neighbours([memory(9, "Deploy target 1", "The deploy target is host 1.")])).toEqual([]);
  });
});

describe("approximateTokens", () => {
  it("is never below o200k's count for text in several scripts", () => {
    const samples = [
      "Switched the deploy pipeline to blue-green releases because rollbacks took too long.",
      "Die Datenbankverbindung wurde auf einen Pool von 54 Verbindungen erhöht.",
      "“Quoted” — with a dash – and → arrows, ★ and ✓ marks",
      "Deploy ✅ done 🚀 🎉 🔥 👨‍👩‍👧‍👦 🇩🇪",
      "𠀀𠀁𠀂 rare Han beyond the Basic Multilingual Plane",
      "将学术论文初稿六步法整理成模板，定期问候，重要信息主动汇报。",
      "最大2回のリトライを設定し、失敗した場合はログに記録します。",
      "배포 파이프라인을 블루그린 방식으로 변경했습니다.",
      "Переключили конвейер развертывания на сине-зеленые релизы.",
      "قمنا بتغيير خط النشر إلى الإصدارات الزرقاء والخضراء.",
      "เปลี่ยนไปใช้การปรับใช้แบบบลูกรีนเพราะการย้อนกลับใช้เวลานาน",
    ];
    for (const text of samples) {
      expect(approximateTokens(text), text).toBeGreaterThanOrEqual(countTokens(text));
      expect(approximateTokens(text), text).toBeLessThan(3 * countTokens(text));
    }
  });
});
