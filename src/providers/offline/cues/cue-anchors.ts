// What a cue's pattern can put in a match, as sequences of pieces: a known character, a run of
// unknown characters (perhaps none, perhaps letters), or a run of white space (at least one character).
type Piece = string | typeof ANY | typeof SPACE;
type Sequence = Piece[];

const ANY = 0;
const SPACE = 1;
// A cue whose pattern reads as more sequences than this is not worth the trouble.
const MOST_SEQUENCES = 512;
// Counted repeats (`{0,4}`) are written out up to this many.
const MOST_REPEATS = 4;
const WORD_CHAR = /^[\p{L}\p{N}_]$/iu;

class Unreadable extends Error {}

/**
 * True when every match of a cue holds a character outside ASCII that no
 * ASCII character matches (ignoring case): a text of ASCII alone cannot hold
 * it. So it is for Chinese, Japanese and Thai words and for symbols (`✅`).
 */
export function needsNonAscii(source: string): boolean {
  const sequences = readSequences(source);
  return sequences?.every((sequence) => sequence.some((piece) => typeof piece === "string" && outsideAscii(piece))) === true;
}

/**
 * Words, in lower case, one of which every match of a spaced cue holds as a
 * whole word (compileCues puts a word boundary at both ends of each cue): a
 * text without any of them cannot hold the cue. `(?:we|I)(?:'ve| have)? chosen`
 * gives `chosen`; `\p{Lu}\p{Ll}+ prefers` gives `prefers`. Undefined when the
 * pattern can match without a word known in advance, or is written in a way
 * this reader does not know: then the cue must always be asked.
 */
export function anchorWords(source: string): string[] | undefined {
  const sequences = readSequences(source);
  if (!sequences) return undefined;
  const anchors = new Set<string>();
  for (const sequence of sequences) {
    const word = longestWholeWord(sequence);
    // A word is matched by its letters in lower case, unless one of them outside ASCII matches an ASCII letter.
    if (word === undefined || [...word].some((char) => char.codePointAt(0)! > 0x7f && !outsideAscii(char))) return undefined;
    anchors.add(word.toLowerCase());
  }
  return [...anchors];
}

function readSequences(source: string): Sequence[] | undefined {
  try {
    const reader = new Reader(source);
    const sequences = reader.alternatives();
    return reader.at === source.length ? sequences : undefined;
  } catch (error) {
    if (error instanceof Unreadable) return undefined;
    throw error;
  }
}

const ASCII = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join("");

// Outside ASCII, and matching no ASCII character even ignoring case (the Kelvin sign matches `k`).
function outsideAscii(char: string): boolean {
  return char.codePointAt(0)! > 0x7f && !new RegExp(`[${char}]`, "iu").test(ASCII);
}

// A run of known word characters is a whole word of the text when what comes before and after it in
// the match is known not to be a word character: the start or end of the match, white space or a known character.
function longestWholeWord(sequence: Sequence): string | undefined {
  let best: string | undefined;
  let run = "";
  let openedWhole = true;
  for (let i = 0; i <= sequence.length; i++) {
    const piece = sequence[i];
    if (typeof piece === "string" && WORD_CHAR.test(piece)) {
      run += piece;
      continue;
    }
    const closesWhole = piece === undefined || piece === SPACE || typeof piece === "string";
    if (run && openedWhole && closesWhole && (best === undefined || run.length > best.length)) best = run;
    run = "";
    openedWhole = closesWhole;
  }
  return best;
}

// Reads the few constructs cue tables use; anything else is Unreadable.
class Reader {
  at = 0;

  constructor(private readonly source: string) {}

  alternatives(): Sequence[] {
    const all = [...this.sequence()];
    while (this.source[this.at] === "|") {
      this.at++;
      all.push(...this.sequence());
    }
    return all;
  }

  private sequence(): Sequence[] {
    let sequences: Sequence[] = [[]];
    while (this.at < this.source.length && this.source[this.at] !== "|" && this.source[this.at] !== ")") {
      const item = this.item();
      const next: Sequence[] = [];
      for (const head of sequences) for (const tail of item) next.push([...head, ...tail]);
      if (next.length > MOST_SEQUENCES) throw new Unreadable();
      sequences = next;
    }
    return sequences;
  }

  // One atom and its quantifier, as the sequences it can add.
  private item(): Sequence[] {
    const atom = this.atom();
    const quantifier = /^(?:[?*+]|\{(\d+)(?:(,)(\d*))?\})\??/.exec(this.source.slice(this.at));
    if (!quantifier) return atom;
    this.at += quantifier[0].length;
    const sign = quantifier[0][0];
    const low = sign === "?" || sign === "*" ? 0 : sign === "+" ? 1 : Number(quantifier[1]);
    const high =
      sign === "?"
        ? 1
        : sign === "*" || sign === "+"
          ? Number.POSITIVE_INFINITY
          : quantifier[2]
            ? quantifier[3]
              ? Number(quantifier[3])
              : Number.POSITIVE_INFINITY
            : low;
    if (high <= MOST_REPEATS) return repeat(atom, low, high);
    // Many repeats of white space are white space; of anything else, anything.
    const spaceOnly = atom.every((sequence) => sequence.length === 1 && sequence[0] === SPACE);
    const many: Sequence = [spaceOnly ? SPACE : ANY];
    return low === 0 ? [[], many] : [many];
  }

  private atom(): Sequence[] {
    const char = this.source[this.at]!;
    if (char === "(") return this.group();
    if (char === "[") return this.characterClass();
    if (char === "\\") return this.escape();
    if (char === "^" || char === "$") {
      this.at++;
      return [[]];
    }
    if (char === "." || char === "*" || char === "+" || char === "?" || char === "{" || char === "}" || char === "]") {
      if (char !== ".") throw new Unreadable();
      this.at++;
      return [[ANY]];
    }
    const codePoint = String.fromCodePoint(this.source.codePointAt(this.at)!);
    this.at += codePoint.length;
    return [[codePoint]];
  }

  private group(): Sequence[] {
    const opening = /^\((?:\?(?::|=|!|<=|<!|<[A-Za-z_]\w*>))?/.exec(this.source.slice(this.at))![0];
    this.at += opening.length;
    const inside = this.alternatives();
    if (this.source[this.at] !== ")") throw new Unreadable();
    this.at++;
    // A lookaround adds nothing to the match.
    return /^\(\?(?:=|!|<=|<!)$/.test(opening) ? [[]] : inside;
  }

  // A class of plain characters is each of them; any other class, some character.
  private characterClass(): Sequence[] {
    const end = this.source.indexOf("]", this.at + 1);
    if (end === -1) throw new Unreadable();
    const members = this.source.slice(this.at + 1, end);
    this.at = end + 1;
    // A `-` first or last is itself; between two characters it makes a range.
    if (members === "" || members.startsWith("^") || members.includes("\\") || /.-./su.test(members)) return [[ANY]];
    return [...members].map((member) => [member]);
  }

  private escape(): Sequence[] {
    const rest = this.source.slice(this.at);
    const property = /^\\[pP]\{[^}]*\}/.exec(rest);
    if (property) {
      this.at += property[0].length;
      return [[ANY]];
    }
    const letter = rest[1];
    if (letter === undefined) throw new Unreadable();
    this.at += 2;
    if (letter === "s") return [[SPACE]];
    if (letter === "b" || letter === "B") return [[]];
    if (/[dDwWS]/.test(letter)) return [[ANY]];
    // Escaped punctuation stands for itself; any other escape is not read here.
    if (/[()[\]{}.*+?^$|\\/'"\-:,;!#&%@~`<>=]/.test(letter)) return [[letter]];
    throw new Unreadable();
  }
}

function repeat(atom: Sequence[], low: number, high: number): Sequence[] {
  const out: Sequence[] = [];
  let copies: Sequence[] = [[]];
  for (let n = 0; n <= high; n++) {
    if (n >= low) out.push(...copies);
    if (n === high) break;
    const next: Sequence[] = [];
    for (const head of copies) for (const tail of atom) next.push([...head, ...tail]);
    if (next.length + out.length > MOST_SEQUENCES) throw new Unreadable();
    copies = next;
  }
  return out;
}
