import { diffLines } from "diff";
import { mayHoldKubernetesSecret } from "./kubernetes-secrets.js";
import { type RedactionResult, redactSecrets } from "./redact-secrets.js";
import { MAILGUN_NAMED } from "./secret-patterns.js";

// Lines with text scanned on each side of a change, and the blank lines among them: more than any
// rule reads across (a table row reads the line after it; a `\s+` between a key's name and its value
// may run over blank lines).
const CONTEXT_LINES = 3;
// The start of a private key block, as secretlint's rule and the table find it (spaces optional).
const PRIVATE_KEY_BEGIN = /BEGIN[^\n]{0,40}PRIVATE KEY/i;
// Its end: a key pasted without its BEGIN line is read up from it, any number of lines.
const PRIVATE_KEY_END = /END[^\n]{0,40}PRIVATE KEY/i;
// Shorter texts are scanned whole: that is as quick as finding what changed.
const EDIT_FROM = 8_192;
// Past this many changed lines, so is the whole text.
const MAX_EDIT_LINES = 400;

/**
 * Redacts `text`, a new version of `before`, which is known to hold no
 * secret: only the lines around what changed are scanned. A memory a long run
 * rewrites every week is mostly what it was, and scanning it whole each time
 * redacted several times the history's own size.
 *
 * Sound because a rule that finds a secret in a stretch of unchanged lines,
 * context and all, would have found it in `before` too.
 */
export async function redactEdit(text: string, before: string): Promise<RedactionResult> {
  if (text === before) return { text, count: 0, kinds: [] };
  // Rules that read further than a window's context lines: a Kubernetes Secret's values are found from its `kind:` up
  // to 200 lines away, a Mailgun key from "mailgun" up to 300 characters away.
  if (mayHoldKubernetesSecret(text) || MAILGUN_NAMED.test(text)) return redactSecrets(text);
  const starts = text.length < EDIT_FROM ? undefined : lineStarts(text);
  const windows = starts && changedLines(before, text, starts);
  if (!starts || !windows) return redactSecrets(text);
  const parts: string[] = [];
  const kinds = new Set<string>();
  let count = 0;
  let copied = 0;
  for (let next = 0; next < windows.length; ) {
    let [from, to] = windows[next++]!;
    for (;;) {
      while (next < windows.length && windows[next]![0] <= to) to = Math.max(to, windows[next++]![1]);
      const start = starts[from]!;
      const end = starts[to] ?? text.length;
      const scanned = text.slice(start, end);
      // A private key may end any number of lines further on: scan to the end.
      if (end < text.length && PRIVATE_KEY_BEGIN.test(scanned)) {
        to = starts.length;
        continue;
      }
      // A key without its BEGIN line may start any number of lines further up: scan it all (END lines are rare).
      if (start > 0 && PRIVATE_KEY_END.test(scanned)) return redactSecrets(text);
      const found = await redactSecrets(scanned);
      // A secret reaching the window's last line may go on past it, and a rule may read the line
      // after it: scan further.
      if (found.count > 0 && end < text.length && lastLine(found.text) !== lastLine(scanned)) {
        to = Math.min(starts.length, to + Math.max(CONTEXT_LINES, to - from));
        continue;
      }
      parts.push(text.slice(copied, start), found.text);
      copied = end;
      count += found.count;
      for (const kind of found.kinds) kinds.add(kind);
      break;
    }
  }
  if (count === 0) return { text, count: 0, kinds: [] };
  parts.push(text.slice(copied));
  return { text: parts.join(""), count, kinds: [...kinds] };
}

function lastLine(text: string): string {
  return text.slice(text.lastIndexOf("\n", text.length - 2) + 1);
}

/**
 * The lines of `text` to scan, as ranges of line numbers in text order: each
 * changed line (or the seam a removed line left) with its context. Undefined
 * when too much changed to be worth it.
 */
function changedLines(before: string, text: string, starts: number[]): [number, number][] | undefined {
  const lines = starts.length;
  // What did not change at either end is skipped before the diff, which only sees the middle.
  const head = commonHeadLines(before, text, starts);
  const tail = commonTailLines(before, text, starts, head);
  const oldMiddle = before.slice(starts[head] ?? text.length, before.length - (text.length - (starts[lines - tail] ?? text.length)));
  const newMiddle = text.slice(starts[head] ?? text.length, starts[lines - tail] ?? text.length);
  const changes = diffLines(oldMiddle, newMiddle, { maxEditLength: MAX_EDIT_LINES });
  if (changes === undefined) return undefined;
  const changed: [number, number][] = [];
  let line = head;
  for (const change of changes) {
    if (change.removed) changed.push([line, line]);
    else if (change.added) {
      changed.push([line, line + change.count]);
      line += change.count;
    } else line += change.count;
  }
  // Blank as a rule's `\s` sees it, or the text with what shows nothing taken out.
  const row = (index: number) => text.slice(starts[index], (starts[index + 1] ?? text.length + 1) - 1).includes("|");
  const blank = (index: number) => /^[\s\p{Cf}]*$/u.test(text.slice(starts[index], (starts[index + 1] ?? text.length + 1) - 1));
  const windows: [number, number][] = [];
  for (const [first, last] of changed) {
    let from = first;
    for (let seen = 0; from > 0 && seen < CONTEXT_LINES; ) if (!blank(--from)) seen++;
    let to = last;
    for (let seen = 0; to < lines && seen < CONTEXT_LINES; ) if (!blank(to++)) seen++;
    const previous = windows.at(-1);
    // A table row is read with its header, and a header with its rows, however far apart (`tableSecrets` reads the
    // header a row is under): the window takes in the whole run of lines with a `|` it starts or ends in. Not past the
    // window before (which took it in), so each line of a long table is walked once.
    while (from > (previous?.[1] ?? 0) && row(from) && row(from - 1)) from--;
    if (to > (previous?.[1] ?? 0)) while (to < lines && row(to - 1) && row(to)) to++;
    if (previous && from <= previous[1]) previous[1] = Math.max(previous[1], to);
    else windows.push([from, to]);
  }
  return windows;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) if (at + 1 < text.length) starts.push(at + 1);
  return starts;
}

// Whole lines at the start of `text` that `before` starts with too.
function commonHeadLines(before: string, text: string, starts: number[]): number {
  const limit = Math.min(before.length, text.length);
  let same = 0;
  while (same < limit && before.charCodeAt(same) === text.charCodeAt(same)) same++;
  let lines = 0;
  // The line `same` stopped in is not whole (the texts differ).
  while (lines + 1 < starts.length && starts[lines + 1]! <= same) lines++;
  return lines;
}

// Whole lines at the end of `text`, after its first `head` lines, that `before` ends with too.
function commonTailLines(before: string, text: string, starts: number[], head: number): number {
  const limit = Math.min(before.length, text.length) - (starts[head] ?? text.length);
  let same = 0;
  while (same < limit && before.charCodeAt(before.length - 1 - same) === text.charCodeAt(text.length - 1 - same)) same++;
  let lines = 0;
  // A line counts when it starts where the common end starts, or after it, and its start follows a line break in `before` too.
  for (let index = starts.length - 1; index >= head; index--) {
    const fromEnd = text.length - starts[index]!;
    if (fromEnd > same) break;
    if (fromEnd !== before.length && before[before.length - fromEnd - 1] !== "\n") break;
    lines++;
  }
  return lines;
}
