import { stopwords as arabic } from "@orama/stopwords/arabic";
import { stopwords as armenian } from "@orama/stopwords/armenian";
import { stopwords as bulgarian } from "@orama/stopwords/bulgarian";
import { stopwords as danish } from "@orama/stopwords/danish";
import { stopwords as dutch } from "@orama/stopwords/dutch";
import { stopwords as english } from "@orama/stopwords/english";
import { stopwords as finnish } from "@orama/stopwords/finnish";
import { stopwords as french } from "@orama/stopwords/french";
import { stopwords as german } from "@orama/stopwords/german";
import { stopwords as greek } from "@orama/stopwords/greek";
import { stopwords as italian } from "@orama/stopwords/italian";
import { stopwords as norwegian } from "@orama/stopwords/norwegian";
import { stopwords as portuguese } from "@orama/stopwords/portuguese";
import { stopwords as russian } from "@orama/stopwords/russian";
import { stopwords as spanish } from "@orama/stopwords/spanish";
import { stopwords as swedish } from "@orama/stopwords/swedish";
import { stopwords as turkish } from "@orama/stopwords/turkish";
import { stopwords as ukrainian } from "@orama/stopwords/ukrainian";

// Polish and Czech, whose labels (`hasło to`, `heslo je`) the package has no list for: their pronouns, prepositions,
// conjunctions and particles, so that prose after those labels reads as prose (`Hasło to twoje imię plus rok urodzenia`).
const polish = (
  "a i w we z ze na do od o u za po przez przy dla bez nad pod przed między się nie tak jak ale lub albo czy że to ten ta " +
  "te tego tej tym tych jest są był była było być mój moja moje twój twoja twoje jego jej ich nasz nasza nasze wasz wasza " +
  "wasze swój swoja swoje co kto który która które gdzie kiedy jeśli już jeszcze tylko też także bardzo oraz lecz więc bo ani " +
  "plus jako ja ty on ona ono my wy oni one mnie ciebie go nam wam im"
).split(" ");
const czech = (
  "a i v ve z ze na do od o u za po přes při pro bez nad pod před mezi se si ne tak jak ale nebo či že to ten ta je jsou " +
  "byl byla bylo být můj moje moji tvůj tvoje jeho její jejich náš naše váš vaše svůj svoje co kdo který která které kde kdy " +
  "jestli už ještě jen také velmi plus jako já ty on ona ono my vy oni mě tebe mu nám vám jim"
).split(" ");

// The languages password labels are written in (see LOCAL_PASSWORD_WORDS), and those of the other
// alphabets a password is typed in. A word is compared without its accents and case (the Greek list
// has none, and writes a final sigma as σ).
const LISTS = [
  english,
  german,
  french,
  spanish,
  portuguese,
  italian,
  dutch,
  swedish,
  norwegian,
  danish,
  finnish,
  turkish,
  russian,
  ukrainian,
  bulgarian,
  greek,
  arabic,
  armenian,
  polish,
  czech,
];

let words: Set<string> | undefined;

const ASCII = /^[\x00-\x7f]*$/;

function plain(word: string): string {
  const lower = word.toLowerCase();
  return ASCII.test(lower) ? lower : lower.normalize("NFD").replace(/\p{M}/gu, "").replace(/ς/g, "σ");
}

function functionWords(): Set<string> {
  words ??= new Set(LISTS.flatMap((list) => list.map(plain)));
  return words;
}

/** The word lists as their package gives them: what redaction's rules depend on from it. */
export function functionWordLists(): readonly (readonly string[])[] {
  return LISTS;
}

/**
 * True for a function word of one of those languages (`must`, `the`, `не`, `для`, `για`, `dans`):
 * prose starts with one, a password is none.
 */
export function isFunctionWord(word: string): boolean {
  return functionWords().has(plain(word));
}
