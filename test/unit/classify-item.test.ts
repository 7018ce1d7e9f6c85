import { describe, expect, it } from "vitest";
import { classifyItem } from "../../src/providers/offline/classify-item.js";

const item = (text: string, context = "") => ({ date: "2026-03-02", file: "2026-03-02.md", context, text });

describe("classifyItem", () => {
  it.each([
    ["We decided to move the weekly sync to Thursdays.", "decision"],
    ["**Decision:** Postgres 16 on Neon.", "decision"],
    ["Switched to per-field merge with vector clocks.", "decision"],
    ["Somatic markers are load-bearing for decision-making.", "context"],
    ["Read a post on decision quality after context switching.", "context"],
    ["Server-generated tokens replace client-chosen secrets.", "context"],
    ["Industry moving to shorter certificate lifetimes.", "context"],
    ["Shipped the billing export job.", "outcome"],
    ["Fixed the flaky test that blocked the release.", "outcome"],
    ["Blocked until the vendor raises our quota.", "blocker"],
    ["Dana prefers short answers.", "preference"],
    ["Lesson: never rotate passwords on a Friday.", "lesson"],
    ["Dashboard: https://grafana.example.com/d/sync", "reference"],
    ["Heartbeat: all systems green.", "routine"],
    ["Status check: deploy failed, blocked on credentials.", "blocker"],
  ])("%s → %s", (text, category) => {
    expect(classifyItem(item(text))).toBe(category);
  });

  it("follows a seed 004 type word, then the section heading", () => {
    expect(classifyItem({ ...item("Use Kimi K2.5 by default."), kind: "decision" })).toBe("decision");
    expect(classifyItem(item("Legal has not approved the text.", "Session 2 › Blockers"))).toBe("blocker");
  });
});
