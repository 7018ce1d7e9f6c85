import { describe, expect, it } from "vitest";
import { dateLocales } from "../../src/logs/date-locales.js";

describe("dateLocales", () => {
  it.each([
    ["Freitag, 7. März 2025", ["de"]],
    ["Vendredi 7 MARS 2025", ["fr", "sv"]],
    ["3月5号 周三", ["ja", "zh"]],
    ["Session 1 (09:00–10:30)", []],
    ["email the maintainer", []],
  ])("names the locales whose month names %s holds", (heading, locales) => {
    expect(dateLocales(heading)).toEqual(locales);
  });

  // Unicode's case folding reads the Kelvin sign as k: a month spelt with it is still that month's name.
  it("reads a month name as Unicode's case folding does", () => {
    expect(dateLocales("7 o\u212Atober 2025")).toEqual(dateLocales("7 oktober 2025"));
    expect(dateLocales("7 o\u212Atober 2025")).toEqual(["de", "nl", "sv"]);
  });
});
