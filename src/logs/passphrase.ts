import { isFunctionWord } from "./function-words.js";
import { LOCAL_PASSWORD_WORDS, NOT_SECRETS, PAST_VERBS, PROSE_STATES, placeholderAfterItsLabel } from "./secret-patterns.js";

// A passphrase of words (`password: correct horse battery staple`) is read from a label's value of small letters
// alone: prose after a label is that too (`Password: rotated every quarter`, `password: again and again`). Told
// apart by its structure: a passphrase is a run of words that ends its line, with no function word (`and`, `by`,
// `für`), no word of state or pointer after the first (`see vault`, `expires soon`: NOT_SECRETS, or a placeholder of the
// label's language: `Passwort: … vergessen`), no sentence's punctuation; four words at least after a sign or a verb
// (diceware's shortest), three after a passphrase's label.
// Its words are all in small letters (the first may have a sentence's capital) or all capitalised (`Password: Correct
// Horse Battery Staple`), in any case after a German label, whose nouns have capitals (`Das Passwort ist Pferd Batterie
// Heftklammer korrekt`); the line may end with a full stop or a comment after it (`… staple.`, `… staple # rotated`),
// or the sentence go on after any mark that ends a clause (`… staple, ask Dana`, `… staple -- ask Dana`: CLAUSE_END).
// When the first word alone is taken for the password, the run goes with it whatever its length and words of state:
// a passphrase goes whole or not at all (`wifi password: purple monkey dishwasher`, `password: orange ruby valid staple`).
// A quoted value is taken whole already (`wifi password is "correct horse battery staple"`).
// After `=` only where the key starts its line, and is no shell's: an INI file's (`password = correct horse battery
// staple`, spaces around `=`) or a note's, in small letters (`pwd=correct horse battery staple`). After an environment
// variable's name or a prompt, a shell reads one word and the rest is its command (`DB_PASSWORD=x npm run migrate`,
// `$ PGPASSWORD=postgres psql mydb`).
// After a flag (`--password correct horse battery staple`, `--password=…`) a shell passes the first word alone, but a
// note that writes a passphrase's words so means them all: a run as long as a passphrase's goes whole, to the line's end,
// the end of inline code, the next flag or the command's end (`--password correct horse battery staple --user bob`). A
// shorter run stays (`pg_dump --password hunter mydb`: the words after it are the command's arguments), and so does one
// after a placeholder (`mysqldump --password secret mydb users orders`); a word of state may start it as after a sign.
const MOST_WORDS = 12;
const RUN = String.raw`(?<words>(?:[ \t]+\p{Lu}?\p{Ll}{1,31}){1,${MOST_WORDS - 1}})`;
// A sentence's `.`, or a `!` or `?` (which go with the passphrase, as a password's glued `!` does: GLUED_TAIL).
const LINE_END = String.raw`[ \t]+#(?:[ \t]|\r?\n|$)|(?:\.|[!?]{1,3})?[ \t]*(?:\r?\n|$)`;
// Or the sentence goes on after it, whatever marks where: a comma, a semicolon or a colon (maybe after a space), a
// sentence's end, an ellipsis, a dash (`-`, `--` between spaces; `–`, `—` glued too), a bracket, a slash or a bar
// between spaces, or a closing bracket, quote mark or emphasis glued to it (`… staple, ask Dana`, `… staple -- ask
// Dana`, `(… staple)`, `**… staple**`). Not a mark that glues a word on (`staple-ish`, `staple's`, `staple.io`).
const CLOSER = String.raw`[)\]}"”’»*_]`;
const CLAUSE_END = String.raw`[ \t]*[,;:](?:\s|$)|(?:\.|[!?]{1,3})(?:[ \t]|[,;:]|${CLOSER})|\.{2,}|…|[ \t]*[–—]|[ \t]*--|[ \t]+(?:[-([{/|\\](?:[ \t]|$)|[([{])|${CLOSER}(?![\p{L}\p{N}])`;
const WORDS = new RegExp(`${RUN}(?=${LINE_END}|${CLAUSE_END})`, "uy");
const CODE_END = "`";
// The command ends at a pipe, a list's `&&` or `;`, a redirection (`> out.sql`, `2>&1`, `< in.sql`), a line continued
// (`\`), or the bracket or quote mark around it (`(mysql --password …)`, `sh -c "mysql --password …"`).
const COMMAND_END = String.raw`[ \t]+(?:--?[A-Za-z]|[|&;<>]|\d>|\\(?:\r?\n|$))|[)"']`;
const FLAG_WORDS = new RegExp(`${RUN}(?=${LINE_END}|${CLAUSE_END}|${CODE_END}|${COMMAND_END})`, "uy");
const GLUED_TAIL = /[!?]*/y;
// A password's flag up to its value, as `cliFlag` reads it (`--password `, `--db-pass=`, `--passphrase `).
const FLAG = /^--(?:[a-z0-9]+-)*p(?:ass(?:word|wd|phrase)?|wd|w)(?:[ \t]+|=)$/i;
const CAPITAL = /^\p{Lu}/u;
const GERMAN_LABEL = /passwort|kennwort|[ \t](?:ist|lautet|lautete|war)[ \t*„«“]*$/i;
// A label in another language than English: one of English's words that say how a password is (`correct`, `same`) is
// a word like any other after it, as its words of state are after English's (`het wachtwoord is paard batterij nietje
// correct`); two are an English sentence.
const LOCAL_LABEL = new RegExp(LOCAL_PASSWORD_WORDS, "i");
// The first word may have a sentence's capital (`Password: Correct horse battery staple`).
const FIRST_WORD = /^\p{Lu}?\p{Ll}{1,31}$/u;
// The label before the value: a password's word, then a sign or a verb (`is`, `ist`, `lautet`, `est`, `es`, `jest`, `to`),
// maybe with markdown's emphasis or an opening quote mark. Not a flag (`--password foo`, `-passin pass:foo`).
const LABEL = new RegExp(
  String.raw`(?:\bp(?:ass(?:word|wd|phrase)|wd|w)s?\b|${LOCAL_PASSWORD_WORDS})[^\n]{0,200}?(?<sign>[:：=]|->|[ \t][-–—]|[ \t](?:is|was|ist|lautet|war|est|était|c['’]est|es|era|é|è|är|er|on|jest|je|to|это|${PAST_VERBS}))[ \t*„«“]*$`,
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
// Conjunctions that start a clause and that the stopword lists leave out.
const CONJUNCTIONS = new Set("although though whereas unless since yet hence".split(" "));
const POINTERS = new Set("see use ask check via from per siehe voir ver zie vedi смотри см".split(" "));

/**
 * Where a passphrase of words that starts with the value at `start`..`end` ends, or undefined when the value is one
 * word. The label is the text from `labelStart` (a match's start) to the value. `taken`: the value alone is taken
 * for the password, and any run of words after it goes with it.
 */
export function passphraseEnd(text: string, labelStart: number, start: number, end: number, { taken = false } = {}): number | undefined {
  const value = text.slice(start, end);
  const label = text.slice(labelStart, start);
  const flag = FLAG.test(label);
  if (!FIRST_WORD.test(value) || (text[labelStart] === "-" && !flag)) return undefined;
  const first = value.toLowerCase();
  const sign = flag ? "--" : LABEL.exec(label)?.groups?.["sign"];
  if (sign === undefined || (sign === "=" && !configKey(text, labelStart, label))) return undefined;
  const runs = flag ? FLAG_WORDS : WORDS;
  runs.lastIndex = end;
  const run = runs.exec(text)?.groups?.["words"];
  if (run === undefined) return undefined;
  const rest = run.trim().split(/[ \t]+/);
  // All capitalised or all small after the first (`Correct Horse Battery Staple`, `Correct horse battery staple`).
  const capitals = rest.filter((word) => CAPITAL.test(word)).length;
  if (capitals !== 0 && (capitals !== rest.length || !CAPITAL.test(value)) && !GERMAN_LABEL.test(label)) return undefined;
  const words = rest.map((word) => word.toLowerCase());
  if (words.some((word) => word.length < 2)) return undefined;
  const functionWords = words.filter(isFunctionWord).length;
  // After a word taken for the password, prose starts with a function word, holds several, or one in fewer words than a
  // passphrase's, beside a word of state or a clause's conjunction (`hunter2 for the db`, `hunter rotated by ops`,
  // `swordfish although nobody knows why`). A passphrase's words may hold one after an English label, as diceware's
  // English list does (`purple monkey same dishwasher`); after another language's, prose is what it reads as.
  if (taken && !flag) {
    const prose =
      functionWords > 1 ||
      (functionWords === 1 &&
        (LOCAL_LABEL.test(label) ||
          isFunctionWord(words[0]!) ||
          words.length + 1 < 4 ||
          words.some((word) => CONJUNCTIONS.has(word) || (NOT_SECRETS.has(word) && !isFunctionWord(word)))));
    return prose ? undefined : gluedTailEnd(text, end + run.length);
  }
  if (functionWords > 0) return undefined;
  const fewest = PASSPHRASE_LABEL.test(label) ? 3 : 4;
  if (words.length + 1 < fewest) return undefined;
  if (taken) return gluedTailEnd(text, end + run.length);
  const state = (word: string) => NOT_SECRETS.has(word) || placeholderAfterItsLabel(word, label);
  if (isFunctionWord(first) || (state(first) && (VERB_FORM.test(first) || POINTERS.has(first)))) return undefined;
  if (flag && NOT_SECRETS.has(first) && !PROSE_STATES.has(first)) return undefined;
  const english = !LOCAL_LABEL.test(label);
  if (words.some((word) => state(word) && (english || !PROSE_STATES.has(word)))) return undefined;
  // But two of English's say an English sentence, as notes that mix languages write (`wachtwoord: still broken today`).
  if (!english && [first, ...words].filter((word) => PROSE_STATES.has(word)).length > 1) return undefined;
  return gluedTailEnd(text, end + run.length);
}

function gluedTailEnd(text: string, at: number): number {
  GLUED_TAIL.lastIndex = at;
  GLUED_TAIL.test(text);
  return GLUED_TAIL.lastIndex;
}
