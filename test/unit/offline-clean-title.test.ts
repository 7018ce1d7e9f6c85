import { describe, expect, it, vi } from "vitest";
import { sampleTitles } from "./offline-sample-weeks.js";

describe("titles and names of the sample weeks", async () => {
  const list = await sampleTitles();

  it("are cleaned as a fresh reading cleans them, however often and in whatever order they are asked", async () => {
    vi.resetModules();
    const fresh = await import("../../src/providers/offline/clean-title.js");
    const clean = new Map(list.map((title) => [title, fresh.cleanTitle(title)]));
    vi.resetModules();
    const again = await import("../../src/providers/offline/clean-title.js");
    const named = new Map(list.map((title) => [title, again.nameTitle(title)]));
    for (const title of [...list].reverse().concat(list)) {
      expect(fresh.cleanTitle(title)).toBe(clean.get(title));
      expect(again.nameTitle(title)).toBe(named.get(title));
      expect(again.cleanTitle(title)).toBe(clean.get(title));
    }
  });
});

describe("a heading's 12-hour time", () => {
  it("is taken out of the title whole, with its am or pm", async () => {
    const { cleanTitle } = await import("../../src/providers/offline/clean-title.js");
    expect(cleanTitle("2:45 pm lesson: Run migrations first")).toBe("Run migrations first");
    expect(cleanTitle("11:59 PM — wrap-up")).toBe("wrap-up");
    expect(cleanTitle("9:00 - 10:30 AM planning")).toBe("planning");
    expect(cleanTitle("5:00 Pmax check")).toBe("Pmax check");
  });
});

describe("a heading's time written otherwise", () => {
  it("is taken out of the title whole: 09:15 Uhr, 14h05", async () => {
    const { cleanTitle } = await import("../../src/providers/offline/clean-title.js");
    expect(cleanTitle("09:15 Uhr")).toBe("");
    expect(cleanTitle("10:00 Uhr Retro")).toBe("Retro");
    expect(cleanTitle("14h05 — Réunion avec Claire")).toBe("Réunion avec Claire");
    expect(cleanTitle("2025-03-07 9h30 — Standup")).toBe("Standup");
    expect(cleanTitle("9h30 standup")).toBe("standup");
    expect(cleanTitle("9h — Standup")).toBe("Standup");
  });

  it("keeps a duration written with h: only a time heading's leading 14h05 is a time", async () => {
    const { cleanTitle } = await import("../../src/providers/offline/clean-title.js");
    expect(cleanTitle("Build took 1h30")).toBe("Build took 1h30");
    expect(cleanTitle("1h30 of debugging")).toBe("1h30 of debugging");
    expect(cleanTitle("4h debugging")).toBe("4h debugging");
    expect(cleanTitle("Uhrwerk 2h30 reparieren")).toBe("Uhrwerk 2h30 reparieren");
  });
});

describe("a heading's number", () => {
  it("is kept when it is part of the title, though a word after it starts with a month's name", async () => {
    const { cleanTitle } = await import("../../src/providers/offline/clean-title.js");
    expect(cleanTitle("Top 10 Mars facts")).toBe("Top 10 Mars facts");
    expect(cleanTitle("Round 2 Mayo clinic")).toBe("Round 2 Mayo clinic");
    expect(cleanTitle("Step 3 Decide the schema")).toBe("Step 3 Decide the schema");
    expect(cleanTitle("Phase 2 Marketing push")).toBe("Phase 2 Marketing push");
    expect(cleanTitle("Review 3 Junior PRs")).toBe("Review 3 Junior PRs");
    expect(cleanTitle("Top 10 tips")).toBe("Top 10 tips");
  });

  it("is taken out with what it was meant to take: list markers, dates and times", async () => {
    const { cleanTitle } = await import("../../src/providers/offline/clean-title.js");
    expect(cleanTitle("1. Top 10 things")).toBe("Top 10 things");
    expect(cleanTitle("Deploy at 10 Dec")).toBe("Deploy");
    expect(cleanTitle("12 Mar standup")).toBe("standup");
    expect(cleanTitle("3 Jan 2025 retro")).toBe("retro");
    expect(cleanTitle("Retro 4 March, 2025")).toBe("Retro");
    expect(cleanTitle("Sept. planning, 5 Sept. review")).toBe("Sept. planning, review");
    expect(cleanTitle("09:30 Top 10 Mars facts")).toBe("Top 10 Mars facts");
  });
});
