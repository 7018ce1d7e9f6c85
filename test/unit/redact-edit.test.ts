import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactEdit } from "../../src/logs/redact-edit.js";
import { redactSecrets } from "../../src/logs/redact-secrets.js";
import { exampleSecret, SECRET_PATTERNS } from "../../src/logs/secret-patterns.js";

const FILLER = Array.from({ length: 160 }, (_, i) => `- note ${i}: the deploy of service ${i % 7} went out on time, nothing to report`);

// Lines that hold a secret alone, or with the line after them (a key and its value apart, a table
// row and the header rule under it, a private key and its lines).
const PIECES: string[][] = [
  ...SECRET_PATTERNS.map(({ examples }) => examples.positive.split("\n")),
  ...SECRET_PATTERNS.map(({ examples }) => examples.lookAlike.split("\n")),
  ["Authorization: Basic", "", "", `${exampleSecret("YWRtaW46", 24)}`],
  ["| env | password |", "|---|---|", "| staging | hunter2x |"],
  ["-----BEGIN RSA PRIVATE KEY-----", exampleSecret("MIIEow", 64), exampleSecret("AoGBAK", 64), exampleSecret("BBcdEF", 64), exampleSecret("CCdeFG", 64)],
  ["", "   ", "the password for staging is"],
  ["hunter2x, ask Dana"],
];

// A text of filler with pieces put in, and the same text edited: lines put in, taken out, changed.
const texts = fc
  .record({
    inserts: fc.array(fc.record({ at: fc.nat(FILLER.length), piece: fc.nat(PIECES.length - 1) }), { maxLength: 6 }),
    edits: fc.array(fc.record({ at: fc.nat(400), kind: fc.constantFrom("insert", "remove", "change"), piece: fc.nat(PIECES.length - 1) }), {
      minLength: 1,
      maxLength: 5,
    }),
  })
  .map(({ inserts, edits }) => {
    const lines = [...FILLER];
    for (const { at, piece } of inserts) lines.splice(at, 0, ...PIECES[piece]!);
    const edited = [...lines];
    for (const { at, kind, piece } of edits) {
      const index = at % (edited.length + 1);
      if (kind === "insert") edited.splice(index, 0, ...PIECES[piece]!);
      else if (kind === "remove") edited.splice(index, 1 + (piece % 4));
      else edited.splice(index, 1, `${edited[index] ?? ""} ${PIECES[piece]![0]}`);
    }
    return { before: `${lines.join("\n")}\n`, after: `${edited.join("\n")}\n` };
  });

describe("redactEdit", () => {
  it("finds what a scan of the whole text finds, when the text before the edit was redacted", async () => {
    await fc.assert(
      fc.asyncProperty(texts, async ({ before, after }) => {
        const clean = (await redactSecrets(before)).text;
        expect((await redactSecrets(clean)).count).toBe(0);
        // The new text holds its secrets as they were (a memory rendered again from what it was made of).
        expect(await redactEdit(after, clean)).toEqual(await redactSecrets(after));
      }),
      { numRuns: 150 },
    );
  });

  it("scans only around the change in a long text: a secret further away in it is left as it was", async () => {
    // Not what a caller may pass (the text before must hold no secret), but it shows what is read.
    const far = `token ${exampleSecret("ghp_", 36)}`;
    const before = `${far}\n${FILLER.join("\n")}\n`;
    const after = `${before}the staging password is hunter2x\n`;
    const edited = await redactEdit(after, before);
    expect(edited.count).toBe(1);
    expect(edited.text).toContain(far);
    expect(edited.text).toContain("[REDACTED:password]");
    expect((await redactSecrets(after)).count).toBe(2);
  });

  it("reads a key and its value apart across blank lines, and across the seam a removed line leaves", async () => {
    const value = exampleSecret("YWRtaW46", 24);
    const filler = `${FILLER.join("\n")}\n`;
    const blanks = `${filler}Authorization: Basic\n${"\n".repeat(8)}${value}\n${filler}`;
    const seam = (middle: string) => `${filler}Authorization: Basic\n${middle}${value}\n${filler}`;
    const cases = [
      // The key's line changed; its value is past more blank lines than lines of context.
      { before: blanks.replace("Authorization: Basic", "Authorization: none"), after: blanks },
      // The value's line changed; its key is further back than the lines of context.
      { before: blanks.replace(value, "(none yet)"), after: blanks },
      // A line between the key and its value removed.
      { before: seam("(see the vault)\n"), after: seam("") },
    ];
    for (const { before, after } of cases) {
      expect((await redactSecrets(before)).count).toBe(0);
      const edited = await redactEdit(after, before);
      expect(edited.text).not.toContain(value);
      expect(edited).toEqual(await redactSecrets(after));
    }
  });

  it("takes lines of no-break spaces, form feeds or invisible characters as blank, as a rule's \\s does", async () => {
    const filler = `${FILLER.join("\n")}\n`;
    const value = exampleSecret("abcdef", 26);
    for (const line of ["\u00a0", "\f", "\u200b"]) {
      const middle = `Authorization: Bearer\n${`${line}\n`.repeat(4)}`;
      const before = `${filler}${middle}(see vault)\n${filler}`;
      const after = `${filler}${middle}${value}\n${filler}`;
      const edited = await redactEdit(after, (await redactSecrets(before)).text);
      expect(edited.text).not.toContain(value);
      expect(edited).toEqual(await redactSecrets(after));
    }
  });

  it("reads a private key to its END line however far the change is from it", async () => {
    const filler = `${FILLER.join("\n")}\n`;
    const body = Array.from({ length: 12 }, (_, i) => exampleSecret(`MII${i}`, 64)).join("\n");
    // An encrypted key: a blank line after its headers ends the lines read as the key without its END.
    const rest = `Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0123456789ABCDEF\n\n${body}\n-----END RSA PRIVATE KEY-----\n`;
    const before = `${filler}(key header elided)\n${rest}${filler}`;
    const after = `${filler}-----BEGIN RSA PRIVATE KEY-----\n${rest}${filler}`;
    const edited = await redactEdit(after, (await redactSecrets(before)).text);
    expect(edited.text).not.toContain(exampleSecret("MII5", 64));
    expect(edited).toEqual(await redactSecrets(after));
  });

  it("reads a private key up from an END line put below it, however many lines it has", async () => {
    const keyLines = Array.from({ length: 12 }, (_, i) => exampleSecret(`K${i}x`, 64));
    const before = `${FILLER.join("\n")}\n${keyLines.join("\n")}\n${FILLER.join("\n")}\n`;
    const after = before.replace(`${keyLines[11]}\n`, `${keyLines[11]}\n-----END RSA PRIVATE KEY-----\n`);
    const edited = await redactEdit(after, before);
    for (const line of keyLines) expect(edited.text).not.toContain(line);
    expect(edited).toEqual(await redactSecrets(after));
  });

  it("follows a private key past the lines around the change", async () => {
    const keyLines = Array.from({ length: 12 }, (_, i) => exampleSecret(`K${i}`, 64));
    const before = `${FILLER.join("\n")}\n${keyLines.join("\n")}\n${FILLER.join("\n")}\n`;
    const after = before.replace(keyLines[0]!, `-----BEGIN RSA PRIVATE KEY-----\n${keyLines[0]}`);
    const edited = await redactEdit(after, before);
    for (const line of keyLines) expect(edited.text).not.toContain(line);
    expect(edited).toEqual(await redactSecrets(after));
  });

  it("reads a table row put in further below its header than the lines around the change, as a scan of the whole text does", async () => {
    const rows = Array.from({ length: 10 }, (_, i) => `| user${i} | [REDACTED:password] |`);
    const before = `${FILLER.join("\n")}\n\n| user | password |\n|---|---|\n${rows.join("\n")}\n\nend\n`;
    for (const value of ["Hunter2024x", "Ｈｕｎｔｅｒ２０２４ｘ", "Sommer②⓪②④"]) {
      const after = before.replace("\n\nend\n", `\n| newuser | ${value} |\n\nend\n`);
      const edited = await redactEdit(after, before);
      expect(edited.text).not.toContain(value);
      expect(edited).toEqual(await redactSecrets(after));
    }
    // And a header that comes to name a password, over rows further down than the lines around it.
    const notes = before.replaceAll("[REDACTED:password]", "Hunter2024x").replace("| user | password |", "| user | notes |");
    const renamed = notes.replace("| user | notes |", "| user | password |");
    expect(await redactEdit(renamed, notes)).toEqual(await redactSecrets(renamed));
    expect((await redactSecrets(renamed)).count).toBe(10);
  });
});
