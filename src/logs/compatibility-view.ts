/**
 * A text's lines as the tokenizer reads them (NFKC, `src/text/tokenize.ts`), where that turns characters into a key's:
 * full-width letters and digits (`ｇｈｐ＿…`, `ＡＫＩＡ…`), mathematical ones (`𝐠𝐡𝐩_…`), circled and superscript digits
 * (`Sommer②⓪②④`), spaces of other widths (`mot de passe\u00a0: …`). Redaction looks for secrets in it too, so that no key
 * reaches a search index as plain ASCII.
 */
export interface CompatibilityView {
  /** The windows around those lines, one after another, each line that needs it in its NFKC form. */
  text: string;
  /**
   * Where `start`..`end` of `text` is in the text: whole characters (a character NFKC made two of, or a surrogate pair, is
   * covered whole). Undefined for a span across two windows, which are not side by side in the text.
   */
  spanOf(start: number, end: number): { start: number; end: number } | undefined;
}

const ASCII = /^[\x00-\x7f]*$/;
const NOT_ASCII = /[^\x00-\x7f]+/g;
// What a character NFKC changes may become that a key is made of: a letter, a digit, one of the signs inside keys. Not
// what the full-width forms of Chinese and Japanese punctuation and signs become (`（`, `：`, `，`, `～`, `％`, `＊`: a
// sign that ends a value in either form, or a password's that a full-width letter or digit beside it brings in).
const KEY_CHARACTER = /[A-Za-z0-9_+\-/=@]/;
// Or a space of another width, where a value after its label starts (`mot de passe\u00a0: …`, `password:\u3000…`). Not
// a spacing accent, which NFKC makes a space and a mark (`¨`).
const SPACE = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/;
// What NFKC joins to the character before it: marks, Hangul's vowels and finals, half-width kana's voicing marks.
const JOINER = String.raw`[\p{M}\u1160-\u11ff\uff9e\uff9f]`;
const JOINED = new RegExp(`${JOINER}+`, "uy");
const JOINS_ALONE = new RegExp(`^${JOINER}$`, "u");
const BLANK = /^\s*$/;
// Lines with text read on each side of a line that changes, and the rest of their paragraphs: more than any rule reads
// across, as `redactEdit` scans an edit; a table or a key is not cut (a header row cut from its `|---|` line reads as a row).
const CONTEXT_LINES = 3;
// Between two windows in the view: blank lines, as between paragraphs in the text.
const GAP = "\n\n\n";

/** The view of `text`, or undefined when NFKC turns none of its characters into a key's. */
export function compatibilityView(text: string): CompatibilityView | undefined {
  if (ASCII.test(text)) return undefined;
  const changes = changedAt(text);
  if (changes.length === 0) return undefined;
  const starts = lineStarts(text);
  const lineEnd = (line: number) => (line + 1 < starts.length ? starts[line + 1]! - 1 : text.length);
  const blank = new Uint8Array(starts.length);
  for (let line = 0; line < starts.length; line++) blank[line] = BLANK.test(text.slice(starts[line], lineEnd(line))) ? 1 : 0;
  const changed = new Uint8Array(starts.length);
  const lines: number[] = [];
  let line = 0;
  for (const at of changes) {
    while (line + 1 < starts.length && starts[line + 1]! <= at) line++;
    if (!changed[line]) lines.push(line);
    changed[line] = 1;
  }

  // A line of full-width letters holds a few characters many times: each is normalized once.
  const normals = new Map<string, string>();
  const normalOf = (piece: string) => {
    const known = normals.get(piece);
    if (known !== undefined) return known;
    const normal = piece.normalize("NFKC");
    normals.set(piece, normal);
    return normal;
  };
  const view = new ViewBuilder();
  // A stretch of the text as it is, each unit for itself, a surrogate pair for the pair.
  const copy = (start: number, end: number) => {
    for (let at = start; at < end; at++) {
      const code = text.charCodeAt(at);
      if ((code & 0xfc00) === 0xd800 && at + 1 < end && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00) {
        view.add(code, at, at + 2);
        view.add(text.charCodeAt(++at), at - 1, at + 1);
      } else view.add(code, at, at + 1);
    }
  };
  // The view's offset each window starts at.
  const windowStarts: number[] = [];
  for (const [first, last] of windowsAround(lines, blank)) {
    if (windowStarts.length > 0) for (let i = 0; i < GAP.length; i++) view.add(GAP.charCodeAt(i), -1, -1);
    windowStarts.push(view.length);
    const end = lineEnd(last);
    let copied = starts[first]!;
    for (let line = first; line <= last; line++) {
      if (!changed[line]) continue;
      // A character NFKC changes stands for itself and what it joins, whatever it becomes (`ﬁ` → `fi`, `𝐠` → `g`).
      for (let at = starts[line]!, lineEnds = lineEnd(line); at < lineEnds; ) {
        const next = pieceEnd(text, at, lineEnds);
        if (next - at > 1 || text.charCodeAt(at) >= 0x80) {
          const piece = text.slice(at, next);
          const normal = normalOf(piece);
          if (normal !== piece) {
            copy(copied, at);
            for (let i = 0; i < normal.length; i++) view.add(normal.charCodeAt(i), at, next);
            copied = next;
          }
        }
        at = next;
      }
    }
    copy(copied, end);
  }
  const { from, to } = view;
  return {
    text: view.text(),
    spanOf(start, end) {
      if (end <= start || start < 0 || end > view.length) return undefined;
      const [first, last] = [from[start]!, to[end - 1]!];
      if (first < 0 || last < 0) return undefined;
      // The same window: no window starts after `start` and at or before `end - 1`.
      const after = firstAbove(windowStarts, start);
      if (after < windowStarts.length && windowStarts[after]! <= end - 1) return undefined;
      return { start: first, end: last };
    },
  };
}

// The view as it is built: its UTF-16 units and, for each, the characters of the text it stands for (-1 in a gap). Typed
// arrays that double when full: a string and two numbers per unit took most of a long line's time.
class ViewBuilder {
  units = new Uint16Array(1024);
  from = new Int32Array(1024);
  to = new Int32Array(1024);
  length = 0;

  add(unit: number, from: number, to: number): void {
    if (this.length === this.units.length) {
      const [units, from, to] = [new Uint16Array(this.length * 2), new Int32Array(this.length * 2), new Int32Array(this.length * 2)];
      units.set(this.units);
      from.set(this.from);
      to.set(this.to);
      [this.units, this.from, this.to] = [units, from, to];
    }
    this.units[this.length] = unit;
    this.from[this.length] = from;
    this.to[this.length++] = to;
  }

  text(): string {
    const parts: string[] = [];
    for (let at = 0; at < this.length; at += 4096) parts.push(String.fromCharCode(...this.units.subarray(at, Math.min(this.length, at + 4096))));
    return parts.join("");
  }
}

// Where a run of characters NFKC turns into a key's starts, in order.
function changedAt(text: string): number[] {
  const found: number[] = [];
  for (const run of text.matchAll(NOT_ASCII)) {
    const normal = run[0].normalize("NFKC");
    if (normal !== run[0] && (KEY_CHARACTER.test(normal) || SPACE.test(run[0]))) found.push(run.index);
  }
  return found;
}

// Whether each character of the Basic Multilingual Plane is joined to the one before it (1) or not (2): looked up once (a line of full-width letters asked the pattern at each, a third of the view's time).
const JOINS = new Uint8Array(0x10000);

// One character and what NFKC joins to it, from `at` (a surrogate pair is one).
function pieceEnd(text: string, at: number, end: number): number {
  const code = text.charCodeAt(at);
  let next = at + (code >= 0xd800 && code < 0xdc00 && at + 1 < end && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00 ? 2 : 1);
  const following = text.charCodeAt(next);
  if (next < end && following >= 0x80) {
    JOINS[following] ||= JOINS_ALONE.test(text[next]!) ? 1 : 2;
    if (JOINS[following] === 1 || (following & 0xfc00) === 0xd800) {
      JOINED.lastIndex = next;
      if (JOINED.test(text)) next = Math.min(JOINED.lastIndex, end);
    }
  }
  return next;
}

// The windows of lines (first and last) around the changed lines, in order, none touching another. Linear: each bound is
// looked up in arrays built in one pass.
function windowsAround(changed: readonly number[], blank: Uint8Array): [number, number][] {
  const lines = blank.length;
  // The lines with text, and for each line how many of them come before it.
  const withText: number[] = [];
  const before = new Int32Array(lines);
  for (let line = 0; line < lines; line++) {
    before[line] = withText.length;
    if (!blank[line]) withText.push(line);
  }
  // Each line's paragraph: the first and the last line of the run of lines with text it is in (a blank line is its own).
  const paragraphStart = new Int32Array(lines);
  const paragraphEnd = new Int32Array(lines);
  for (let line = 0; line < lines; line++) paragraphStart[line] = line > 0 && !blank[line] && !blank[line - 1] ? paragraphStart[line - 1]! : line;
  for (let line = lines - 1; line >= 0; line--) paragraphEnd[line] = line + 1 < lines && !blank[line] && !blank[line + 1] ? paragraphEnd[line + 1]! : line;
  const windows: [number, number][] = [];
  for (const line of changed) {
    const earlier = before[line]!;
    const first = earlier >= CONTEXT_LINES ? withText[earlier - CONTEXT_LINES]! : 0;
    const later = earlier + (blank[line] ? 0 : 1) + CONTEXT_LINES - 1;
    const last = later < withText.length ? withText[later]! : lines - 1;
    const window: [number, number] = [paragraphStart[first]!, paragraphEnd[last]!];
    const previous = windows.at(-1);
    // Side by side or overlapping: one window (no gap between lines that follow each other in the text).
    if (previous && window[0] <= previous[1] + 1) previous[1] = Math.max(previous[1], window[1]);
    else windows.push(window);
  }
  return windows;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return starts;
}

/** The index of the first of `sorted` above `value` (their length when none is). */
export function firstAbove(sorted: readonly number[], value: number): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}
