/**
 * `14h05`, `9h30`, `9h`: the time of day as French, and other languages after it, write it. Read only where a
 * time heading has it, first in the heading (after any date and punctuation): `## Build took 1h30` and
 * `## Done in 2h15` are durations, `## 14h05 — Standup`, `## 9h30 Réunion` and `## 9h30 standup` times.
 * Leading a heading, `2h15` is a duration only when a word says so (`## 1h30 of debugging`, `## 2h15 later`);
 * a bare hour only when nothing but a dash, colon, bar or bracket follows it (`## 9h — Standup`, `## [14h] Réunion`),
 * as `## 4h debugging`, `## 3h later` and `## 4h, then lunch` are durations. One definition for the heading reader and the title cleaner.
 */
// "of" and its kin in the languages that write h-times: `1h30 de réunion`, `2h15 d'attente`, `1h30 di riunione` are
// how long, where `9h30 du matin` is when.
const DURATION_WORD = String.raw`(?:(?:of|for|de|di|von|later|ago|left|spent|total|long|late|early|earlier|remaining|elapsed|overdue|behind|plus\s+tard|später|más\s+tarde)(?![\p{L}\p{N}])|d['’])`;

/** Hours in group 1, minutes (none for a bare hour) in group 2. */
export const H_TIME_SOURCE = String.raw`(?<![\p{L}\p{N}:])(\d{1,2})h(?:(\d{2})(?![\p{L}\p{N}:])(?!\s*${DURATION_WORD})|(?![\p{L}\p{N}:])(?=\s*(?:$|[—–\-:|\])])))`;

/** An h-time anywhere (inside a date a parser read: `7 mars 2025, 9h30`). */
export const H_TIME = new RegExp(H_TIME_SOURCE, "u");

/** An h-time that leads the text, after nothing but punctuation and spaces. */
export const LEADING_H_TIME = new RegExp(String.raw`^[^\p{L}\p{N}]*${H_TIME_SOURCE}`, "u");

/** An h-time that leads a title, after punctuation and ISO dates (kept in group 1: the title cleaner takes them out itself). */
export const TITLE_H_TIME = new RegExp(String.raw`^((?:[^\p{L}\p{N}]|\d{4}-\d{2}-\d{2}(?![\p{L}\p{N}]))*)${H_TIME_SOURCE}`, "u");
