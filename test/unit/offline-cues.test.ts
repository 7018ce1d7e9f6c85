import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CUE_TABLES } from "../../src/providers/offline/cues/all-cue-tables.js";
import { compileCues } from "../../src/providers/offline/cues/compile-cues.js";
import type { CueKind, CueTable } from "../../src/providers/offline/cues/cue-table.js";
import { cuesIn, hasCue } from "../../src/providers/offline/cues/find-cues.js";
import { answerForTexts } from "../helpers/offline-harness.js";

type Examples = Partial<Record<CueKind, string>> & { decision: string; neutral: string; routine: string };

// Sentences of our own, one per kind, as an agent would write them in each language.
const EXAMPLES: Record<string, Examples> = {
  english: {
    decision: "We decided to move the nightly export to 03:00.",
    outcome: "Deployed the billing export to production.",
    blocker: "Waiting on legal to approve the privacy text.",
    lesson: "Lesson learned: the index rebuild doubles the database load.",
    preference: "Dana prefers short answers with the command first.",
    correction: "Dana corrected me: the release branch is main.",
    routine: "Checked inbox: no new messages.",
    neutral: "The meeting room looks over the river.",
  },
  german: {
    decision: "Wir haben entschieden, auf Postgres umzustellen.",
    outcome: "Der Export ist fertig und läuft in Produktion.",
    blocker: "Der Deploy ist fehlgeschlagen, wir warten auf Zugangsdaten.",
    lesson: "Gelernt: Migrationen laufen nie am Freitag.",
    preference: "Adi bevorzugt kurze Antworten.",
    routine: "Heartbeat: keine neuen Nachrichten.",
    neutral: "Der Besprechungsraum liegt am Fluss.",
  },
  spanish: {
    decision: "Decidimos usar Postgres para el servicio de sincronización.",
    outcome: "El servicio quedó desplegado en producción.",
    blocker: "Seguimos bloqueado por el proveedor, esperando la cuota.",
    lesson: "Aprendimos que la migración necesita una ventana de mantenimiento.",
    preference: "Ana prefiere respuestas cortas.",
    routine: "Revisé el correo: sin novedades.",
    neutral: "La sala de reuniones da al río.",
  },
  french: {
    decision: "Nous avons choisi Postgres pour le service de synchronisation.",
    outcome: "L'export est terminé et déployé en production.",
    blocker: "Le déploiement est bloqué, en attente des accès.",
    lesson: "Leçon apprise : la migration bloque la base pendant dix minutes.",
    preference: "Claire préfère des réponses courtes.",
    routine: "Boîte de réception vérifiée : rien de nouveau.",
    neutral: "La salle de réunion donne sur la rivière.",
  },
  portuguese: {
    decision: "Decidimos usar Postgres no serviço de sincronização.",
    outcome: "O serviço foi implantado em produção e está pronto.",
    blocker: "O deploy falhou, aguardando as credenciais.",
    lesson: "Aprendemos que a migração precisa de uma janela.",
    preference: "A Ana prefere respostas curtas.",
    routine: "Verifiquei o e-mail: nada de novo.",
    neutral: "A sala de reuniões dá para o rio.",
  },
  chinese: {
    decision: "决定改用 Postgres 作为同步服务的数据库。",
    outcome: "导出任务已完成并上线。",
    blocker: "部署失败，等待供应商提高配额。",
    lesson: "教训：周五不执行数据库迁移。",
    preference: "用户偏好：使用繁体中文沟通。",
    routine: "心跳：无新增消息，一切正常。",
    neutral: "会议室可以看到河边的树。",
  },
  japanese: {
    decision: "同期サービスには Postgres を採用することに決定した。",
    outcome: "エクスポート機能の実装が完了した。",
    blocker: "デプロイが失敗し、認証情報の待ちで保留中。",
    lesson: "学んだこと：金曜日にはマイグレーションをしない。",
    preference: "ユーザーの好み：短い返事。",
    routine: "定期チェック：異常なし。",
    neutral: "会議室から川が見える。",
  },
  thai: {
    decision: "ตัดสินใจเลือกใช้ Postgres สำหรับบริการซิงค์",
    outcome: "ย้ายข้อมูลเสร็จเรียบร้อย",
    blocker: "ติดปัญหา รอสิทธิ์จากผู้ดูแลระบบ",
    lesson: "บทเรียน: อย่ารันไมเกรชันในวันศุกร์",
    preference: "ผู้ใช้ชอบคำตอบสั้นๆ",
    routine: "ตรวจสถานะ ไม่มีอะไรใหม่",
    neutral: "ห้องประชุมมองเห็นแม่น้ำ",
  },
};

const SUBSTANTIVE: CueKind[] = ["decision", "blocker", "lesson", "correction", "preference"];
const tables = CUE_TABLES.map((table) => [table.language, table] as const);

describe("cue tables", () => {
  it("cover at least English, German, Spanish, French, Portuguese, Chinese and Japanese", () => {
    expect(CUE_TABLES.map((t) => t.language)).toEqual(expect.arrayContaining(["english", "german", "spanish", "french", "portuguese", "chinese", "japanese"]));
    for (const table of CUE_TABLES) expect(EXAMPLES[table.language], `examples for ${table.language}`).toBeDefined();
  });
});

describe.each(tables)("%s cue table", (language, table: CueTable) => {
  const examples = EXAMPLES[language]!;

  it("has words for every kind, each a valid expression without capture groups", () => {
    for (const [kind, cues] of Object.entries(table.cues)) {
      expect(cues.length, kind).toBeGreaterThan(0);
      for (const cue of cues) expect(new RegExp(`${cue}|`, "iu").exec("")!.length, cue).toBe(1);
    }
    expect(table.headings.decision.length).toBeGreaterThan(0);
    expect(table.why.length).toBeGreaterThan(0);
    expect(table.rule.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(examples).filter(([kind]) => kind !== "neutral"))("finds %s in its example", (kind, sentence) => {
    expect(compileCues([table], (t) => t.cues[kind as CueKind]).test(sentence)).toBe(true);
  });

  it("finds nothing substantive in a neutral sentence", () => {
    for (const kind of SUBSTANTIVE) expect(compileCues([table], (t) => t.cues[kind]).test(examples.neutral), kind).toBe(false);
  });

  it("puts a decision written in the language under Key Decisions and drops its routine line", async () => {
    const answer = await answerForTexts([{ name: "2026-03-02.md", text: `# 2026-03-02\n\n## Sync\n\n- ${examples.routine}\n- ${examples.decision}\n` }]);
    const decisions = answer.sections.get("Key Decisions") ?? [];
    expect(decisions.some((bullet) => bullet.includes(examples.decision.slice(0, 12)))).toBe(true);
    expect(answer.summary).not.toContain(examples.routine);
  });
});

describe("hasCue and cuesIn, asked again and again", () => {
  // Kinds without symbols of their own: their pattern is the tables' alone.
  const KINDS: CueKind[] = ["decision", "lesson", "preference", "routine", "correction", "mistake", "reference", "resolved"];
  const patterns = new Map(KINDS.map((kind) => [kind, compileCues(CUE_TABLES, (table) => table.cues[kind])]));
  const texts = Object.values(EXAMPLES).flatMap((examples) => Object.values(examples).filter((text): text is string => typeof text === "string"));

  it("answers every question as the pattern does, whatever was asked before", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...texts, "", "nothing at all"), fc.constantFrom(...KINDS)), { maxLength: 60 }), (questions) => {
        for (const [text, kind] of questions) {
          expect(hasCue(text, kind)).toBe(patterns.get(kind)!.test(text));
          const all = cuesIn(text);
          for (const other of KINDS) expect(all.has(other)).toBe(patterns.get(other)!.test(text));
        }
      }),
      { numRuns: 200 },
    );
  });
});
