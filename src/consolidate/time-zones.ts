/**
 * The time zone a time is said in: `9:00 UTC`, `9 am CET`, `noon PST`,
 * `09:00 Europe/Berlin`, `9:00 local time`, `9:00 Lisbon time`, `21:00
 * UTC+2`. The same clock time in two zones is two times, so the zone is a
 * value of its own (`zone:utc`); a time said with no zone is none, and
 * contradicts no zone ("9:00" may have meant UTC).
 *
 * Read only right after a time, where an abbreviation is one: "the CET
 * office" or "ET" elsewhere name nothing here. Zones are not converted
 * ("9:00 CET" and "8:00 UTC" are two times, as "Berlin time" and "CET" are
 * two zones): an offset depends on the date, which a memory seldom says.
 */

// A clock time as written: "9:00", "09:00:30", "9:00 pm", "9am", "9 a.m.", "noon".
const TIME_SAID = "(?:\\d{1,2}:[0-5]\\d(?::[0-5]\\d)?(?:[ \\u00a0]?[aApP]\\.?[mM]\\.?)?|\\d{1,2}[ \\u00a0]?[aApP]\\.?[mM]\\.?|[Nn]oon|[Mm]idnight|[Mm]idday)";
// Abbreviations in capitals only ("est" is a word in French and Spanish, "ist" in German); UTC and GMT in either case.
const ABBREVIATIONS = [
  "WET",
  "WEST",
  "CET",
  "CEST",
  "MET",
  "MEST",
  "MEZ",
  "MESZ",
  "EET",
  "EEST",
  "MSK",
  "BST",
  "IST",
  "GST",
  "PKT",
  "ICT",
  "WIB",
  "SGT",
  "HKT",
  "PHT",
  "JST",
  "KST",
  "AWST",
  "ACST",
  "ACDT",
  "AEST",
  "AEDT",
  "NZST",
  "NZDT",
  "HST",
  "AKST",
  "AKDT",
  "PST",
  "PDT",
  "PT",
  "MST",
  "MDT",
  "MT",
  "CST",
  "CDT",
  "CT",
  "EST",
  "EDT",
  "ET",
  "AST",
  "ADT",
  "NST",
  "NDT",
  "BRT",
  "ART",
];
// The IANA database's areas: "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/UTC".
const IANA_AREAS = "Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc";
const ZONE = [
  // 1-4: UTC or GMT, and an offset from it.
  "(UTC|GMT|utc|gmt)(?:[ \\u00a0]?([+\\u2212-])[ \\u00a0]?(\\d{1,2})(?::?([0-5]\\d))?)?",
  // 5: a zone of the IANA database.
  `((?:${IANA_AREAS})(?:/[A-Za-z][A-Za-z0-9_+-]*){1,2})`,
  // 6: an abbreviation.
  `(${[...ABBREVIATIONS].sort((x, y) => y.length - x.length).join("|")})`,
  // 7: local time.
  "([Ll]ocal)(?:[ \\u00a0]time)?",
  // 8: a zone or a place by name: "Lisbon time", "Pacific time", "Central European Time".
  "(\\p{Lu}\\p{Ll}+(?:[ \\u00a0]\\p{Lu}\\p{Ll}+){0,2})[ \\u00a0][Tt]ime",
].join("|");
const ZONE_AFTER_TIME = new RegExp(`(?<![\\p{L}\\p{N}:.,/-])(${TIME_SAID})([ \\u00a0]+\\(?)(?:${ZONE})(?![\\p{L}\\p{N}_/])`, "gu");
// A first look: no pattern is tried on a text with no time in it.
const MAY_HOLD_TIME = /\d:\d|\d[ \u00a0]?[ap]\.?m|noon|midnight|midday/i;

// One clock, named many ways: "GMT", "Etc/UTC", "UTC+0" and "Greenwich Mean Time" are UTC; a zone's standard and
// summer names are its generic one's ("PST", "PDT", "PT" and "Pacific Standard Time" say what "Pacific time" says), as
// the offset turns with the date, which a memory seldom says, and people write one for the other all year.
const ZONE_FAMILIES: [family: string, names: string][] = [
  // "cut": Coordinated Universal Time's initials.
  ["utc", "gmt cut"],
  ["pacific", "pt pst pdt"],
  ["mountain", "mt mst mdt"],
  ["central", "ct cst cdt"],
  ["eastern", "et est edt"],
  ["atlantic", "ast adt"],
  ["newfoundland", "nst ndt"],
  ["alaska", "akst akdt"],
  ["cet", "cest met mest mez mesz"],
  ["wet", "west"],
  ["eet", "eest"],
  ["aet", "aest aedt"],
  ["acst", "acdt"],
  ["nzst", "nzdt"],
];
const SAME_ZONE = new Map(ZONE_FAMILIES.flatMap(([family, names]) => names.split(" ").map((name) => [name, family] as const)));
// The words that make a zone's name in words ("Central European Time", "Eastern Standard Time"): such a name is said by
// its initials, as its abbreviation is. Other words name a place ("New York time" is America/New_York's).
const ZONE_NAME_WORD = /^(?:standard|daylight|summer|mean|universal|coordinated|european|eastern|western|central|pacific|atlantic|mountain|australian)$/;

/**
 * Adds the zone of each time `text` says in one (`zone:utc`, `zone:cet`,
 * `zone:utc+2`, `zone:berlin` for Europe/Berlin and Berlin time, `zone:local`);
 * returns the text with the zones taken out and the times left in.
 */
export function readTimeZones(text: string, values: Set<string>): string {
  if (!MAY_HOLD_TIME.test(text)) return text;
  return text.replace(ZONE_AFTER_TIME, (_, time: string, gap: string, ...groups: (string | undefined)[]) => {
    values.add(`zone:${zoneName(groups)}`);
    return `${time}${gap} `;
  });
}

function zoneName([universal, sign, hours, minutes, area, abbreviation, local, named]: (string | undefined)[]): string {
  if (universal !== undefined) {
    const offset = Number(hours ?? 0) * 60 + Number(minutes ?? 0);
    if (offset === 0) return "utc";
    return `utc${sign === "+" ? "+" : "-"}${Number(hours)}${minutes === undefined || minutes === "00" ? "" : `:${minutes}`}`;
  }
  if (area !== undefined)
    return same(
      area
        .slice(area.lastIndexOf("/") + 1)
        .replace(/_/g, " ")
        .toLowerCase(),
    );
  if (abbreviation !== undefined) return same(abbreviation.toLowerCase());
  if (local !== undefined) return "local";
  // "Central European Time" is CET, as zones of more than one word are abbreviated; "Lisbon time" and "New York time"
  // are those places', as "Europe/Lisbon" and "America/New_York" are.
  const words = named!.toLowerCase().split(/[ \u00a0]/);
  if (words.length === 1 || !words.some((word) => ZONE_NAME_WORD.test(word))) return same(words.join(" "));
  return same(`${words.map((word) => word[0]).join("")}t`);
}

function same(zone: string): string {
  return SAME_ZONE.get(zone) ?? zone;
}

/**
 * Two words of statements (lower case) that name one clock two ways: "utc" and "gmt", "pst" and "pt". Some are words
 * of other languages too ("et", "est"): the caller asks only where both statements say a time in a zone.
 */
export function sameZoneWord(a: string, b: string): boolean {
  return a !== b && (SAME_ZONE.has(a) || SAME_ZONE.has(b)) && same(a) === same(b);
}

/** Whether typed values (`typedValues`) hold a time's zone. */
export function saysZone(values: ReadonlySet<string>): boolean {
  for (const value of values) if (value.startsWith("zone:")) return true;
  return false;
}
