/** A chrono locale that reads dates of a language besides English. */
export type DateLocale = "de" | "fr" | "es" | "it" | "pt" | "nl" | "sv" | "ja" | "zh";

// The month names of the languages compact stems (README: search), with the locales that know each:
// `Freitag, 7. März 2025`, `Vendredi 7 mars 2025`, `Sábado, 8 de marzo de 2025`. English is read first,
// so a name English shares (`april`, `december`) is asked of these only when English found no date in it.
const MONTHS: Record<Exclude<DateLocale, "ja" | "zh">, string> = {
  de: "januar jänner februar märz maerz april mai juni juli august september oktober november dezember",
  fr: "janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre décembre decembre",
  es: "enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre",
  it: "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
  pt: "janeiro fevereiro março marco abril maio junho julho agosto setembro outubro novembro dezembro",
  nl: "januari februari maart april mei juni juli augustus september oktober november december",
  sv: "januari februari mars april maj juni juli augusti september oktober november december",
};

const LOCALES_OF = new Map<string, DateLocale[]>();
for (const [locale, names] of Object.entries(MONTHS) as [DateLocale, string][])
  for (const name of names.split(" ")) LOCALES_OF.set(name, [...(LOCALES_OF.get(name) ?? []), locale]);

const MONTH_NAMES = [...LOCALES_OF.keys()].join("|");
const MONTH_WORD_SOURCE = `(?<!\\p{L})(?:${MONTH_NAMES})(?!\\p{L})`;
// A case-blind pattern over Unicode letters takes milliseconds to compile, at its first use (a command reading one log
// pays it): a month's letters anywhere, case-blind in the simpler way, are looked for first. Most headings have none.
// (The two letters Unicode's case folding adds to theirs: the Kelvin sign for `k`, the long s for `s`.)
const MAY_NAME_MONTH = new RegExp(MONTH_NAMES.replaceAll("k", "[k\u212a]").replaceAll("s", "[s\u017f]"), "i");
const MONTH_WORD = new RegExp(MONTH_WORD_SOURCE, "giu");
const HAS_MONTH_WORD = new RegExp(MONTH_WORD_SOURCE, "iu");
// `2025年3月5日`, `3月5号`, in ASCII or full-width digits: Chinese and Japanese write dates alike (each locale
// reads some forms the other does not: `３月５日`, `3月5号`).
const CJK_DATE = /[0-9０-９]{1,2}\s*月\s*[0-9０-９]{1,2}\s*[日号號]/u;

/** The locales whose month names a heading holds, in the order they come; none for most headings. */
export function dateLocales(text: string): DateLocale[] {
  const locales = new Set<DateLocale>();
  if (CJK_DATE.test(text)) for (const locale of ["ja", "zh"] as const) locales.add(locale);
  if (!MAY_NAME_MONTH.test(text)) return [...locales];
  for (const [word] of text.matchAll(MONTH_WORD)) for (const locale of LOCALES_OF.get(word.toLowerCase()) ?? []) locales.add(locale);
  return [...locales];
}

/**
 * Whether a date another locale found is written with a month's name: asked about `December 3h later`
 * for its month, Dutch reads `3h later` (later is Dutch too), which is no date the heading gives.
 */
export function namesMonth(found: string): boolean {
  return HAS_MONTH_WORD.test(found) || CJK_DATE.test(found);
}
