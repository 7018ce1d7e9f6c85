import type { ScoredUnit } from "./weigh-units.js";
import { writeBullet } from "./write-bullet.js";

/** A unit chosen for the summary, with its bullet. */
export interface Chosen {
  unit: ScoredUnit;
  bullet: string;
}

// Bullet lengths tried, longest first: the longest at which the important units all fit wins.
const CAPS = [320, 260, 220, 180, 150, 120, 100];
// Below this a unit is not worth a bullet, whatever the budget left.
const MIN_SCORE = 1.6;
// Decisions, outcomes and blockers scoring at least this are what seed 002 says to keep, all of them.
// Lessons and preferences are kept as memories; in the summary they take what budget is left.
const IMPORTANT = 3;
const KEPT_CATEGORIES = new Set(["decision", "outcome", "blocker"]);
// When the important units alone outgrow the target, the summary grows with them, this far at most.
const MAX_STRETCH = 2;
// Each further unit of the same section and category counts for less: the budget covers more of the week.
const SAME_SECTION = 0.7;

/**
 * Chooses the bullets of the week within the budget (seed 002: about 30% of
 * the input). Important units go first, then the rest in what budget is left.
 * In each pass every day first gets a share in proportion to what it holds
 * and fills it with its most salient units; what is left goes to the most
 * salient units of any day. So a busy Monday cannot crowd out Friday, and
 * the order of the days does not decide what is kept.
 */
export function selectForBudget(units: readonly ScoredUnit[], target: number): Chosen[] {
  const candidates = units.filter((unit) => unit.category !== "routine" && unit.score >= MIN_SCORE);
  const cap = pickCap(candidates, target);
  const bullets: Chosen[] = [];
  for (const unit of candidates) {
    const bullet = writeBullet(unit, cap);
    if (bullet) bullets.push({ unit, bullet });
  }
  if (bullets.length === 0) return [];
  const weight = diversified(bullets);
  const important = bullets.filter((chosen) => isImportant(chosen.unit, weight.get(chosen)!));
  const rest = bullets.filter((chosen) => !isImportant(chosen.unit, weight.get(chosen)!));
  const importantSize = important.reduce((sum, chosen) => sum + size(chosen), 0);
  const taken = new Set<Chosen>();
  const used = fill(important, Math.min(MAX_STRETCH * target, Math.max(target, importantSize)), weight, taken, { everyDay: true });
  fill(rest, target - used, weight, taken);
  return bullets.filter((chosen) => taken.has(chosen));
}

// Day shares first, then the most salient of any day; returns the characters used. `everyDay`: each
// day keeps its most salient item even past the budget (a dense week's Sunday decision is not cut
// because Monday to Friday used the budget up).
function fill(list: readonly Chosen[], budget: number, weight: Map<Chosen, number>, taken: Set<Chosen>, options: { everyDay?: boolean } = {}): number {
  if (list.length === 0 || budget <= 0) return 0;
  const byDay = new Map<string, Chosen[]>();
  for (const chosen of list) {
    const day = byDay.get(chosen.unit.date);
    if (day) day.push(chosen);
    else byDay.set(chosen.unit.date, [chosen]);
  }
  const total = list.reduce((sum, chosen) => sum + size(chosen), 0);
  let used = 0;
  for (const day of byDay.values()) {
    const quota = (budget * day.reduce((sum, chosen) => sum + size(chosen), 0)) / total;
    let dayUsed = 0;
    for (const chosen of bySalience(day, weight)) {
      // Every day with something worth saying keeps its best item.
      if (dayUsed + size(chosen) > quota && dayUsed > 0) continue;
      if (used + size(chosen) > budget && used > 0 && !(options.everyDay && dayUsed === 0)) continue;
      taken.add(chosen);
      dayUsed += size(chosen);
      used += size(chosen);
    }
  }
  for (const chosen of bySalience(list, weight)) {
    if (taken.has(chosen) || used + size(chosen) > budget) continue;
    taken.add(chosen);
    used += size(chosen);
  }
  return used;
}

function isImportant(unit: ScoredUnit, weight: number): boolean {
  return weight >= IMPORTANT && KEPT_CATEGORIES.has(unit.category);
}

function size(chosen: Chosen): number {
  return chosen.bullet.length + 1;
}

function pickCap(candidates: readonly ScoredUnit[], budget: number): number {
  const important = candidates.filter((unit) => isImportant(unit, unit.score));
  for (const cap of CAPS) {
    let total = 0;
    for (const unit of important) total += (writeBullet(unit, cap)?.length ?? 0) + 1;
    if (total <= budget) return cap;
  }
  return CAPS[CAPS.length - 1]!;
}

function bySalience(list: readonly Chosen[], weight: Map<Chosen, number>): Chosen[] {
  return [...list].sort((a, b) => weight.get(b)! - weight.get(a)! || a.unit.order - b.unit.order);
}

// A unit's score, discounted by how many more salient units of its section and category come before it.
function diversified(bullets: readonly Chosen[]): Map<Chosen, number> {
  const bySection = new Map<string, Chosen[]>();
  for (const chosen of bullets) {
    const key = `${chosen.unit.section.key} ${chosen.unit.category}`;
    const list = bySection.get(key);
    if (list) list.push(chosen);
    else bySection.set(key, [chosen]);
  }
  const weight = new Map<Chosen, number>();
  for (const list of bySection.values()) {
    list.sort((a, b) => b.unit.score - a.unit.score || a.unit.order - b.unit.order);
    list.forEach((chosen, rank) => {
      weight.set(chosen, chosen.unit.score * SAME_SECTION ** rank);
    });
  }
  return weight;
}
