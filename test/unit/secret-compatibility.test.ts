import { describe, expect, it } from "vitest";
import { compatibilityView } from "../../src/logs/compatibility-view.js";
import { redactSecrets } from "../../src/logs/redact-secrets.js";
import { exampleSecret as fake } from "../../src/logs/secret-patterns.js";

const R = (kind: string) => `[REDACTED:${kind}]`;

// ASCII as full-width forms (`ｇｈｐ＿`), and as mathematical bold letters and digits (`𝐠𝐡𝐩`), as NFKC folds them back.
const wide = (ascii: string) => ascii.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const bold = (ascii: string) =>
  ascii.replace(/[A-Za-z0-9]/g, (c) =>
    String.fromCodePoint(/\d/.test(c) ? 0x1d7ce + Number(c) : /[A-Z]/.test(c) ? 0x1d400 + c.charCodeAt(0) - 65 : 0x1d41a + c.charCodeAt(0) - 97),
  );

// A key or a password written in characters NFKC folds to ASCII: the tokenizer reads it as plain ASCII (a search
// index, `.compact/*-terms.bin`), so redaction reads it so too, and the marker covers the characters it came from.
// [name, input, expected output]: the whole output is compared, so a span that lands off its characters fails too.
const COMPATIBILITY_FORMS: [string, string, string][] = [
  ["a GitHub token's prefix in full-width", `token ${wide("ghp_")}${fake("", 36)} ok`, `token ${R("github-token")} ok`],
  ["a GitHub token all in full-width", `token ${wide(fake("ghp_", 36))} ok`, `token ${R("github-token")} ok`],
  ["an AWS key in full-width letters and digits", `id ${wide("AKIAQWERTYUIOPASDFGH")} ok`, `id ${R("aws-access-key")} ok`],
  ["a GitHub token's prefix in mathematical bold", `key ${bold("ghp")}_${fake("", 36)} ok`, `key ${R("github-token")} ok`],
  ["an AWS key in mathematical bold", `id ${bold("AKIAQWERTYUIOPASDFGH")} ok`, `id ${R("aws-access-key")} ok`],
  ["an OpenAI key in full-width with a zero-width space", `key ${wide("sk-proj-ab12")}\u200b${wide(fake("", 40))} ok`, `key ${R("openai-key")} ok`],
  ["circled digits in a password after a local label", "Passwort: Sommer②⓪②④", `Passwort: ${R("password")}`],
  ["superscript digits in a password after a dash", "Password - Hunter²⁰²⁴ for now", `Password - ${R("password")} for now`],
  ["a label and its sign in full-width", "ｐａｓｓｗｏｒｄ： Zebra7Lion", `ｐａｓｓｗｏｒｄ： ${R("password")}`],
  ["a full-width value on the line after its label", `Staging DB password:\n  ${wide("Tr0ub4dor&3")}`, `Staging DB password:\n  ${R("password")}`],
  ["a no-break space before a French label's colon", "mot de passe\u00a0: Zebra7Lion", `mot de passe\u00a0: ${R("password")}`],
  ["an ideographic space after an English label's colon", "password:\u3000Zebra7Lion", `password:\u3000${R("password")}`],
  // NFKC makes one character two (`ﬁ`, `㎏`) and a surrogate pair one (`𝐱`): the marker still lands on the key alone.
  [
    "a key among characters NFKC changes the length of",
    `ﬁle ㎏ 𝐱 ℝ² then ${wide(fake("ghp_", 36))} ok ﬁn 😀 ${bold("x")}`,
    `ﬁle ㎏ 𝐱 ℝ² then ${R("github-token")} ok ﬁn 😀 ${bold("x")}`,
  ],
  [
    "a key on the third line of a paragraph",
    `# Notes ²\nline one\n${wide("AKIAQWERTYUIOPASDFGH")} and\nline four`,
    `# Notes ²\nline one\n${R("aws-access-key")} and\nline four`,
  ],
  [
    "two keys in two windows far apart",
    `${wide("AKIAQWERTYUIOPASDFGH")}\n${"\nfiller line\n".repeat(20)}\nid ${bold("AKIAQWERTYUIOPASDFGZ")}`,
    `${R("aws-access-key")}\n${"\nfiller line\n".repeat(20)}\nid ${R("aws-access-key")}`,
  ],
];

// Characters that show nothing beyond those the twelfth pass took out: one inside a key split it into parts no rule finds.
const INVISIBLE_FORMS: [string, string, string][] = [
  ["invisible times", `key ${fake("sk-proj-ab12", 0)}\u2062${fake("cd", 38)} ok`, `key ${R("openai-key")} ok`],
  ["an invisible separator", `token ${fake("ghp_", 12)}\u2063${fake("", 24)} ok`, `token ${R("github-token")} ok`],
  ["a tag character", `key ${fake("sk-proj-ab12", 0)}\u{e0041}${fake("cd", 38)} ok`, `key ${R("openai-key")} ok`],
  ["a variation selector after a letter", `key ${fake("sk-proj-ab12", 0)}\ufe0f${fake("cd", 38)} ok`, `key ${R("openai-key")} ok`],
  ["a combining grapheme joiner", `id AKIAQWERTY\u034fUIOPASDFGH ok`, `id ${R("aws-access-key")} ok`],
  ["a Hangul filler", `id AKIAQWERTY\u3164UIOPASDFGH ok`, `id ${R("aws-access-key")} ok`],
];

// Text in those characters that holds no secret, or only talks about one: left as it is.
const LEFT: [string, string][] = [
  ["math and measures", "H₂O and ℝ² and ﬁle ½ cup, ① first ② second, x² + y² = z², ⅔ of the ㎏"],
  ["Chinese punctuation and a full-width digit after a label", "密码：bcrypt加密（至少８位）"],
  ["emoji with variation selectors and a keycap", "Step 1️⃣ done, ⚙️ settings, ❤️ it"],
  ["half-width kana, Hangul and a full-width count", "ｶﾞｲﾄﾞ and 한국어 and ｔｏｋｅｎ ｂｕｄｇｅｔ： ４０９６"],
  ["full-width prose about a password", "ｐａｓｓｗｏｒｄ ｒｅｓｅｔ ｆｌｏｗ ｓｈｉｐｐｅｄ, the ＡＰＩ ｋｅｙ is stored in Vault"],
  ["a full-width version and date", "upgraded to ｖ１．２．３ on ２０２６－０３－０４"],
  // A window reaches a table whole: its header row, cut from its `|---|` line, would read as a row of a password.
  ["a table header three lines after a changed line", "Math: ℝ²\none\ntwo\n| Service | Password | Notes |\n|---|---|---|\n| db | see vault | monthly |"],
];

describe("redactSecrets: keys and passwords in compatibility forms", () => {
  it.each([...COMPATIBILITY_FORMS, ...INVISIBLE_FORMS])("%s", async (_name, input, expected) => {
    const result = await redactSecrets(input);
    expect(result.text).toBe(expected);
    expect(result.text.split("\n")).toHaveLength(input.split("\n").length);
    // No half of a surrogate pair is left.
    expect(result.text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it.each(LEFT)("leaves %s", async (_name, text) => {
    expect(await redactSecrets(text)).toEqual({ text, count: 0, kinds: [] });
  });

  it("comes back unchanged when redacted again", async () => {
    for (const [, input] of COMPATIBILITY_FORMS) {
      const once = (await redactSecrets(input)).text;
      expect((await redactSecrets(once)).text).toBe(once);
    }
  });

  it("reads long lines of those characters in time linear in their length", { timeout: 10_000 }, async () => {
    // Each a line of 200,000 characters, a key at its end: one normalized piece at a time, a window of one line.
    for (const piece of [wide("ghp_a1 "), `${bold("ghp")}_ `, "ℝ² ", "ｇ", "②", "a\u2062"]) {
      const line = piece.repeat(Math.ceil(200_000 / piece.length));
      const result = await redactSecrets(`${line} id ${wide("AKIAQWERTYUIOPASDFGH")}\n`);
      expect(result.text.endsWith(` id ${R("aws-access-key")}\n`)).toBe(true);
    }
  });
});

describe("compatibilityView", () => {
  it("maps each character of the view to whole characters of the text", () => {
    // A ligature made two, kana and its voicing mark made one, a letter and its accents, a surrogate pair and a mark.
    const text = "ﬁ ｶﾞ ｅ\u0301 ｘ\u0301\u0302 𝐱\u{1d165} ａ 😀";
    const view = compatibilityView(text);
    expect(view?.text).toBe("fi ガ é x\u0301\u0302 x\u{1d165} a 😀");
    const pieces = [...view!.text].map((_, i, all) => {
      const at = all.slice(0, i).join("").length;
      const span = view!.spanOf(at, at + all[i]!.length);
      return text.slice(span!.start, span!.end);
    });
    expect(pieces).toEqual([
      "ﬁ",
      "ﬁ",
      " ",
      "ｶﾞ",
      " ",
      "ｅ\u0301",
      " ",
      "ｘ\u0301\u0302",
      "ｘ\u0301\u0302",
      "ｘ\u0301\u0302",
      " ",
      "𝐱\u{1d165}",
      "𝐱\u{1d165}",
      " ",
      "ａ",
      " ",
      "😀",
    ]);
  });

  it("is undefined for ASCII, and for text NFKC folds into no key's characters", () => {
    expect(compatibilityView("plain ASCII: password=hunter2")).toBeUndefined();
    expect(compatibilityView("中文（注释）：完成，100％ … ⚙️ café ¨")).toBeUndefined();
  });

  it("keeps windows apart: no span across the gap between them", () => {
    const text = `ａ\n${"\nline\n".repeat(10)}\nｂ`;
    const view = compatibilityView(text)!;
    // Three lines with text on each side of a changed line, the blank lines among them; the gap between.
    expect(view.text).toBe(`a\n${"\nline\n".repeat(3).slice(0, -1)}\n\n\n${"line\n\n".repeat(3)}b`);
    expect(view.spanOf(0, view.text.length)).toBeUndefined();
    expect(view.spanOf(0, 1)).toEqual({ start: 0, end: 1 });
    expect(view.spanOf(view.text.length - 1, view.text.length)).toEqual({ start: text.length - 1, end: text.length });
  });
});
