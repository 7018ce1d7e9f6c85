import { isFunctionWord } from "./function-words.js";
import { NOT_SECRETS } from "./secret-patterns.js";

// Words between a password's label and its colon (`the password is as follows:`, `the password for the new staging box is
// now:`, `das Passwort ist wie folgt:`, `şifreniz şu:`, `Passwort (neu):`) say what follows is the password when they
// start as a phrase about it: with a function word (`is`, `for`, `ist`, `şu`: a verb, a preposition, a pronoun) or an
// aside in brackets. A noun after the label makes another thing of it (`password policy`, `password reset`, `password
// hash`, `password manager`): what follows is about that.
const ASIDE = /^[([{]/;
// A word of state or a pointer among them makes a sentence about what was done with it (`the password was rotated at:`,
// `is stored in:`, `was sent to:`), as after a label (NOT_SECRETS); not the adverbs a phrase about the password takes
// (`is now:`, `is still:`, `the password to use for staging:`).
const PHRASE_WORDS = new Set(["now", "still", "use"]);
// A preposition of place, time or purpose before the colon points at where the password is or what it is for (`is in:
// vault-01`, `Password for: db01`), not at the password.
const POINTING = new Set("in at from under via into inside for of im am um bei unter dans à sous en".split(" "));

// Brackets, quote marks and emphasis around a word (`(hashed)`, `staging**`).
const AROUND = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** Whether `words`, between a password's label and its colon, read as a phrase about the password. */
export function aboutThePassword(words: string): boolean {
  const given = words.trim().split(/[ \t]+/);
  const list = given.map((word) => word.replace(AROUND, "").toLowerCase());
  if (!ASIDE.test(given[0] ?? "") && !isFunctionWord(list[0] ?? "")) return false;
  if (POINTING.has(list.at(-1) ?? "")) return false;
  // A word of state says what was done with the password after a verb (`was rotated at:`, `is stored in:`) or last
  // (`Password reset:`); between other words it says which one (`the password for the team's shared Figma:`).
  return !list.some(
    (word, i) =>
      NOT_SECRETS.has(word) && !isFunctionWord(word) && !PHRASE_WORDS.has(word) && (i === list.length - 1 || i === 0 || AUXILIARIES.has(list[i - 1]!)),
  );
}

// The verbs after which a word of state says what was done with the password, in the languages of password labels.
const AUXILIARIES = new Set(
  "is are was were be been being got gets get has have had ist sind war wurde wird wurden worden est sont était été es son fue ha sido è sono stato é foi está".split(
    " ",
  ),
);
