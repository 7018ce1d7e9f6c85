import { TITLE_H_TIME } from "../../logs/h-time.js";
import { ENTRY_KINDS } from "../../logs/read-heading.js";
import { BoundedCache } from "../../text/bounded-cache.js";
import { ownCopy } from "../../text/own-copy.js";
import { plainText } from "./plain-text.js";

// Pictographs and the joiners and selectors that build them into one emoji.
const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u{FE0F}|\u{200D}|\u{20E3}/gu;
// A time taken out takes its preposition with it: "Backups at 03:00 collided" → "Backups collided"; `09:15 Uhr`
// is a time too, and `14h05` where a time heading has it (TITLE_H_TIME): `Build took 1h30` keeps its duration.
// A date written `4 Mar` (`4 March 2025`) goes with its year; only a month's own name makes one: `Top 10 Mars
// facts`, `Round 2 Mayo clinic` and `Step 3 Decide` keep their numbers.
const STAMP =
  /(?:\b(?:at|on|by|from|until|since|um|ab|à|às)\s+)?(?:\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:Z|\s?[+-]\d{2}:?\d{2})?)?|\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[aApP]\.?[mM]\.?(?![a-zA-Z]))?(?:\s?[+-]\d{2}:?\d{2})?(?:\s*[-–—]\s*\d{1,2}:\d{2}\+?(?:\s?[aApP]\.?[mM]\.?(?![a-zA-Z]))?)?(?:\s*(?:UTC|GMT(?:[+-]\d{1,2})?|[A-Z]{2,4}T|Uhr\b))?|\b\d{1,2}\s+(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b\.?(?:,?\s+\d{4}\b)?)/g;
const TIME_OF_DAY = /(?:凌晨|早上|上午|中午|下午|晚上|深夜|傍晚|夜间|夜間)(?=\s|$)/gu;
const KIND = new RegExp(`^(?:${ENTRY_KINDS.join("|")})\\s*:\\s*`, "i");

// A section's title is cleaned for each of its units' bullets and again to name its memory, and the
// same headings come back week after week: the titles cleaned last are kept (as copies of their own:
// a title left as it was is a slice of the log it was read from). Naming a memory also cleans whole
// sentences, which seldom come back: they are not kept.
const TITLES_KEPT = 3_000;
const LONGEST_KEPT = 200;
const cleanTitles = new BoundedCache<string>(TITLES_KEPT);
const nameTitles = new BoundedCache<string>(TITLES_KEPT);

/** A heading as a title: no markup, emoji, numbering, times, dates or seed 004 type word. */
export function cleanTitle(heading: string): string {
  let title = cleanTitles.get(heading);
  if (title === undefined) {
    title = ownCopy(readTitle(heading));
    if (heading.length <= LONGEST_KEPT) cleanTitles.set(heading, title);
  }
  return title;
}

/** A title as a name: parenthetical asides and bracketed tags out too. */
export function nameTitle(heading: string): string {
  let title = nameTitles.get(heading);
  if (title === undefined) {
    title = ownCopy(
      tidy(
        cleanTitle(heading)
          .replace(/\s*[(（][^()（）]*[)）]/gu, " ")
          .replace(/\[(?:[^\]:：]*[:：]\s*)?([^\]]*)\]/gu, "$1"),
      ),
    );
    if (heading.length <= LONGEST_KEPT) nameTitles.set(heading, title);
  }
  return title;
}

function readTitle(heading: string): string {
  return tidy(
    plainText(heading)
      .replace(EMOJI, " ")
      .replace(TITLE_H_TIME, "$1 ")
      .replace(STAMP, " ")
      .replace(TIME_OF_DAY, " ")
      .replace(/~\s*(?=\s|$)/g, " ")
      // A separator run is taken from its start only: tried from each of its characters, a long run
      // with no bracket after it costs the square of its length.
      .replace(/([(（])[\s,;，；]+|(?<![\s,;，；])[\s,;，；]+([)）])/gu, "$1$2")
      .replace(/\[\s*\]|\(\s*\)|（\s*）/g, " ")
      .replace(/^\s*(?:#+\s*)?(?:\d{1,3}[.)]|[A-Z][.)]|[-*+])\s+/u, "")
      .replace(/^\s*[[(]?\s*[\]),:|—–-]*\s*/u, "")
      .trim()
      .replace(KIND, ""),
  );
}

function tidy(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/^[\s:：,，;；|/—–\-→]+|[\s:：,，;；|/—–\-→]+$/gu, "")
    .trim();
}
