import { describe, expect, it } from "vitest";
import { contentWords, typedValues } from "../../src/consolidate/memory-facts.js";
import { countWord } from "../../src/consolidate/value-forms.js";

const values = (text: string) => [...typedValues(text)].sort();
const ofKind = (text: string, kind: string) => values(text).filter((value) => value.startsWith(`${kind}:`));

describe("typedValues: a value written two ways is one value", () => {
  it.each([
    ["a time on the 12-hour clock", "Supper is at 9 pm", "Supper is at 21:00", "time"],
    ["minutes and dots", "Standup at 8:30 p.m.", "Standup at 20:30", "time"],
    ["midnight", "Backups start at 12 AM", "Backups start at midnight", "time"],
    ["noon", "Lunch at noon", "Lunch at 12:00", "time"],
    ["a date without its year", "The report is due March 2", "The report is due 2026-03-02", "monthday"],
    ["a day before its month", "Due 2nd of March", "Due March 2", "monthday"],
    ["another language's month", "Abgabe am 2. März", "due March 2", "monthday"],
    ["hours in words and glued to digits", "Jobs longer than three hours", "Jobs longer than 3h", "duration"],
    ["an hour and minutes", "One hour of reading", "60 minutes of reading", "duration"],
    ["a count with a unit word", "Time out after 20 minutes", "Time out after 20m", "duration"],
    ["an abbreviated unit", "Time out after 20 min", "Time out after 20m", "duration"],
    ["parts of one duration", "Jobs get 1h 30m", "Jobs get 90 minutes", "duration"],
    ["a half", "Half an hour of reading", "30 min of reading", "duration"],
    ["another language's unit", "14 Tage Aufbewahrung", "14 days of retention", "duration"],
    ["thousands with k", "Flush every 2k rows", "Flush every 2000 rows", "number"],
    ["a count in words", "The median of seven runs", "The median of 7 runs", "number"],
    ["a compound count", "Keep twenty-four shards", "Keep 24 shards", "number"],
    ["a decimal in words", "no more than three point three volts", "no more than 3.3 volts", "number"],
    ["a unit word and its symbol", "no more than 3.3 volts", "no more than 3.3V", "id"],
    ["a decimal in words with its unit", "three point three volts max", "3.3V max", "id"],
    ["a spaced unit", "the rail is 5 V", "the rail is 5V", "number"],
    ["percent in words", "Warn at 20 percent", "Warn at 20%", "number"],
    ["per cent in two words, in capitals", "Warn at Twenty Per Cent", "Warn at 20%", "number"],
    ["another language's percent", "Alarm bei 20 Prozent", "alarm at 20%", "number"],
    ["a spaced percent sign", "Warn at 20 %", "Warn at 20%", "number"],
    ["watts glued and in words", "the charger gives 5W", "the charger gives 5 watts", "number"],
    ["watts spaced, and an identifier of the quantity", "the charger gives 5 W", "the charger gives 5W", "id"],
    ["kilowatts", "the heater draws 2 kilowatts", "the heater draws 2kW", "id"],
    ["milliwatts", "the radio sends at 500 milliwatts", "the radio sends at 500 mW", "id"],
    ["a quarter past the hour", "every Monday at quarter past nine", "every Monday at 9:15", "time"],
    ["half past, with pm", "Dinner at half past 8 pm", "Dinner at 20:30", "time"],
    ["a quarter to the hour", "Call at quarter to one", "Call at 12:45", "time"],
  ])("%s", (_, one, other, kind) => {
    expect(ofKind(one, kind)).toEqual(ofKind(other, kind));
    expect(ofKind(one, kind)).not.toEqual([]);
  });

  it("reads the values themselves", () => {
    expect(values("Supper at 9 pm, due March 2, 2026, kept 48 hours, every 1.5k rows")).toEqual([
      "date:2026-03-02",
      "duration:172800",
      "month:march",
      "monthday:03-02",
      "number:1500",
      "time:21:00",
    ]);
    // A date written in digits is also its month and day.
    expect(values("due 2026-06-30")).toEqual(["date:2026-06-30", "month:june", "monthday:06-30"]);
    expect(values("p95 latency is 250 ms")).toEqual(["duration:0.25", "id:p95", "number:95"]);
    expect(values("Keep the last 6mo of logs, or 1y at most")).toEqual(["duration:12mo", "duration:6mo"]);
  });

  it("reads spelled decimals, units and clock phrases into their digit forms", () => {
    expect(values("the I/O rail takes three point three volts; zero point two five amps")).toEqual(
      expect.arrayContaining(["id:3.3v", "number:3.3", "number:0.25"]),
    );
    expect(values("Warn at 20 percent")).toEqual(["number:20%"]);
    expect(values("512 MB of heap")).toEqual(["id:512mb", "measure:512MB", "number:512"]);
  });

  it("keeps different spelled values and look-alike words apart", () => {
    expect(ofKind("three point three volts", "number")).not.toEqual(ofKind("3.5 volts", "number"));
    expect(ofKind("quarter past nine", "time")).not.toEqual(ofKind("quarter to nine", "time"));
    expect(ofKind("20 percent", "number")).not.toEqual(ofKind("15%", "number"));
    // "point" after no count, "per" with no unit, a lower-case "v": nothing rewritten.
    expect(values("a point of contact")).toEqual([]);
    expect(values("3 per day")).toEqual(["number:3"]);
    expect(values("3 v 2")).toEqual(["number:2", "number:3"]);
    expect(ofKind("5 watts", "duration")).toEqual([]);
    // "half past" needs an hour of the clock.
    expect(ofKind("half past thirteen", "time")).toEqual([]);
  });

  it("reads an upper-case W glued to digits as watts, and weeks as weeks", () => {
    expect(values("the charger gives 5W")).toEqual(["id:5w", "number:5"]);
    expect(values("a 65W charger, 7.5W on the dock")).toEqual(["id:65w", "id:7.5w", "number:65", "number:7.5"]);
    expect(ofKind("5W", "number")).not.toEqual(ofKind("10W", "number"));
    // Weeks glued in lower case, or in words in any case, are weeks; "5 w" spaced is neither.
    expect(values("sprints last 2w")).toEqual(["duration:1209600"]);
    expect(ofKind("keep logs 5wk", "duration")).toEqual(ofKind("keep logs 5 Weeks", "duration"));
    expect(values("5 w")).toEqual(["number:5"]);
  });

  it("reads a number glued to its unit alike whatever its digits", () => {
    // The identifier of a quantity was read from two digits on ("12V"), so "5V" gave no unit at all.
    expect(values("the rail is 5V")).toEqual(["id:5v", "number:5"]);
    expect(values("the rail is 12V")).toEqual(["id:12v", "number:12"]);
    expect(values("the rail is 5 volts")).toEqual(["id:5v", "number:5"]);
    // A name with a quantity in it is still a name; a percent stays in its number.
    expect(values("the 3.3V-rail")).toEqual(["id:3.3v-rail", "number:3.3"]);
    expect(values("warn at 20%")).toEqual(["number:20%"]);
  });

  it("reads a month named alone, and the month of a date", () => {
    expect(ofKind("due by the end of September", "month")).toEqual(["month:september"]);
    expect(ofKind("due 15 November", "month")).toEqual(["month:november"]);
    // "May" alone is a verb as often; a month in lower case is another word ("march on").
    expect(ofKind("May we ship?", "month")).toEqual([]);
    expect(ofKind("we march on", "month")).toEqual([]);
  });

  it("keeps different values apart", () => {
    expect(ofKind("at 9 pm", "time")).not.toEqual(ofKind("at 20:30", "time"));
    expect(ofKind("one hour", "duration")).not.toEqual(ofKind("30 minutes", "duration"));
    expect(ofKind("July 14", "monthday")).not.toEqual(ofKind("2026-06-30", "monthday"));
    // "9 pm" is a time, not the number 9.
    expect(ofKind("Supper is at 9 pm", "number")).toEqual([]);
    // "an hour a day" is two durations, not 25 hours.
    expect(ofKind("an hour a day", "duration")).toEqual(["duration:3600", "duration:86400"]);
  });

  it("reads no value where there is none", () => {
    // "may" the verb, a month with a year and no day, a million, metres, "15 m" spaced.
    expect(ofKind("you may 3 times retry", "monthday")).toEqual([]);
    expect(ofKind("since April 2026", "monthday")).toEqual([]);
    expect(ofKind("a table of 15M rows", "duration")).toEqual([]);
    expect(ofKind("bins stay 15 m from the road", "duration")).toEqual([]);
    // A count in words takes a whole unit word after a space: "as" is no "a" and a second.
    expect(ofKind("Fazemos as revisões às sextas", "duration")).toEqual([]);
    expect(ofKind("a s", "duration")).toEqual([]);
    expect(ofKind("I am here", "time")).toEqual([]);
    // "one" alone is as often no count: "one board", "no one".
    expect(ofKind("Everything is in one folder; no one edits it", "number")).toEqual([]);
    // Digits inside a name are no duration: "k8s", "v1.2h", "build-a100-02".
    expect(ofKind("k8s on build-a100-02 with v1.2h", "duration")).toEqual([]);
    expect(ofKind("k8s", "number")).not.toContain("number:8000");
  });
});

describe("countWord", () => {
  it("reads counts up to ninety-nine, and nothing else", () => {
    expect([countWord("three"), countWord("twenty-four"), countWord("zero")]).toEqual([3, 24, 0]);
    expect(values("Keep Thirty five days")).toEqual(["duration:3024000"]);
    expect([countWord("threes"), countWord("hundred"), countWord("twenty-zero"), countWord("often")]).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe("contentWords", () => {
  it("gives a count in words as its digits, but not a bare 'one'", () => {
    expect(contentWords("the median of seven runs")).toEqual(contentWords("the median of 7 runs"));
    expect(contentWords("one board")).not.toContain("1");
  });
});

describe("typedValues: units whose symbols differ only in case", () => {
  it("reads each case as its own unit, and its name as that unit", () => {
    expect(ofKind("draws 5 mW at idle", "measure")).toEqual(["measure:5mW"]);
    expect(ofKind("draws 5 MW at idle", "measure")).toEqual(["measure:5MW"]);
    expect(ofKind("draws 5 milliwatts", "measure")).toEqual(ofKind("draws 5mW", "measure"));
    expect(ofKind("draws 5 megawatts", "measure")).toEqual(ofKind("draws 5 MW", "measure"));
    expect(ofKind("link is 5 Mb", "measure")).toEqual(["measure:5Mb"]);
    expect(ofKind("link is 5 MB", "measure")).toEqual(["measure:5MB"]);
    for (const same of ["5 megabits", "5Mb", "5 Mbit"]) expect(ofKind(`link is ${same}`, "measure"), same).toEqual(["measure:5Mb"]);
    for (const same of ["5 megabytes", "5MB"]) expect(ofKind(`link is ${same}`, "measure"), same).toEqual(["measure:5MB"]);
    // Both are still the quantity "5mb" as a memory's lower-case words hold it, and no name.
    expect(values("link is 5 Mb")).toEqual(["id:5mb", "measure:5Mb", "number:5"]);
  });

  it("reads no unit from a symbol in lower case alone, which could be either", () => {
    expect(ofKind("link is 5 mb", "measure")).toEqual([]);
    expect(ofKind("link is 5mb", "measure")).toEqual([]);
    expect(ofKind("draws 5 mw", "measure")).toEqual([]);
    // A unit no other differs from only by case is read as before.
    expect(ofKind("the rail is 5V, the charger 5 W", "measure")).toEqual([]);
  });
});

describe("typedValues: time zones", () => {
  it.each([
    ["an abbreviation", "daily sync at 9:00 CET", "zone:cet"],
    ["UTC in lower case", "sync at 09:00 utc", "zone:utc"],
    ["GMT, which is UTC", "sync at 9:00 GMT", "zone:utc"],
    ["UTC with no offset", "sync at 9:00 UTC+0", "zone:utc"],
    ["an offset", "sync at 9:00 UTC+02:00", "zone:utc+2"],
    ["an offset with minutes", "sync at 9:00 GMT-5:30", "zone:utc-5:30"],
    ["after a 12-hour time", "sync at 9am PST", "zone:pacific"],
    ["after noon", "lunch at noon JST", "zone:jst"],
    ["in brackets", "sync at 9:00 (CET)", "zone:cet"],
    ["an IANA zone", "sync at 9:00 Europe/Berlin", "zone:berlin"],
    ["an IANA zone of two parts", "sync at 9:00 America/Argentina/Buenos_Aires", "zone:buenos aires"],
    ["a place's time", "sync at 9:00 Berlin time", "zone:berlin"],
    ["a zone in words", "sync at 9:00 Central European Time", "zone:cet"],
    ["a zone's short name", "sync at 9:00 PT", "zone:pacific"],
    ["the same zone in words", "sync at 9:00 Pacific time", "zone:pacific"],
    ["local time", "sync at 9:00 local time", "zone:local"],
  ])("%s", (_, text, zone) => {
    expect(ofKind(text, "zone")).toEqual([zone]);
    // The time is still read, and the zone is no name.
    expect(ofKind(text, "time")).toHaveLength(1);
    expect(ofKind(text, "name")).toEqual([]);
  });

  it("takes the zone out of the names", () => {
    expect(values("daily sync at 9:00 UTC")).toEqual(["time:09:00", "zone:utc"]);
    expect(values("daily sync at 9:00 Europe/Berlin")).toEqual(["time:09:00", "zone:berlin"]);
  });

  it("reads a zone only right after a time, and abbreviations only in capitals", () => {
    expect(ofKind("the CET office opens at 9:00", "zone")).toEqual([]);
    expect(ofKind("release on 9 ET", "zone")).toEqual([]);
    // "est" and "et" are words after a time in French or Spanish.
    expect(ofKind("la réunion de 9:00 est annulée", "zone")).toEqual([]);
    expect(ofKind("à 9:00 et à 10:00", "zone")).toEqual([]);
    expect(ofKind("book meetings after 10:00 her time", "zone")).toEqual([]);
    expect(ofKind("sync at 9:00 IT standup", "zone")).toEqual([]);
  });
});

describe("typedValues: one clock's zone, however it is named", () => {
  const zoneOf = (text: string) => ofKind(text, "zone");
  it.each([
    ["a place of two words and its IANA zone", "sync at 9:00 New York time", "sync at 9:00 America/New_York"],
    ["another", "sync at 9:00 Buenos Aires time", "sync at 9:00 America/Argentina/Buenos_Aires"],
    ["a zone's standard name in words and its generic one", "sync at 9:00 Eastern Standard Time", "sync at 9:00 Eastern Time"],
    ["Greenwich Mean Time, which is GMT", "sync at 9:00 Greenwich Mean Time", "sync at 9:00 GMT"],
    ["Coordinated Universal Time, which is UTC", "sync at 9:00 Coordinated Universal Time", "sync at 9:00 UTC"],
    ["a standard time and the generic zone", "sync at 9:00 PST", "sync at 9:00 PT"],
    ["a summer time and the standard one", "sync at 9:00 PDT", "sync at 9:00 PST"],
    ["a standard abbreviation and the zone in words", "sync at 9:00 EST", "sync at 9:00 Eastern time"],
    ["Central European summer time", "sync at 9:00 CEST", "sync at 9:00 CET"],
    ["Central European time in German", "sync at 9:00 MEZ", "sync at 9:00 CET"],
  ])("%s", (_, x, y) => {
    expect(zoneOf(x)).toHaveLength(1);
    expect(zoneOf(x)).toEqual(zoneOf(y));
  });

  it("keeps other zones apart", () => {
    expect(zoneOf("sync at 9:00 PST")).not.toEqual(zoneOf("sync at 9:00 EST"));
    expect(zoneOf("sync at 9:00 CET")).not.toEqual(zoneOf("sync at 9:00 EET"));
    expect(zoneOf("sync at 9:00 New York time")).not.toEqual(zoneOf("sync at 9:00 New Delhi time"));
    expect(zoneOf("sync at 9:00 BST")).not.toEqual(zoneOf("sync at 9:00 GMT"));
  });
});

describe("typedValues: rates and resistances whose symbols differ only in case", () => {
  it("reads bits and bytes a second each as their own unit, however written", () => {
    for (const same of ["100 Mbps", "100 Mb/s", "100 Mbit/s", "100Mbps", "100 megabits per second", "100 Mb per second", "100 megabits/s"])
      expect(ofKind(`uplink is ${same}`, "measure"), same).toEqual(["measure:100Mbps"]);
    for (const same of ["100 MBps", "100 MB/s", "100MB/s", "100 megabytes per second", "100 MB per second", "100 MB a second", "100 MB/sec"])
      expect(ofKind(`uplink is ${same}`, "measure"), same).toEqual(["measure:100MBps"]);
    // A rate is no size: "100 MB/s" is not "100 MB".
    expect(ofKind("uplink is 100 MB/s", "measure")).not.toEqual(ofKind("disk is 100 MB", "measure"));
    // In lower case alone it could be either.
    expect(ofKind("uplink is 100 mbps", "measure")).toEqual([]);
    expect(ofKind("uplink is 128 KBps", "measure")).not.toEqual(ofKind("uplink is 128 Kbps", "measure"));
  });

  it("reads milli-, kilo- and megaohms as their own units", () => {
    expect(ofKind("shunt is 10 mΩ", "measure")).toEqual(["measure:10mΩ"]);
    expect(ofKind("pull-up is 10 MΩ", "measure")).toEqual(["measure:10MΩ"]);
    expect(ofKind("shunt is 10 milliohms", "measure")).toEqual(ofKind("shunt is 10 mΩ", "measure"));
    expect(ofKind("pull-up is 10 megohms", "measure")).toEqual(ofKind("pull-up is 10 MΩ", "measure"));
  });
});
