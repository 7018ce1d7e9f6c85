import { describe, expect, it } from "vitest";
import { weighUnits } from "../../src/providers/offline/weigh-units.js";
import { bulletSentences, keySentence, writeBullet } from "../../src/providers/offline/write-bullet.js";
import { sampleFloor, sampleWeeks } from "./offline-sample-weeks.js";

const CAPS = [100, 320, 150, 260, 120, 220, 180, 40, 1000];

describe("a unit's bullet, read once and written at many lengths", async () => {
  const weeks = await sampleWeeks();

  it("is at every length what a fresh copy of the unit, asked that length alone, writes", () => {
    let units = 0;
    for (const week of weeks) {
      for (const unit of weighUnits(week.logs.entries, week.existing)) {
        units++;
        expect(keySentence(unit)).toBe(keySentence({ ...unit }));
        for (const cap of CAPS) expect(writeBullet(unit, cap), `${week.name} unit ${unit.order} cap ${cap}`).toBe(writeBullet({ ...unit }, cap));
        expect(bulletSentences(unit)).toEqual(bulletSentences({ ...unit }));
      }
    }
    expect(units).toBeGreaterThan(sampleFloor(1000, 40));
  });
});
