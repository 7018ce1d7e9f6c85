/**
 * `14h05`, `9h30`: the time of day as French, and other languages after it, write it. Read only where a time
 * heading has it, first in the heading (after any date and punctuation) and not run into a word written small:
 * `## Build took 1h30` and `## 2h15 run` are durations, `## 14h05 — Standup` and `## 9h30 Réunion` times.
 * One definition for the heading reader and the title cleaner.
 */
export const H_TIME_SOURCE = String.raw`(?<![\p{L}\p{N}:])(\d{1,2})h(\d{2})(?![\p{L}\p{N}:])(?=\s*(?:$|[^\p{Ll}\s]))`;

/** An h-time anywhere (inside a date a parser read: `7 mars 2025, 9h30`). */
export const H_TIME = new RegExp(H_TIME_SOURCE, "u");

/** An h-time that leads the text, after nothing but punctuation and spaces. */
export const LEADING_H_TIME = new RegExp(String.raw`^[^\p{L}\p{N}]*${H_TIME_SOURCE}`, "u");

/** An h-time that leads a title, after punctuation and ISO dates (kept in group 1: the title cleaner takes them out itself). */
export const TITLE_H_TIME = new RegExp(String.raw`^((?:[^\p{L}\p{N}]|\d{4}-\d{2}-\d{2}(?![\p{L}\p{N}]))*)${H_TIME_SOURCE}`, "u");
