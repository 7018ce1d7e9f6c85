import { isFunctionWord } from "./function-words.js";
import { LOCAL_PASSWORD_WORDS, NOT_SECRETS } from "./secret-patterns.js";

// A passphrase of words (`password: correct horse battery staple`) is read from a label's value of small letters
// alone: prose after a label is that too (`Password: rotated every quarter`, `password: again and again`). Told
// apart by its structure: a passphrase is a run of words that ends its line, with no function word (`and`, `by`,
// `für`), no word of state or pointer after the first (`see vault`, `expires soon`: NOT_SECRETS), no sentence's
// punctuation; four words at least after a sign or a verb (diceware's shortest), three after a passphrase's label.
// A quoted value is taken whole already (`wifi password is "correct horse battery staple"`).
// After `=` only where the key starts its line, and is no shell's: an INI file's (`password = correct horse battery
// staple`, spaces around `=`) or a note's, in small letters (`pwd=correct horse battery staple`). After an environment
// variable's name or a prompt, a shell reads one word and the rest is its command (`DB_PASSWORD=x npm run migrate`,
// `$ PGPASSWORD=postgres psql mydb`).
const MOST_WORDS = 12;
const WORDS = new RegExp(String.raw`(?:[ \t]+\p{Ll}{2,32}){1,${MOST_WORDS - 1}}[ \t]*(?=\r?\n|$)`, "uy");
// The first word may have a sentence's capital (`Password: Correct horse battery staple`).
const FIRST_WORD = /^\p{Lu}?\p{Ll}{1,31}$/u;
// The label before the value: a password's word, then a sign or a verb (`is`, `ist`, `lautet`, `est`, `es`, `jest`),
// maybe with markdown's emphasis or an opening quote mark. Not a flag (`--password foo`, `-passin pass:foo`).
const LABEL = new RegExp(
  String.raw`(?:\bp(?:ass(?:word|wd|phrase)|wd|w)s?\b|${LOCAL_PASSWORD_WORDS})[^\n]{0,200}?(?<sign>[:：=]|->|[ \t][-–—]|[ \t](?:is|was|ist|lautet|war|est|était|es|era|é|è|är|er|on|jest|je|это))[ \t*„«“]*$`,
  "i",
);
// A key that starts its line, up to its `=`: maybe indented; a shell's has no space before `=` and no small letter.
const KEY_LINE = /(?:^|\n)[ \t]*(?<key>[\w.-]+)(?<space>[ \t]*)=$/;
const SMALL_LETTER = /[a-z]/;

function configKey(text: string, labelStart: number, label: string): boolean {
  const before = text.slice(Math.max(0, labelStart - 200), labelStart) + label.slice(0, label.lastIndexOf("=") + 1);
  const key = KEY_LINE.exec(before)?.groups;
  return key !== undefined && (key["space"] !== "" || SMALL_LETTER.test(key["key"] ?? ""));
}
const PASSPHRASE_LABEL = /passphrase/i;
// A first word of state or a pointer starts a sentence when it is a verb's form (`rotated every single quarter`,
// `expires next month anyway`, `see ops for details`, `geändert`, `changé`, `cambiada`, `zmienione`); another may
// start a passphrase as any word does (`correct horse battery staple`: `correct` alone is a state, NOT_SECRETS).
const VERB_FORM = /^(?:ge|ver)\p{L}+[td]$|(?:ed|es|é|ée|ado|ada|ido|ida|ato|ata|ito|ita|at|ad|ne)$/u;
const POINTERS = new Set("see use ask check via from per siehe voir ver zie vedi смотри см".split(" "));

/**
 * Where a passphrase of words that starts with the value at `start`..`end` ends, or undefined when the value is one
 * word. The label is the text from `labelStart` (a match's start) to the value.
 */
export function passphraseEnd(text: string, labelStart: number, start: number, end: number): number | undefined {
  if (!FIRST_WORD.test(text.slice(start, end)) || text[labelStart] === "-") return undefined;
  const first = text.slice(start, end).toLowerCase();
  const label = text.slice(labelStart, start);
  const sign = LABEL.exec(label)?.groups?.["sign"];
  if (sign === undefined || (sign === "=" && !configKey(text, labelStart, label))) return undefined;
  WORDS.lastIndex = end;
  const run = WORDS.exec(text);
  if (!run) return undefined;
  const rest = run[0].trim().split(/[ \t]+/);
  const fewest = PASSPHRASE_LABEL.test(label) ? 3 : 4;
  if (rest.length + 1 < fewest) return undefined;
  if (isFunctionWord(first) || (NOT_SECRETS.has(first) && (VERB_FORM.test(first) || POINTERS.has(first)))) return undefined;
  if (rest.some((word) => isFunctionWord(word) || NOT_SECRETS.has(word))) return undefined;
  return end + run[0].trimEnd().length;
}
