import { createRequire } from "node:module";
import { creator as recommendedPreset } from "@secretlint/secretlint-rule-preset-recommend";
import type { SecretLintRuleContext, SecretLintRuleCreator, SecretLintSourceCode } from "@secretlint/types";
import { BoundedCache } from "../text/bounded-cache.js";
import { sha256 } from "../text/hash.js";
import { compatibilityView, firstAbove } from "./compatibility-view.js";
import { functionWordLists, isFunctionWord } from "./function-words.js";
import { headlessPrivateKeys } from "./headless-keys.js";
import { kubernetesSecretValues } from "./kubernetes-secrets.js";
import { passphraseEnd } from "./passphrase.js";
import { aboutThePassword } from "./password-phrase.js";
import {
  bareValueEnd,
  CHANGE_VERB_WORD,
  inQuery,
  isPlaceholder,
  LONGEST_VALUE,
  localPlaceholders,
  NOT_SECRETS,
  PROSE_BEFORE_A_WORD,
  PROSE_STATES,
  placeholderAfterItsLabel,
  queryValueEnd,
  SECRET_PATTERNS,
  stateAfterItsLabel,
} from "./secret-patterns.js";
import { tableSecrets } from "./table-secrets.js";

/** Text with its secrets replaced by `[REDACTED:kind]`. */
export interface RedactionResult {
  text: string;
  /** How many secrets were replaced. */
  count: number;
  /** Kinds found, e.g. `openai-key`, `password`, in order of first appearance. */
  kinds: string[];
}

/** Bytes with their secrets replaced by `[REDACTED:kind]`. */
export interface ByteRedactionResult {
  /** The input itself when nothing was found. */
  bytes: Uint8Array;
  count: number;
  kinds: string[];
}

interface Span {
  start: number;
  end: number;
  kind: string;
  /** Lower wins when spans overlap: secretlint first, then table order. */
  rank: number;
}

// secretlint's rules run directly, not through lintSource: in 11.7.1 each lintSource call
// grows a module-level profiler whose marks are rescanned on every new mark (quadratic over
// thousands of files), and clearing it between calls races its observer (see bench/README.md).
const SECRETLINT_RULES: SecretLintRuleCreator<unknown>[] = [];
recommendedPreset.create({ sharedOptions: {}, registerRule: (rule) => void SECRETLINT_RULES.push(rule) }, {});
// filter-comments finds no secret: it would let a `secretlint-disable` comment in a log switch redaction off.
const SCANNERS = SECRETLINT_RULES.filter((rule) => !rule.meta.id.endsWith("/secretlint-rule-filter-comments"));

// secretlint message ids → this project's kinds, so a secret reads the same whichever found it.
const KIND_BY_MESSAGE: Record<string, string> = {
  AWSSecretAccessKey: "aws-secret-key",
  AWSAccessKeyID: "aws-access-key",
  AWSAccountID: "aws-account-id",
  PrivateKeyP12: "private-key",
  PrivateKeyJSON: "private-key",
  PrivateKey: "private-key",
  PackageJSON_xOauthToken: "github-token",
  GITHUB_TOKEN: "github-token",
  Npmrc_authToken: "npm-token",
  NPM_ACCESS_TOKEN: "npm-token",
  SLACK_TOKEN: "slack-token",
  IncomingWebhook: "slack-webhook",
  BasicAuth: "url-password",
  MongoDBConnection: "url-password",
  MySQLConnection: "url-password",
  PostgreSQLConnection: "url-password",
  OPENAI_TOKEN: "openai-key",
  ANTHROPIC_API_KEY: "anthropic-key",
  LINEAR_API_TOKEN: "linear-key",
  SENDGRID_KEY: "sendgrid-key",
  SHOPIFY_KEY: "shopify-token",
  OPS_TOKEN: "onepassword-token",
};

// Raise when the redaction finds secrets differently in a way its tables do not show (`isPlaceholder`'s logic).
const REDACTION_REVISION = 29;
let rulesFingerprint: string | undefined;

/**
 * Which rules this redaction runs: a hash of the pattern table, the kinds, the function words,
 * secretlint's preset version and `REDACTION_REVISION`. Text found clean under other rules must be looked at again.
 */
export function redactionRules(): string {
  rulesFingerprint ??= sha256(
    JSON.stringify({
      revision: REDACTION_REVISION,
      secretlint: presetVersion(),
      scanners: SCANNERS.map((rule) => rule.meta.id),
      kinds: KIND_BY_MESSAGE,
      patterns: SECRET_PATTERNS.map(({ kind, pattern, valueTest, passphrase }) => [kind, pattern.source, pattern.flags, valueTest?.source, passphrase]),
      notSecrets: [...NOT_SECRETS],
      localPlaceholders: localPlaceholders(),
      functionWords: functionWordLists(),
      urlPassword: URL_PASSWORD.source,
    }),
  );
  return rulesFingerprint;
}

function presetVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    return (require("@secretlint/secretlint-rule-preset-recommend/package.json") as { version: string }).version;
  } catch {
    return "unknown";
  }
}

const URL_PASSWORD_RANK = SECRET_PATTERNS.findIndex((row) => row.kind === "url-password");
const URL_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:([^\s/?#@]+(?:@[^\s/?#@]+)*)@/di;
const MARKER = /\[REDACTED:[a-z0-9-]+\]/g;
const QUOTES = new Set(['"', "'", "`"]);
const MAX_PASSES = 4;
// A text found clean is clean again: a memory a long run rewrites every week goes to the trash as it
// was written the week before, and is not scanned twice. By content hash, for texts worth hashing.
const KNOWN_CLEAN_FROM = 512;
const KNOWN_CLEAN_LIMIT = 8192;
const knownClean = new BoundedCache<true>(KNOWN_CLEAN_LIMIT, { kept: true });

/**
 * Replaces secrets with `[REDACTED:kind]`: secretlint's recommended rules plus
 * the forms in `SECRET_PATTERNS`. Line breaks inside a secret are kept (before
 * the marker) so line numbers do not move; already-redacted text comes back unchanged.
 */
export async function redactSecrets(text: string): Promise<RedactionResult> {
  const key = text.length >= KNOWN_CLEAN_FROM ? sha256(text) : undefined;
  if (key !== undefined && knownClean.get(key)) return { text, count: 0, kinds: [] };
  let result = await redactOnce(text);
  if (key !== undefined && result.count === 0) {
    knownClean.set(key, true);
  }
  // A secret glued to another can only show its edges once its neighbour is a marker: go again.
  for (let pass = 1; pass < MAX_PASSES && result.count > 0; pass++) {
    const next = await redactOnce(result.text);
    if (next.count === 0) break;
    result = { text: next.text, count: result.count + next.count, kinds: [...new Set([...result.kinds, ...next.kinds])] };
  }
  return result;
}

// Hyphens that look like `-` (a key pasted through a word processor): a key is looked for with them read
// as `-`. Each is one UTF-16 unit, as `-` is, so a span found in the copy is the same span in the text.
const HYPHEN_LOOK_ALIKE = /[\u2010\u2011\u2012\u2212\ufe63\uff0d]/;
const HYPHEN_LOOK_ALIKES = new RegExp(HYPHEN_LOOK_ALIKE.source, "g");

// Characters that show nothing (zero-width spaces and joiners, the word joiner, a soft hyphen, the
// marks and controls of text direction, the Mongolian vowel separator): one inside a key would split
// it into parts no rule finds. The text is scanned as it is and with them taken out (where a key
// would touch the word beside it), and a span found without them covers them in the text.
// Also the other characters Unicode says to show as nothing that no text of ours holds: the invisible operators of
// mathematics, the Arabic letter mark, the combining grapheme joiner, Hangul's fillers, Khmer's inherent vowels,
// Mongolian's variation selectors, the deprecated format controls, shorthand's and music's, and the tag characters
// (U+E0000 on, which spell ASCII no one sees). A variation selector only after a letter, a digit or `_`: emoji take one
// (`⚙️`, in most of the history's logs), a key does not. One class, the selector's letter checked behind it once found:
// an alternation is tried at every position of every text (four times the time). Each character alone: marks among them
// join nothing here (a class of them, written as a literal, reads as if they did).
const SHOWS_NOTHING = String.raw`\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u206a-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0000}-\u{e0fff}`;
const INVISIBLE = new RegExp(String.raw`[${SHOWS_NOTHING}](?<=[^\ufe00-\ufe0f]|\w[\ufe00-\ufe0f])`, "u");
const INVISIBLES = new RegExp(`(?:${INVISIBLE.source})+`, "gu");

async function redactOnce(text: string): Promise<RedactionResult> {
  if (text.length === 0) return { text, count: 0, kinds: [] };
  const folded = HYPHEN_LOOK_ALIKE.test(text) ? text.replace(HYPHEN_LOOK_ALIKES, "-") : text;
  const spans = await spansIn(folded);
  if (INVISIBLE.test(folded)) {
    const visible = withoutInvisible(folded);
    for (const span of await spansIn(visible.text)) {
      spans.push({ ...span, start: visible.at[span.start]!, end: visible.at[Math.max(span.start, span.end - 1)]! + 1 });
    }
  }
  spans.push(...(await compatibilitySpans(folded)));
  spans.push(...wrappedTails(folded, spans));
  return applySpans(text, mergeSpans(dropMarkerSpans(text, spans)));
}

// A key in characters NFKC folds to a key's (`ｇｈｐ＿…`, `𝐠𝐡𝐩_…`, `Sommer②⓪②④`): found in the lines the tokenizer reads so
// (`compatibilityView`), with what shows nothing taken out too, and redacted in the text over the characters it came from.
async function compatibilitySpans(text: string): Promise<Span[]> {
  const view = compatibilityView(text);
  if (view === undefined) return [];
  const spans: Span[] = [];
  const normal = HYPHEN_LOOK_ALIKE.test(view.text) ? view.text.replace(HYPHEN_LOOK_ALIKES, "-") : view.text;
  for (const span of await spansIn(normal)) {
    const found = view.spanOf(span.start, span.end);
    if (found) spans.push({ ...span, ...found });
  }
  if (INVISIBLE.test(normal)) {
    const visible = withoutInvisible(normal);
    for (const span of await spansIn(visible.text)) {
      const found = view.spanOf(visible.at[span.start]!, visible.at[Math.max(span.start, span.end - 1)]! + 1);
      if (found) spans.push({ ...span, ...found });
    }
  }
  return spans;
}

// A key a terminal wrapped goes on at the start of the next line: the rest of a long line that ends
// in a long secret, when that next line is one run of a key's characters with a letter and a digit. A `=` only
// ends it (base64's padding): the next line of an env dump (`NODE_VERSION=20.11.1`) is no key's tail.
const WRAP_WIDTH = 60;
const SHORTEST_WRAPPED = 20;
const TAIL = /(?=[A-Za-z0-9_+/.-]{0,256}\d)(?=[A-Za-z0-9_+/.-]{0,256}[A-Za-z])[A-Za-z0-9_+/.-]{8,256}={0,2}(?=\r?\n|$)/y;

function wrappedTails(text: string, spans: readonly Span[]): Span[] {
  const tails: Span[] = [];
  for (const span of spans) {
    let end = span.end;
    if (end - span.start < SHORTEST_WRAPPED) continue;
    for (;;) {
      const lineBreak = text.startsWith("\r\n", end) ? 2 : text[end] === "\n" ? 1 : 0;
      // A line as long as a terminal's: no line break in the WRAP_WIDTH characters before the span's end. Read no
      // further back: a line of many secrets was read back to its start once for each (quadratic).
      if (lineBreak === 0 || end < WRAP_WIDTH || text.slice(end - WRAP_WIDTH, end).includes("\n")) break;
      TAIL.lastIndex = end + lineBreak;
      const tail = TAIL.exec(text);
      if (!tail || isPlaceholder(tail[0])) break;
      tails.push({ ...span, start: tail.index, end: tail.index + tail[0].length });
      end = tail.index + tail[0].length;
    }
  }
  return tails;
}

async function spansIn(text: string): Promise<Span[]> {
  const rank = SECRET_PATTERNS.length;
  const columns = tableSecrets(text).map((cell) => ({ ...cell, rank }));
  const manifests = kubernetesSecretValues(text)
    .filter((value) => value.end > value.start && !isPlaceholder(text.slice(value.start, value.end)))
    .map((value) => ({ ...value, kind: "secret", rank }));
  const keys = headlessPrivateKeys(text).map((body) => ({ ...body, kind: "private-key", rank }));
  const spans = [...(await secretlintSpans(text)), ...patternSpans(text), ...columns, ...manifests, ...keys];
  return [...spans, ...listedPasswords(text, spans)];
}

// Passwords listed after the first a label gives (`passwords: Prod2024!, Stage2024!`, `password: Prod2024! or
// Stage2024!`): each value after a comma, a slash or `and` / `or` that has a password's shape goes too. Not a host, a
// path, a time, a version or a setting (`password: Hunter2024!, host db01.internal`): no `.`, `/`, `:` or `=` inside.
// Quoted values too (`password: "Prod2024", "Stage2024"`). A value of letters and digits alone is a name as often (`retries3 failed`, `iPhone15 and Pixel8 tested`, `server2
// pronto`): it goes when the list's item ends with it (a comma, a slash, the sentence's or the line's end) or another
// value that goes follows it after `and` / `or`, never when a word goes on from it. One with a sign goes whatever follows.
const LISTED = /["'`]?[ \t]*(?:[,;/]|[ \t](?:and|or|und|oder|et|ou|y|o|e|en|of|och|eller|og|i|lub|и|или)(?=[ \t]))[ \t]*["'`]?([^\s"'`,;]{6,256})/iy;
const NOT_LISTED = /[.:/\\=]./;
const SIGN = /[!@#$%^&*]/;
const ITEM_END = /[ \t]*(?:[,;/|]|\r?\n|$)|[.!?)\]}"'`*_…]|[ \t]+(?:[-–—]|--)[ \t]/y;
// Or what it is for, in a word or three, ends its item (`passwords: Prod2024, Stage2024 for staging`).
// Its words are words: `for user alice2024, bob2024` names users.
const FOR_PHRASE = String.raw`[ \t]+for(?:[ \t]+[\p{L}'-]+){1,3}`;
const FOR_THEN_END = new RegExp(String.raw`${FOR_PHRASE}[ \t]*(?:[,;/|.!?)]|\r?\n|$)`, "uy");
const FOR_BEFORE_NEXT = new RegExp(String.raw`${FOR_PHRASE}(?=[ \t]*[,;/]|[ \t]+(?:and|or)[ \t])`, "uy");
const CAPITAL_FIRST = /^\p{Lu}/u;

function listedPasswords(text: string, spans: readonly Span[]): Span[] {
  const listed: Span[] = [];
  // A list ends where the next password found starts: that one reads what follows it (a line of labels and values was
  // read once per label to its end, in time quadratic in the line).
  const labels = spans
    .filter((span) => span.kind === "password")
    .map((span) => span.start)
    .sort((a, b) => a - b);
  for (const span of spans) {
    if (span.kind !== "password") continue;
    const values: { start: number; end: number; signed: boolean; ended: boolean; joined: boolean }[] = [];
    const nextLabel = labels[firstAbove(labels, span.end - 1)] ?? text.length;
    for (let at = span.end; at < nextLabel; ) {
      // What the last one is for comes between it and the next (`password: Prod2024 for prod, Stage2024 for stage`).
      FOR_BEFORE_NEXT.lastIndex = at;
      if (FOR_BEFORE_NEXT.test(text)) at = FOR_BEFORE_NEXT.lastIndex;
      LISTED.lastIndex = at;
      const next = LISTED.exec(text);
      if (!next) break;
      const word = next[1]!.replace(/[.!?)]+$/, "");
      if (!passwordShaped(word) || NOT_LISTED.test(word)) break;
      const start = at + next[0].length - next[1]!.length;
      at = gluedTailEnd(text, start + word.length);
      ITEM_END.lastIndex = at;
      const previous = values.at(-1);
      if (previous) previous.joined = !/[,;/]/.test(next[0].slice(0, next[0].length - next[1]!.length));
      const ended = ITEM_END.test(text);
      FOR_THEN_END.lastIndex = at;
      const signed = SIGN.test(text.slice(start, at));
      // What it is for ends the item of a password's usual form only (a sign, or a capital first: `Stage2024 for prod`),
      // not of a name (`python3 for scripts`, `node18 for the frontend`).
      values.push({ start, end: at, signed, ended: ended || ((signed || CAPITAL_FIRST.test(word)) && FOR_THEN_END.test(text)), joined: false });
    }
    // From the last: a value goes with a sign, at its item's end, or joined by a word to the next that goes.
    let goes = false;
    const going: boolean[] = [];
    for (let i = values.length - 1; i >= 0; i--) {
      const value = values[i]!;
      goes = value.signed || value.ended || (value.joined && goes);
      going[i] = goes;
    }
    for (const [i, value] of values.entries()) {
      if (!going[i]) break;
      listed.push({ ...span, start: value.start, end: value.end });
    }
  }
  return listed;
}

// The text without its invisible characters, and where each character left came from.
function withoutInvisible(text: string): { text: string; at: Int32Array } {
  const at = new Int32Array(text.length);
  const parts: string[] = [];
  let length = 0;
  let from = 0;
  for (const match of text.matchAll(INVISIBLES)) {
    for (let i = from; i < match.index; i++) at[length++] = i;
    parts.push(text.slice(from, match.index));
    from = match.index + match[0].length;
  }
  for (let i = from; i < text.length; i++) at[length++] = i;
  parts.push(text.slice(from));
  return { text: parts.join(""), at: at.subarray(0, length) };
}

/**
 * Redacts a file's bytes. Valid UTF-8 goes through `redactSecrets`; anything else
 * is matched on a latin1 view (one byte, one character) so every byte outside a
 * secret comes back exactly as it was.
 */
export async function redactBytes(bytes: Uint8Array): Promise<ByteRedactionResult> {
  const text = decodeUtf8(bytes);
  const view = text ?? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  const result = await redactSecrets(view);
  if (result.count === 0) return { bytes, count: 0, kinds: [] };
  const out = text === undefined ? Buffer.from(result.text, "latin1") : Buffer.from(result.text, "utf8");
  return { bytes: new Uint8Array(out.buffer, out.byteOffset, out.byteLength), count: result.count, kinds: result.kinds };
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    // ignoreBOM keeps a BOM in the text, so valid files round-trip byte for byte.
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

async function secretlintSpans(text: string): Promise<Span[]> {
  const spans: Span[] = [];
  const context: SecretLintRuleContext = {
    sharedOptions: {},
    createTranslator: (() => (messageId: string, data?: unknown) => ({ message: messageId, messageId, data })) as SecretLintRuleContext["createTranslator"],
    report: ({ message, range }) => {
      const kind = KIND_BY_MESSAGE[message.messageId] ?? message.messageId;
      // A URL's password is named by a vendor's row when one knows it (`api:key-…@api.mailgun.net`), as the table's own URL row is.
      const rank = kind === "url-password" ? URL_PASSWORD_RANK : -1;
      const span = narrowUrl(text, { ...secretRange(text, message.data, range), kind, rank });
      if (span) spans.push(span);
    },
    ignore: () => {},
  };
  const source = sourceCode(text);
  await Promise.all(SCANNERS.map((rule) => rule.create(context, {}).file?.(source)));
  return spans;
}

// The AWS secret-key rule (11.7.1) reports the start of `KEY = ` with the secret's length; find the secret itself.
function secretRange(text: string, data: unknown, [start, end]: readonly [number, number]): { start: number; end: number } {
  const key = (data as { KEY?: unknown } | undefined)?.KEY;
  if (typeof key !== "string" || key.length === 0 || text.startsWith(key, start)) return { start, end };
  const at = text.indexOf(key, start);
  return at === -1 ? { start, end } : { start: at, end: at + key.length };
}

// secretlint reports a whole URL for credentials in it; only the password needs to go.
function narrowUrl(text: string, span: Span): Span | undefined {
  if (span.kind !== "url-password") return span;
  const found = URL_PASSWORD.exec(text.slice(span.start, span.end))?.indices?.[1];
  if (!found) return span;
  const start = span.start + found[0];
  const end = span.start + found[1];
  return isPlaceholder(text.slice(start, end)) ? undefined : { ...span, start, end };
}

function sourceCode(content: string): SecretLintSourceCode {
  const unused = (): never => {
    throw new Error("secret redaction uses ranges only");
  };
  return {
    hasBOM: content.charCodeAt(0) === 0xfeff,
    content,
    filePath: "log.md",
    physicalFilePath: undefined,
    contentType: "text",
    ext: ".md",
    getFilePath: () => "log.md",
    getPhysicalFilePath: () => undefined,
    locationToRange: unused,
    rangeToLocation: unused,
    positionToIndex: unused,
    indexToPosition: unused,
  };
}

interface Line {
  start: number;
  end: number;
}

// Each match, with where the text it was searched in starts (a line's start: see `matchesInLines`).
function* matchesIn(text: string, pattern: RegExp): Generator<[RegExpExecArray, number]> {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) yield [match, 0];
}

// Each line's matches, at their offsets in the text. The row's own look behind sees its line only, as its matches do.
// The caller moves `lastIndex` on (past an empty match, past a long value), in the line's offsets.
function* matchesInLines(text: string, pattern: RegExp, lines: readonly Line[]): Generator<[RegExpExecArray, number]> {
  for (const line of lines) {
    const part = text.slice(line.start, line.end);
    pattern.lastIndex = 0;
    for (let match = pattern.exec(part); match; match = pattern.exec(part)) {
      match.index += line.start;
      yield [match, line.start];
    }
  }
}

const GLOBAL_LABELS = new Map<RegExp, RegExp>();

// The lines that hold a match of `label`, once per text for the rows that share it.
function linesHolding(text: string, label: RegExp, memo: Map<RegExp, Line[]>): Line[] {
  const known = memo.get(label);
  if (known) return known;
  const lines: Line[] = [];
  let search = GLOBAL_LABELS.get(label);
  if (!search) {
    search = new RegExp(label.source, label.flags.includes("g") ? label.flags : `${label.flags}g`);
    GLOBAL_LABELS.set(label, search);
  }
  search.lastIndex = 0;
  for (let found = search.exec(text); found; found = search.exec(text)) {
    const start = text.lastIndexOf("\n", found.index) + 1;
    const next = text.indexOf("\n", found.index);
    const end = next === -1 ? text.length : next;
    lines.push({ start, end });
    search.lastIndex = end;
  }
  memo.set(label, lines);
  return lines;
}

// exec, not matchAll with the `d` flag: matchAll clones each pattern and `d` slows every match
// (about 2x over the real logs). A `value` group ends its match, which gives its offset.
function patternSpans(text: string): Span[] {
  const spans: Span[] = [];
  const linesOf = new Map<RegExp, Line[]>();
  SECRET_PATTERNS.forEach(({ kind, pattern, needs, valueTest, passphrase, inLine }, rank) => {
    if (needs !== undefined && !inLine && !(typeof needs === "string" ? text.includes(needs) : needs.test(text))) return;
    for (const [match, offset] of inLine && needs instanceof RegExp
      ? matchesInLines(text, pattern, linesHolding(text, needs, linesOf))
      : matchesIn(text, pattern)) {
      if (match[0].length === 0) pattern.lastIndex++;
      const words = match.groups?.["words"];
      if (words !== undefined && !aboutThePassword(words)) continue;
      let end = match.index + match[0].length;
      const value = match.groups?.["value"] ?? match.groups?.["value2"];
      if (value === undefined) {
        spans.push({ start: match.index, end, kind, rank });
        continue;
      }
      const valueStart = end - value.length;
      // A bare value cut at the longest a match takes goes on to its end (a URL's query parameter, to the next one);
      // the search goes on from there.
      if (value.length >= LONGEST_VALUE && !QUOTES.has(value[0]!)) {
        end = bareValueEnd(text, end, inQuery(text, valueStart));
        pattern.lastIndex = Math.max(pattern.lastIndex, end - offset);
      }
      // A URL's query parameter ends where the next one starts (`?token=…&page=2`), whichever row read it.
      if (!QUOTES.has(value[0]!) && inQuery(text, valueStart)) end = queryValueEnd(text, valueStart, end);
      const [start, trimmedEnd] = trimValue(text, valueStart, end);
      const found = text.slice(start, trimmedEnd);
      if (valueTest && !valueTest.test(found)) continue;
      if (passphrase) {
        // After a verb a word of state is the sentence's own (`Het wachtwoord is verlopen sinds gisteren avond`).
        const lower = found.toLowerCase();
        const state = NOT_SECRETS.has(lower) || PROSE_BEFORE_A_WORD.has(lower) || placeholderAfterItsLabel(found, text.slice(match.index, start));
        const end = state ? undefined : passphraseEnd(text, match.index, start, trimmedEnd);
        if (end !== undefined) spans.push({ start, end, kind, rank });
        continue;
      }
      // After `was` and the like, a verb that gives a password its value is the sentence's (`the password was mistyped twice`);
      // the change rows read a password after it and `to` or `as` (`was reverted to Winter2023!`).
      const passive = kind === "password" && start === valueStart && PASSIVE_BEFORE.test(text.slice(match.index, start));
      if (passive && CHANGE_VERB_WORD.test(found)) {
        const next = secretAfterWord(text, trimmedEnd);
        if (next) spans.push({ ...next, kind, rank });
        continue;
      }
      // Another word in -ed there, then `as` or `to` and a password (`was wicked to Hunter2024!`): both go, the word as it
      // would alone (a password may be a word in -ed).
      if (passive && PARTICIPLE.test(found) && !NOT_SECRETS.has(found)) {
        PREPOSITION_AFTER.lastIndex = trimmedEnd;
        const next = PREPOSITION_AFTER.test(text) ? secretAfterWord(text, PREPOSITION_AFTER.lastIndex) : undefined;
        if (next) {
          spans.push({ start, end: trimmedEnd, kind, rank }, { ...next, kind, rank });
          continue;
        }
      }
      // A passphrase of words goes whole, whatever its first word says alone (`password: correct horse battery staple`).
      const phraseEnd = kind === "password" && start === valueStart ? passphraseEnd(text, match.index, start, trimmedEnd) : undefined;
      if (phraseEnd !== undefined) {
        spans.push({ start, end: phraseEnd, kind, rank });
        continue;
      }
      const lower = found.toLowerCase();
      // A word that says how a password is, given with `=`: the value, not prose about it (`DB_PASSWORD=correct`).
      const givenState = PROSE_STATES.has(lower) && assigned(text, valueStart);
      const label = text.slice(match.index, start);
      const prose =
        (NOT_SECRETS.has(lower) && !givenState) ||
        placeholderAfterItsLabel(found, label) ||
        (PROSE_BEFORE_A_WORD.has(lower) && (wordFollows(text, trimmedEnd) || stateAfterItsLabel(lower, label))) ||
        (start === valueStart && proseWord(text, found, start, trimmedEnd)) ||
        (start === valueStart && label.startsWith("-") && FLAG_NAMES.has(lower));
      if (trimmedEnd > start && !prose && (givenState || !isPlaceholder(found)) && !namesItsKey(text, match.index, found)) {
        // A password of one word that starts a run of words to its line's end takes the run: a passphrase goes whole
        // or not at all (`wifi password: purple monkey dishwasher`, `password: orange ruby valid staple`).
        const bare = kind === "password" && start === valueStart;
        const runEnd = bare ? passphraseEnd(text, match.index, start, trimmedEnd, { taken: true }) : undefined;
        spans.push({ start, end: runEnd ?? (bare ? gluedTailEnd(text, trimmedEnd) : trimmedEnd), kind, rank });
      } else if (prose) {
        const next = secretAfterWord(text, trimmedEnd);
        if (next) spans.push({ ...next, kind, rank });
      }
    }
  });
  return spans;
}

// A word in -ed after `was`, `were`, `been` or `got` may be a passive verb (`the password was mistyped as Hunter2024!`),
// or the password itself (`the password was wicked until Tuesday`, `was sacred geometry`): a verb of change
// (CHANGE_VERB_WORD) is the verb; another is told by a password after it and `as` or `to`, and then both go. The words of
// state keep their reading (`was updated to AES-256 encryption`).
const PASSIVE_BEFORE = /(?:^|[^\p{L}])(?:was|were|been|got|gets)[ \t]+$/iu;
const PARTICIPLE = /^\p{Ll}{2,}ed$/u;
const PREPOSITION_AFTER = /(?:[ \t]+back)?[ \t]+(?:to|as)(?=[ \t])/iy;

// What prose calls a flag after its name (`the --password flag is deprecated`, `--password option`): not its value.
const FLAG_NAMES = new Set("flag flags option options argument arguments arg args parameter parameters param params switch".split(" "));

// Whether the value at `at` is given with `=` (not `==`, `!=`, `<=`, `>=`), maybe with spaces between.
const ASSIGNED = /(?<![=!<>])=[ \t]*$/;

function assigned(text: string, at: number): boolean {
  return ASSIGNED.test(text.slice(Math.max(0, at - 32), at));
}

// The word after a value that is a word of prose (`Password: use Tr0ub4dor&3`), when it has a password's shape.
const NEXT_WORD = /[ \t]+["'`]?([^\s"'`,;]{6,256})/y;
const PASSWORD_SHAPE = /^(?=.*[\d!@#$%^&*])(?=.*\p{L})/u;
// A count and its unit (`12chars`, `90-days`), not a password.
const COUNT = /^\d+-?[A-Za-z]+$/;

// A word with no label of its own read as a password: six characters or more, a letter and a digit or sign, no count.
function passwordShaped(word: string): boolean {
  return word.length >= 6 && PASSWORD_SHAPE.test(word) && !COUNT.test(word) && !isPlaceholder(word);
}

function secretAfterWord(text: string, at: number): { start: number; end: number } | undefined {
  NEXT_WORD.lastIndex = at;
  const next = NEXT_WORD.exec(text);
  if (!next) return undefined;
  const word = next[1]!.replace(/[.!?)]+$/, "");
  if (!passwordShaped(word)) return undefined;
  const start = at + next[0].length - next[1]!.length;
  return { start, end: gluedTailEnd(text, start + word.length) };
}

// A password's `!` and `?` glued to its end are its own (`login: admin / Sommer2024!`): the rows that stop a bare value
// before a sentence's punctuation, so that prose (`Password - done!`) is judged without it, leave them behind.
const GLUED_TAIL = /[!?]*/y;

function gluedTailEnd(text: string, at: number): number {
  GLUED_TAIL.lastIndex = at;
  GLUED_TAIL.test(text);
  return GLUED_TAIL.lastIndex;
}

// A bare word of letters alone after a label, in any alphabet, is the password (`пароль: секретслово для входа`,
// `password: μυστικό για είσοδο`) unless prose puts it there: a function word (`Password: must be at least 8
// characters`, `пароль: не менее 8 символов`), or a word a count follows a few words on (`password: минимум 8
// символов`, `mot de passe : doit contenir 8 caractères`); words of state and pointers (`none`, `siehe`,
// `хранится`) are in NOT_SECRETS. The function word must have the sentence go on after it: alone (`password: again`,
// `password: nada`) it is the password. The count must be of what a password is made of (`8 characters`, `8 Zeichen`,
// `8 символов`): `password: letmein until 5pm`, `password: sesame for 2FA`, `the wifi password is sunshine for 2
// guests` name the password. So is a count itself (`password: 8 characters`): no password is two digits
// long. A capital inside a word makes it a password (`ЗолотаяРыбка`); a value given with `=` (`--password=секретный
// mydb`) is never prose.
const LETTERS = /^\p{L}+$/u;
const TWO_DIGITS = /^\p{N}{1,2}$/u;
const CAPITAL_INSIDE = /\p{Ll}\p{Lu}/u;
// What a password is made of, in the languages of password labels.
const UNITS = [
  "char(?:acter)?s?|letters?|digits?|symbols?|numbers?",
  "zeichen|buchstaben|ziffern|symbole",
  "caract[eè]res?|lettres|chiffres|symboles",
  "caracteres|letras|d[ií]gitos|n[uú]meros|s[ií]mbolos",
  "caratter[ei]|lettere|cifre|simboli|numeri",
  "tekens?|cijfers",
  "tecken|bokst[aä]ver|siffror|tegn|sifre",
  "karakter(?:li)?|haneli|rakam",
  "znak(?:[oó]w|i)?|liter|cyfr[y]?",
  "символ(?:ов|а)?|знак(?:ов|а)?|цифр[ыа]?|букв[ыа]?",
  "χαρακτήρ(?:ες|ων|ας)|ψηφί(?:α|ων)|γράμματα",
  "תווים|ספרות|אותיות",
  "أحرف|حروف|رموز|أرقام|خانات",
  "նիշ\\p{L}*",
].join("|");
const COUNT_AFTER = new RegExp(String.raw`(?:[ \t]+\p{L}{1,32}){0,3}[ \t]+\p{N}+[ \t]*(?:${UNITS})(?![\p{L}\p{N}])`, "iuy");
const WORD_AFTER = /[ \t]+\p{L}/uy;

function proseWord(text: string, value: string, start: number, end: number): boolean {
  const count = TWO_DIGITS.test(value);
  if (!(count || LETTERS.test(value)) || CAPITAL_INSIDE.test(value)) return false;
  let before = start - 1;
  while (before >= 0 && (text[before] === " " || text[before] === "\t")) before--;
  if (text[before] === "=") return false;
  const after = count ? WORD_AFTER : COUNT_AFTER;
  after.lastIndex = end;
  if (after.test(text)) return true;
  return !count && isFunctionWord(value) && wordFollows(text, end);
}

// Whether another word follows at `at`: the sentence goes on (`mot de passe : dans 1Password`).
const GOES_ON = /[ \t]+[\p{L}\p{N}]/uy;

function wordFollows(text: string, at: number): boolean {
  GOES_ON.lastIndex = at;
  return GOES_ON.test(text);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const IDENTIFIER_CHAR = /[\w$]/;

// A value that is the variable its key is named for, as code passes it on (`api_key=api_key`, `apiKey: apiKey`).
// The key is the identifier the match starts in.
function namesItsKey(text: string, at: number, value: string): boolean {
  if (!IDENTIFIER.test(value)) return false;
  let [start, end] = [at, at];
  while (start > 0 && IDENTIFIER_CHAR.test(text[start - 1]!)) start--;
  while (end < text.length && IDENTIFIER_CHAR.test(text[end]!)) end++;
  const plain = (name: string) => name.replace(/_/g, "").toLowerCase();
  return end > start && plain(text.slice(start, end)) === plain(value);
}

// Quotes around a value stay; so does punctuation that ends the sentence after a bare one.
function trimValue(text: string, start: number, end: number): [number, number] {
  const first = text[start] ?? "";
  if (end - start >= 2 && QUOTES.has(first) && text[end - 1] === first) {
    // In JSON held in a string the value opens and closes with an escaped quote (`\"`): the closing backslash stays with its quote.
    const escaped = text[start - 1] === "\\" && text[end - 2] === "\\" && end - start > 2;
    return [start + 1, escaped ? end - 2 : end - 1];
  }
  let trimmed = end;
  while (trimmed > start && ".,;:)]}".includes(text[trimmed - 1] ?? "")) trimmed--;
  return [start, trimmed];
}

// Redacting twice changes nothing: no span may touch an existing marker.
// A private key is redacted whole even when a marker is inside it (a password redacted there
// before): the marker goes with it, and no BEGIN line is left to find again.
function dropMarkerSpans(text: string, spans: Span[]): Span[] {
  if (!text.includes("[REDACTED:")) return spans;
  const markers = [...text.matchAll(MARKER)].map((m) => [m.index, m.index + m[0].length] as const);
  return spans.filter((span) => span.kind === "private-key" || !markers.some(([start, end]) => span.start < end && start < span.end));
}

// Overlapping finds count once, as the widest span, named by the most specific finder.
function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end || a.rank - b.rank);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start < last.end) {
      last.end = Math.max(last.end, span.end);
      if (span.rank < last.rank) {
        last.kind = span.kind;
        last.rank = span.rank;
      }
      continue;
    }
    merged.push({ ...span });
  }
  return merged;
}

function applySpans(text: string, spans: Span[]): RedactionResult {
  let out = "";
  let cursor = 0;
  const kinds: string[] = [];
  for (const span of spans) {
    const newlines = text.slice(span.start, span.end).split("\n").length - 1;
    // Line breaks go before the marker: text after a secret keeps what precedes it on its line.
    out += `${text.slice(cursor, span.start)}${"\n".repeat(newlines)}[REDACTED:${span.kind}]`;
    cursor = span.end;
    if (!kinds.includes(span.kind)) kinds.push(span.kind);
  }
  out += text.slice(cursor);
  return { text: out, count: spans.length, kinds };
}
