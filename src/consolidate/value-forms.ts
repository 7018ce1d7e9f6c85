import { stem, tokenize } from "../text/tokenize.js";

/**
 * Values written in words or in other units, read into one form each, so
 * that two ways of writing a value compare equal and two values compare
 * different: `9 pm` is `time:21:00` (not the number 9), `March 2` is
 * `monthday:03-02` (as `2026-03-02` is too), `three hours`, `3h` and
 * `180 min` are `duration:10800` (seconds; months and years in months,
 * `duration:6mo`), `5k` is `number:5000` and `seven` is `number:7`.
 */

const SMALL_COUNTS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
// Every count up to ninety-nine, as one word: "seven", "twenty-four".
const COUNT_OF = new Map<string, number>([
  ...SMALL_COUNTS.map((word, n) => [word, n] as const),
  ...TENS.flatMap((tens, t) => [[tens, 20 + 10 * t] as const, ...SMALL_COUNTS.slice(1, 10).map((unit, n) => [`${tens}-${unit}`, 21 + 10 * t + n] as const)]),
]);
/** A count in English words, as a pattern: "twenty-four", "thirty five", "seven". */
export const COUNT_WORD = `(?:(?:${TENS.join("|")})(?:[- ](?:${SMALL_COUNTS.slice(1, 10).join("|")}))?|${SMALL_COUNTS.join("|")})`;

/** A count written as one lower-case English word ("three", "twenty-four"), or undefined. */
export function countWord(word: string): number | undefined {
  return COUNT_OF.get(word);
}

// "Thirty five" as written in a text.
function countIn(text: string): number | undefined {
  return COUNT_OF.get(text.toLowerCase().replace(/[ \u00a0]/, "-"));
}

// Units, by what one is worth: seconds, or months for months and years (whose length in days varies).
// English, then the words of the other languages the tokenizer stems; "minut" and "dai" are English
// stems, as the words of a line are held once stemmed.
const UNITS = [
  {
    words:
      "ms msec msecs millisecond milliseconds millisekunde millisekunden milliseconde millisecondes milisegundo milisegundos millisecondo millisecondi milliseconden millisekund millisekunder",
    seconds: 0.001,
  },
  { words: "s sec secs second seconds sekunde sekunden seconde secondes segundo segundos secondo secondi seconden sekund sekunder", seconds: 1 },
  { words: "m min mins minute minutes minut minuten minuto minutos minuti minuut minuter", seconds: 60 },
  { words: "h hr hrs hour hours stunde stunden heure heures hora horas ora ore uur timme timmar", seconds: 3_600 },
  { words: "d day days dai tag tage tagen jour jours día días dia dias giorno giorni dag dagen dagar", seconds: 86_400 },
  { words: "w wk wks week weeks woche wochen semaine semaines semana semanas settimana settimane weken vecka veckor", seconds: 604_800 },
  { words: "mo mos month months monat monate monaten mois mes meses mês mese mesi maand maanden månad månader", months: 1 },
  { words: "y yr yrs year years jahr jahre jahren ans année années año años ano anos anno anni jaar jaren år", months: 12 },
];
type Unit = (typeof UNITS)[number];
const UNIT_OF = new Map(UNITS.flatMap((unit) => unit.words.split(" ").map((word) => [word, unit] as const)));
// After digits only glued: "15 m" is metres, "15m" minutes.
const GLUED_ONLY = new Set(["m", "d", "w", "y", "mo", "mos"]);
// What a count in words takes after a space: "three days", "an hour", "half an hour".
const WORD_UNITS = ["seconds?", "minutes?", "minut", "hours?", "days?", "dai", "weeks?", "months?", "years?"];
// Never inside a word or a name ("k8s", "v1.2h", "gpu-a100-01"), and "as" is no "a s".
const NOT_AFTER = "(?<![\\p{L}\\p{N}_.,:/-])";
const DIGIT_DURATION = new RegExp(`${NOT_AFTER}(\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?)([ \\u00a0]?)(\\p{L}+)(?![\\p{L}\\p{N}_])`, "gu");
const WORD_DURATION = new RegExp(`${NOT_AFTER}(${COUNT_WORD}|an?|half an?)[ \\u00a0](${WORD_UNITS.join("|")})(?![\\p{L}\\p{N}_])`, "giu");
// Parts of one duration written one after another: "1h 30m", "2 hours and 15 minutes".
const JOINS = /^[ \u00a0]*(?:and[ \u00a0]+)?$/i;

const TWELVE_HOUR = /(?<![\p{L}\p{N}:.,/-])(1[0-2]|0?[1-9])(?::([0-5]\d))?[ \u00a0]?([ap])\.?m\.?(?![\p{L}\p{N}])/giu;
const NOON = /(?<![\p{L}\p{N}-])(noon|midday|midnight)(?![\p{L}\p{N}-])/giu;

// Month names: English in full and short, then the other stemmed languages' in full.
const MONTH_NAMES: string[][] = [
  ["january", "jan", "januar", "janvier", "enero", "janeiro", "gennaio", "januari"],
  ["february", "feb", "februar", "février", "fevrier", "febrero", "fevereiro", "febbraio", "februari"],
  ["march", "mar", "märz", "maerz", "mars", "marzo", "março", "marco", "maart"],
  ["april", "apr", "avril", "abril", "aprile"],
  ["may", "mai", "mayo", "maio", "maggio", "mei", "maj"],
  ["june", "jun", "juni", "juin", "junio", "junho", "giugno"],
  ["july", "jul", "juli", "juillet", "julio", "julho", "luglio"],
  ["august", "aug", "août", "aout", "agosto", "augusti", "augustus"],
  ["september", "sep", "sept", "septembre", "septiembre", "setembro", "settembre"],
  ["october", "oct", "oktober", "octobre", "octubre", "outubro", "ottobre"],
  ["november", "nov", "novembre", "noviembre", "novembro"],
  ["december", "dec", "dezember", "décembre", "decembre", "diciembre", "dezembro", "dicembre"],
];
const MONTH_OF = new Map(MONTH_NAMES.flatMap((names, month) => names.map((name) => [name, month + 1] as const)));
const MONTH = `(${[...MONTH_OF.keys()].sort((x, y) => y.length - x.length).join("|")})\\.?`;
const DAY = "(\\d{1,2})(?:st|nd|rd|th|\\.)?";
const YEAR = "(?:,?[ \\u00a0](\\d{4}))?";
// "March 2", "March 2nd, 2026", "2 March", "2. März 2026", "2 de marzo", "the 2nd of March".
const MONTH_DAY = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${MONTH}[ \\u00a0]${DAY}${YEAR}|${DAY}[ \\u00a0](?:of[ \\u00a0]|de[ \\u00a0])?${MONTH}${YEAR})(?![\\p{L}\\p{N}])`,
  "giu",
);

// Spelled and spaced forms rewritten as their digit forms, which the readers after read as usual:
// "three point three volts" is "3.3V", "20 percent" is "20%", "quarter past nine" is "9:15".
const DIGIT_NAMES = SMALL_COUNTS.slice(0, 10);
const SPELLED_DECIMAL = new RegExp(`${NOT_AFTER}(${COUNT_WORD})[ \\u00a0]point((?:[ \\u00a0](?:${DIGIT_NAMES.join("|")}))+)(?![\\p{L}\\p{N}-])`, "giu");
// The hour as said ("quarter past nine" is 9:15, as "9:15" is): am or pm is read after, when given.
const CLOCK_PHRASE = new RegExp(
  `${NOT_AFTER}(quarter[ \\u00a0]past|half[ \\u00a0]past|quarter[ \\u00a0]to)[ \\u00a0](${COUNT_WORD}|\\d{1,2})(?![\\p{L}\\p{N}:.-])`,
  "giu",
);
// Units whose spellings say one thing, by the form digits glue them to ("_" a space in a spelling). Word spellings are read in any case;
// abbreviations only as written ("5 V", not "5 v"; "mA" no "MA"; "5 W" is watts, "5 w" nothing).
const UNIT_SPELLINGS: [string, string][] = [
  ["%", "percent per_cent pct procent prozent por_ciento pour_cent per_cento por_cento"],
  ["V", "volt volts voltios"],
  ["mV", "millivolt millivolts"],
  ["A", "amp amps ampere amperes"],
  ["mA", "milliamp milliamps milliampere milliamperes"],
  ["W", "watt watts vatios"],
  ["mW", "milliwatt milliwatts"],
  ["kW", "kilowatt kilowatts"],
  ["MW", "megawatt megawatts"],
  ["Hz", "hertz"],
  ["kHz", "kilohertz"],
  ["MHz", "megahertz"],
  ["GHz", "gigahertz"],
  ["KB", "kilobyte kilobytes"],
  ["MB", "megabyte megabytes"],
  ["GB", "gigabyte gigabytes"],
  ["TB", "terabyte terabytes"],
  ["Kb", "kilobit kilobits"],
  ["Mb", "megabit megabits"],
  ["Gb", "gigabit gigabits"],
  ["Tb", "terabit terabits"],
  ["\u00b0C", "celsius"],
  ["\u03a9", "ohm ohms"],
  ["m\u03a9", "milliohm milliohms"],
  ["k\u03a9", "kiloohm kiloohms kilohm kilohms"],
  ["M\u03a9", "megaohm megaohms megohm megohms"],
];
const UNIT_ABBREVIATIONS = [
  "%",
  "V",
  "mV",
  "mA",
  "W",
  "mW",
  "kW",
  "MW",
  "Hz",
  "kHz",
  "MHz",
  "GHz",
  "KB",
  "kB",
  "MB",
  "GB",
  "TB",
  "Kb",
  "Mb",
  "Gb",
  "Tb",
  "kbit",
  "Mbit",
  "Gbit",
  "Tbit",
  "KiB",
  "MiB",
  "GiB",
  "TiB",
  "Kbps",
  "Mbps",
  "Gbps",
  "Tbps",
  "KBps",
  "MBps",
  "GBps",
  "TBps",
  "\u00b0C",
  "\u03a9",
  "m\u03a9",
  "k\u03a9",
  "M\u03a9",
];
// Abbreviations that spell another's unit: a kilobyte is "kB" as often as "KB", a megabit "Mbit" as often as "Mb".
const SPELLED_AS = new Map([
  ["kB", "KB"],
  ["kbit", "Kb"],
  ["Mbit", "Mb"],
  ["Gbit", "Gb"],
  ["Tbit", "Tb"],
]);
const UNIT_CANONICAL = new Map<string, string>([
  ...UNIT_SPELLINGS.flatMap(([unit, words]) => words.split(" ").map((word) => [word.replace(/_/g, " "), unit] as const)),
  ...UNIT_ABBREVIATIONS.map((unit) => [unit, SPELLED_AS.get(unit) ?? unit] as const),
]);
// Units whose symbols differ only in case ("mW" milli-, "MW" megawatts; "Mb" megabits, "MB" megabytes): statement
// words are lower case, and so is a quantity's identifier ("id:5mw"), which reads both alike. Written in its case,
// such a symbol (or its name: "megawatts") is also read as its own unit, a `measure:` value that the other case's
// contradicts. A symbol written in lower case alone ("5 mb", "5mw") says neither, so it is no such value.
const CASE_DISTINCT_UNITS = new Set(
  [...new Set(UNIT_CANONICAL.values())].filter((unit, _, units) => units.some((other) => other !== unit && other.toLowerCase() === unit.toLowerCase())),
);
const byLength = (words: string[]) =>
  words.sort((x, y) => y.length - x.length).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "[ \\u00a0]"));
// A size a second is a rate, not the size: "MB/s", "MB/sec", "MB per second" and "megabytes a second" are "MBps",
// "Mb/s" and "Mbit/s" are "Mbps", read before the sizes are.
const RATE_OF = new Map(["Kb", "Mb", "Gb", "Tb", "KB", "MB", "GB", "TB"].map((size) => [size, `${size}ps`] as const));
const SIZE_PER_SECOND = new RegExp(
  `${NOT_AFTER}(\\d+(?:\\.\\d+)?)([ \\u00a0]?)(${byLength([...UNIT_CANONICAL].filter(([, unit]) => RATE_OF.has(unit)).map(([word]) => word)).join("|")})(?:/s(?:ec)?|[ \\u00a0]+per[ \\u00a0]+sec(?:ond)?|[ \\u00a0]+a[ \\u00a0]+second)(?![\\p{L}\\p{N}_])`,
  "gu",
);
const MAY_SAY_PER_SECOND = /\/s|per[ \u00a0]sec|a[ \u00a0]second/i;
const NUMBER_BEFORE_UNIT = `(\\d+(?:\\.\\d+)?|${COUNT_WORD})[ \\u00a0]?`;
const UNIT_WORD_AFTER = new RegExp(
  `${NOT_AFTER}${NUMBER_BEFORE_UNIT}(${byLength([...UNIT_CANONICAL.keys()].filter((word) => /^[a-z ]{3,}$/.test(word))).join("|")})(?![\\p{L}\\p{N}_])`,
  "giu",
);
// Spaced or after a count in words: glued to digits ("5V", "20%") they are read as written already.
const UNIT_ABBREVIATION_AFTER = new RegExp(
  `${NOT_AFTER}(\\d+(?:\\.\\d+)?[ \\u00a0]|${COUNT_WORD}[ \\u00a0])(${byLength([...UNIT_ABBREVIATIONS]).join("|")})(?![\\p{L}\\p{N}_])`,
  "gu",
);

// A number glued to a unit symbol as written ("5V", "500mW", "2kW"): the quantity as an identifier and its number,
// whatever the number's digits (the reading of identifiers needs two digits: "12V" was one, "5V" a bare 5, and
// "5V" / "12V" no counterparts). Not "%", which stays in the number ("20%"), nor "°C", whose "°" is no letter the
// first look below sees; not before "-" ("3.3V-rail" is a name).
const GLUED_UNIT = new RegExp(
  `${NOT_AFTER}(\\d+(?:\\.\\d+)?)(${byLength(UNIT_ABBREVIATIONS.filter((unit) => unit !== "%" && unit !== "\u00b0C")).join("|")})(?![\\p{L}\\p{N}_-])`,
  "gu",
);
const MEASURE_SYMBOLS = new Set(UNIT_ABBREVIATIONS.map((unit) => unit.toLowerCase()));

// A unit word as a memory's statement words hold it (lower case, stemmed: "watt", "gigabyt", "w"), with the units it
// can name: in lower case "mw" is milli- or megawatts, so two words are one unit when they can name the same one.
const UNITS_OF_WORD = new Map<string, Set<string>>();
for (const [word, unit] of UNIT_CANONICAL) {
  for (const form of new Set([word.toLowerCase(), stem(word.toLowerCase())])) {
    if (form.includes(" ")) continue;
    const units = UNITS_OF_WORD.get(form) ?? new Set<string>();
    UNITS_OF_WORD.set(form, units.add(unit));
  }
}
// And a duration's ("s" and "sec", "h" and "hrs"): not a letter read as one only glued to digits, which names a
// measure as well ("15 m" is metres).
for (const unit of UNITS) {
  const name = "seconds" in unit ? `${unit.seconds}s` : `${unit.months}mo`;
  for (const word of unit.words.split(" ")) {
    if (GLUED_ONLY.has(word)) continue;
    for (const form of new Set([word, stem(word)])) UNITS_OF_WORD.set(form, (UNITS_OF_WORD.get(form) ?? new Set<string>()).add(name));
  }
}

/** Whether a word of statements names a unit ("mb", "watt", "sec"). */
export function isUnitWord(word: string): boolean {
  return UNITS_OF_WORD.has(word);
}

/** Two words of statements (lower case, stemmed) that spell one unit: "w" and "watt", "gb" and "gigabyt", "s" and "sec". */
export function sameUnitWord(a: string, b: string): boolean {
  const [x, y] = [UNITS_OF_WORD.get(a), UNITS_OF_WORD.get(b)];
  if (!x || !y) return false;
  for (const unit of x) if (y.has(unit)) return true;
  return false;
}

/** A unit's symbol in lower case ("v", "mw", "ghz"): what a quantity's identifier ends with ("5v", "3.3v"). */
export function isUnitSymbol(letters: string): boolean {
  return MEASURE_SYMBOLS.has(letters);
}

const MONTH_ALONE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${MONTH_NAMES.map((names) => names[0]![0]!.toUpperCase() + names[0]!.slice(1)).join("|")})(?![\\p{L}\\p{N}])`,
  "gu",
);

const THOUSANDS = /(?<![\p{L}\p{N}_.,-])(\d+(?:\.\d+)?)k(?![\p{L}\p{N}_])/giu;
// A count alone is a number, but "one" is as often no count ("no one", "one board").
const BARE_COUNT = new RegExp(`(?<![\\p{L}\\p{N}-])${COUNT_WORD}(?![\\p{L}\\p{N}-])`, "giu");
// The forms a text may hold, as bits, told from its words: a first look, so that most lines try no pattern.
const [TWELVE_HOUR_FORM, NOON_FORM, MONTH_FORM, COUNT_FORM, DIGIT_DURATION_FORM, WORD_DURATION_FORM, SPELLED_FORM, GLUED_UNIT_FORM] = [
  1, 2, 4, 8, 16, 32, 64, 2048,
];
// What a word is, as bits: the forms above it is part of on its own, and these.
const [UNIT_WORD, WORD_UNIT_WORD, ARTICLE_WORD, MEASURE_WORD] = [128, 256, 512, 1024];
const WORD_FORMS = TWELVE_HOUR_FORM | NOON_FORM | MONTH_FORM | COUNT_FORM;
const FORM_OF = new Map<string, number>();
const addForm = (words: Iterable<string>, form: number) => {
  for (const word of words) FORM_OF.set(word, (FORM_OF.get(word) ?? 0) | form);
};
addForm(["am", "pm", "a.m", "p.m"], TWELVE_HOUR_FORM);
addForm(["noon", "midday", "midnight"], NOON_FORM);
addForm(MONTH_OF.keys(), MONTH_FORM);
addForm(COUNT_OF.keys(), COUNT_FORM);
addForm(UNIT_OF.keys(), UNIT_WORD);
addForm(
  WORD_UNITS.flatMap((unit) => (unit.endsWith("s?") ? [unit.slice(0, -2), unit.slice(0, -1)] : [unit])),
  WORD_UNIT_WORD,
);
addForm(["a", "an"], ARTICLE_WORD);
addForm(
  [...UNIT_CANONICAL.keys()].flatMap((unit) => unit.toLowerCase().split(" ")),
  MEASURE_WORD,
);

// A unit counts only right after a number ("15 minutes", "15m") or a count in words ("an hour").
function formsIn(text: string): number {
  let forms = 0;
  let [afterDigits, afterCount, afterCountWord, afterFraction, afterClockWord] = [false, false, false, false, false];
  for (const token of tokenize(text)) {
    const form = FORM_OF.get(token) ?? 0;
    const first = token.charCodeAt(0);
    const digits = first >= 48 && first <= 57;
    if (digits && form === 0) {
      // "9pm", "20m": a word that starts with digits, by what follows them.
      const glued = FORM_OF.get(token.replace(/^[\d.,]+/, "")) ?? 0;
      forms |= (glued & TWELVE_HOUR_FORM) | (glued & UNIT_WORD ? DIGIT_DURATION_FORM : 0) | (glued & MEASURE_WORD ? GLUED_UNIT_FORM : 0);
    }
    if (form & UNIT_WORD && afterDigits) forms |= DIGIT_DURATION_FORM;
    // "3.3 volts", "three point three", "20 per cent", "quarter past nine": the rewrites below have something to do.
    if ((form & MEASURE_WORD && (afterDigits || afterCount)) || (token === "point" && afterCountWord) || (afterClockWord && (digits || form & COUNT_FORM)))
      forms |= SPELLED_FORM;
    // Rewritten glued ("5 V", "5 watts" are "5V"), a unit is read as one glued.
    if (form & MEASURE_WORD && (afterDigits || afterCount)) forms |= GLUED_UNIT_FORM;
    if (form & WORD_UNIT_WORD && afterCount) forms |= WORD_DURATION_FORM;
    forms |= form & WORD_FORMS;
    afterDigits = digits && /^[\d.,]+$/.test(token);
    afterCount = (form & (COUNT_FORM | ARTICLE_WORD)) !== 0;
    afterClockWord = (token === "past" || token === "to") && afterFraction;
    afterFraction = token === "quarter" || token === "half";
    afterCountWord = (form & COUNT_FORM) !== 0;
  }
  return forms;
}

/**
 * Adds the values written in words or in units that `text` holds to `values`;
 * returns the text with them taken out, for the rest of the values to be read from.
 */
export function readWrittenValues(text: string, values: Set<string>): string {
  // A first look at the words (the tokenizer keeps each line's): most lines hold none of these forms, and
  // a pattern of every unit or month tried at each character cost more than the rest of typedValues.
  const forms = formsIn(text);
  const said = forms & (SPELLED_FORM | GLUED_UNIT_FORM) && MAY_SAY_PER_SECOND.test(text) ? perSecond(text) : text;
  let rest = forms & SPELLED_FORM || /\d[ \u00a0]%/.test(said) ? digitForms(said) : said;
  if (forms & TWELVE_HOUR_FORM) {
    rest = rest.replace(TWELVE_HOUR, (_, hour: string, minute: string | undefined, half: string) => {
      values.add(`time:${pad((Number(hour) % 12) + (half.toLowerCase() === "p" ? 12 : 0))}:${minute ?? "00"}`);
      return " ";
    });
  }
  if (forms & NOON_FORM) {
    rest = rest.replace(NOON, (found: string) => {
      values.add(found.toLowerCase() === "midnight" ? "time:00:00" : "time:12:00");
      return " ";
    });
  }
  if (forms & MONTH_FORM) {
    rest = rest.replace(MONTH_DAY, (found: string, ...groups: unknown[]) => monthDay(found, groups as (string | undefined)[], values));
    // "by the end of September": a month alone, in full and capitalised (not "May", a verb as often).
    rest = rest.replace(MONTH_ALONE, (found: string) => {
      const month = MONTH_OF.get(found.toLowerCase());
      if (month === undefined || month === 5) return found;
      values.add(`month:${monthName(month)}`);
      return " ";
    });
  }
  if (forms & (DIGIT_DURATION_FORM | WORD_DURATION_FORM)) rest = durations(rest, values, forms);
  if (forms & GLUED_UNIT_FORM) {
    rest = rest.replace(GLUED_UNIT, (_, number: string, written: string) => {
      const unit = SPELLED_AS.get(written) ?? written;
      values.add(`id:${number}${unit.toLowerCase()}`).add(`number:${number}`);
      if (CASE_DISTINCT_UNITS.has(unit)) values.add(`measure:${number}${unit}`);
      return " ";
    });
  }
  if (/\dk/i.test(rest)) {
    rest = rest.replace(THOUSANDS, (_, number: string) => {
      values.add(`number:${exact(Number.parseFloat(number) * 1000)}`);
      return " ";
    });
  }
  if (forms & COUNT_FORM) {
    rest = rest.replace(BARE_COUNT, (found: string) => {
      const n = countIn(found);
      if (n === undefined || found.toLowerCase() === "one") return found;
      values.add(`number:${n}`);
      return " ";
    });
  }
  return rest;
}

// "three point three volts" → "3.3V", "twenty per cent" → "20%", "half past eight" → "8:30".
function perSecond(text: string): string {
  return text.replace(SIZE_PER_SECOND, (found: string, number: string, gap: string, size: string) => {
    const rate = RATE_OF.get(UNIT_CANONICAL.get(size) ?? "");
    return rate === undefined ? found : `${number}${gap}${rate}`;
  });
}

function digitForms(text: string): string {
  return text
    .replace(SPELLED_DECIMAL, (found: string, whole: string, digits: string) => {
      const n = countIn(whole);
      const decimals = digits
        .trim()
        .split(/[ \u00a0]+/)
        .map((word) => DIGIT_NAMES.indexOf(word.toLowerCase()));
      return n === undefined ? found : `${n}.${decimals.join("")}`;
    })
    .replace(CLOCK_PHRASE, (found: string, phrase: string, hour: string) => {
      const h = /\d/.test(hour) ? Number(hour) : countIn(hour);
      if (h === undefined || h < 1 || h > 12) return found;
      const to = /to$/i.test(phrase);
      const minutes = /^half/i.test(phrase) ? 30 : to ? 45 : 15;
      return `${to ? (h === 1 ? 12 : h - 1) : h}:${minutes}`;
    })
    .replace(UNIT_WORD_AFTER, (found: string, number: string, unit: string) => unitGlued(found, number, unit.toLowerCase().replace(/[ \u00a0]+/g, " ")))
    .replace(UNIT_ABBREVIATION_AFTER, (found: string, number: string, unit: string) => unitGlued(found, number.trim(), unit));
}

function unitGlued(found: string, number: string, unit: string): string {
  const n = /\d/.test(number) ? number : countIn(number);
  const canonical = UNIT_CANONICAL.get(unit);
  return n === undefined || canonical === undefined ? found : `${n}${canonical}`;
}

/** A month's English name, by its number (1 is January). */
export function monthName(month: number): string | undefined {
  return MONTH_NAMES[month - 1]?.[0];
}

function monthDay(found: string, groups: (string | undefined)[], values: Set<string>): string {
  const [monthFirst, dayAfter, yearAfter, dayFirst, monthAfter, yearAfterDay] = groups;
  const monthWord = (monthFirst ?? monthAfter)!;
  // "may" is a verb as often as a month: only "May" is the month.
  if (monthWord === "may") return found;
  const month = MONTH_OF.get(monthWord.toLowerCase());
  const day = Number(dayAfter ?? dayFirst);
  if (month === undefined || day < 1 || day > 31) return found;
  values.add(`monthday:${pad(month)}-${pad(day)}`).add(`month:${monthName(month)}`);
  const year = yearAfter ?? yearAfterDay;
  if (year) values.add(`date:${year}-${pad(month)}-${pad(day)}`);
  return " ";
}

interface Part {
  start: number;
  end: number;
  count: number;
  unit: Unit;
}

// Matches one by one from the pattern itself (matchAll makes a copy of its pattern at each call).
function durations(text: string, values: Set<string>, forms: number): string {
  const parts: Part[] = [];
  DIGIT_DURATION.lastIndex = 0;
  for (let match = forms & DIGIT_DURATION_FORM ? DIGIT_DURATION.exec(text) : null; match !== null; match = DIGIT_DURATION.exec(text)) {
    const [whole, digits, gap, written] = match as unknown as [string, string, string, string];
    const lower = written.toLowerCase();
    const unit = UNIT_OF.get(lower);
    // An upper-case M is a million, not minutes; an upper-case W watts, not weeks (the SI symbol, as in "65W charger";
    // logs write weeks "2w" or "2wk"). Weeks in full ("5 weeks", "5 Weeks") are read whatever their case.
    if (!unit || (GLUED_ONLY.has(lower) && (gap !== "" || written === "M" || written === "W"))) continue;
    parts.push({ start: match.index, end: match.index + whole.length, count: Number(digits.replace(/,/g, "")), unit });
  }
  WORD_DURATION.lastIndex = 0;
  for (let match = forms & WORD_DURATION_FORM ? WORD_DURATION.exec(text) : null; match !== null; match = WORD_DURATION.exec(text)) {
    const [whole, words, written] = match as unknown as [string, string, string];
    const lower = words.toLowerCase();
    const count = lower === "a" || lower === "an" ? 1 : lower.startsWith("half") ? 0.5 : countIn(lower);
    const unit = UNIT_OF.get(written.toLowerCase());
    if (count !== undefined && unit) parts.push({ start: match.index, end: match.index + whole.length, count, unit });
  }
  if (parts.length === 0) return text;
  parts.sort((x, y) => x.start - y.start);
  // Parts joined into durations: "1h 30m" is one; "an hour a day" is two (each part must be smaller than the one before).
  const found: (Part & { seconds: number; months: number })[] = [];
  for (const part of parts) {
    const last = found.at(-1);
    if (last && part.start < last.end) continue;
    const seconds = part.count * (part.unit.seconds ?? 0);
    const months = part.count * (part.unit.months ?? 0);
    const smaller = (part.unit.seconds ?? part.unit.months!) < (last?.unit.seconds ?? last?.unit.months ?? 0);
    if (last && smaller && (last.months === 0) === (months === 0) && JOINS.test(text.slice(last.end, part.start))) {
      last.seconds += seconds;
      last.months += months;
      last.end = part.end;
      last.unit = part.unit;
    } else found.push({ ...part, seconds, months });
  }
  let rest = "";
  let at = 0;
  for (const duration of found) {
    values.add(duration.months > 0 ? `duration:${exact(duration.months)}mo` : `duration:${exact(duration.seconds)}`);
    rest += `${text.slice(at, duration.start)} `;
    at = duration.end;
  }
  return rest + text.slice(at);
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

// 1.1 × 1000 is 1100.0000000000002 in floating point: a value is compared as text.
function exact(n: number): string {
  return String(Number(n.toFixed(6)));
}
