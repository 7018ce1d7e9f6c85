import type { LogEntry } from "../../logs/log-types.js";
import { ENTRY_KINDS } from "../../logs/read-heading.js";
import { plainText } from "./plain-text.js";
import { type Block, type BlockShape, readBlocks } from "./read-blocks.js";
import { isBoldTitle, splitField } from "./split-field.js";

/** One statement of a unit: a lead, a child bullet, a field, a table or a code block. */
export interface UnitPart {
  /** `Changes` in `**Changes:** …`. */
  label?: string;
  /** Plain text of the statement (without its label); code and tables as written. */
  text: string;
  /** 0 for a group's lead, 1 for what it holds. */
  depth: number;
  shape: BlockShape;
  /** The whole statement is italic: a footer or aside (`*Written during …*`). */
  aside: boolean;
  startLine: number;
}

/** A part as one line: `Label: value`. */
export function statement(part: UnitPart): string {
  return part.label ? `${part.label}: ${part.text}` : part.text;
}

/** The heading section a unit sits in: what a memory about it quotes. */
export interface UnitSection {
  key: string;
  title: string;
  /** Titles of the headings above it, outermost first. */
  trail: string[];
  startLine: number;
  endLine: number;
}

/**
 * What the offline model weighs as one item: a small section, a record of
 * `Label: value` fields, or one group of a long section (a lead with the
 * bullets it introduces, a bullet with its sub-bullets, a paragraph).
 */
export interface Unit {
  date: string;
  file: string;
  startLine: number;
  endLine: number;
  section: UnitSection;
  /** The seed 004 type word of its entry or heading. */
  kind?: string;
  parts: UnitPart[];
  /** The unit is its whole section, so the section's title is its title. */
  whole: boolean;
  /** Position in the week, for a stable order. */
  order: number;
}

interface OpenSection {
  section: UnitSection;
  depth: number;
  blocks: Block[];
  kind?: string;
}

const KIND = new RegExp(`(?:^|[\\s\\]])(${ENTRY_KINDS.join("|")}):\\s`, "i");
const KIND_SECTION = new RegExp(`(?:^|[\\s\\]])(?:${ENTRY_KINDS.join("|")}):\\s`, "i");

// A section whose groups are mostly `Label: value` fields is a record, read as one item.
const RECORD_SHARE = 0.6;

/** Breaks a week's entries into units, in order. Frontmatter is not a statement. */
export function groupUnits(entries: readonly LogEntry[]): Unit[] {
  const units: Unit[] = [];
  for (const entry of entries) {
    if (entry.shape === "frontmatter") continue;
    for (const unit of entryUnits(entry)) {
      unit.order = units.length;
      units.push(unit);
    }
  }
  return units;
}

function entryUnits(entry: LogEntry): Unit[] {
  const blocks = readBlocks(entry.text, entry.startLine);
  const sections: OpenSection[] = [];
  const stack: OpenSection[] = [];
  const root: OpenSection = {
    section: { key: `${entry.file}#${entry.startLine}`, title: "", trail: [], startLine: entry.startLine, endLine: entry.endLine },
    depth: 0,
    blocks: [],
  };
  if (entry.kind) root.kind = entry.kind;
  sections.push(root);
  stack.push(root);
  for (const block of blocks) {
    if (block.shape !== "heading") {
      stack[stack.length - 1]!.blocks.push(block);
      continue;
    }
    while (stack.length > 1 && stack[stack.length - 1]!.depth >= block.depth) close(stack.pop()!, block.startLine - 1);
    const parent = stack[stack.length - 1]!;
    const title = plainText(block.text);
    const open: OpenSection = {
      section: {
        key: `${entry.file}#${block.startLine}`,
        title,
        trail: [...parent.section.trail, ...(parent.section.title ? [parent.section.title] : [])],
        startLine: block.startLine,
        endLine: entry.endLine,
      },
      depth: block.depth,
      blocks: [],
    };
    const kind = KIND.exec(block.text.slice(0, 40))?.[1]?.toLowerCase() ?? (block.startLine === entry.startLine ? entry.kind : parent.kind);
    if (kind) open.kind = kind;
    sections.push(open);
    stack.push(open);
  }
  while (stack.length > 1) close(stack.pop()!, entry.endLine);

  const units: Unit[] = [];
  for (const open of sections) units.push(...sectionUnits(open, entry));
  return units;
}

function close(open: OpenSection, lastLine: number): void {
  open.section.endLine = Math.max(open.section.startLine, lastLine);
}

// A `---` rule parts a section: what comes after it (a running total, a sign-off) is weighed apart.
function sectionUnits(open: OpenSection, entry: LogEntry): Unit[] {
  const runs: Block[][] = [[]];
  for (const block of open.blocks) {
    if (block.shape === "rule") runs.push([]);
    else if (block.shape !== "comment") runs[runs.length - 1]!.push(block);
  }
  return runs.flatMap((run) => runUnits(run, open, entry));
}

function runUnits(blocks: Block[], open: OpenSection, entry: LogEntry): Unit[] {
  const groups = groupBlocks(blocks);
  if (groups.length === 0) return [];
  // `**Changes:** …`, `**Status:** …`: a form filled in, read as one item.
  const fields = groups.filter((group) => splitField(group[0]!.text).bold === true).length;
  const record = groups.length >= 2 && fields / groups.length >= RECORD_SHARE;
  // A seed 004 entry (`## [10:15] decision: …`) is one statement, however many paragraphs it has.
  const typed = open.kind !== undefined && KIND_SECTION.test(open.section.title);
  const make = (members: Block[][], whole: boolean): Unit => {
    const first = members[0]![0]!;
    const last = members.at(-1)!.at(-1)!;
    const unit: Unit = {
      date: entry.date,
      file: entry.file,
      startLine: first.startLine,
      endLine: last.endLine,
      section: open.section,
      parts: members.flatMap(toParts),
      whole,
      order: 0,
    };
    if (open.kind) unit.kind = open.kind;
    return unit;
  };
  if (record || typed) return [make(groups, true)];
  return groups.map((group) => make([group], groups.length === 1));
}

// A lead (`**Phase 1** [30 min]`, `Steps:`) takes the bullets after it; a bullet takes its sub-bullets.
function groupBlocks(blocks: Block[]): Block[][] {
  const groups: Block[][] = [];
  for (const block of blocks) {
    const group = groups.at(-1);
    if (group && belongs(group, block)) group.push(block);
    else groups.push([block]);
  }
  return groups;
}

function belongs(group: Block[], block: Block): boolean {
  const head = group[0]!;
  if (head.shape === "item" && (block.shape === "item" || block.shape === "paragraph") && block.depth > head.depth) return true;
  if (!isLead(head)) return false;
  if (block.shape === "item") return head.shape !== "item" || block.depth > head.depth || (block.ordered !== head.ordered && block.depth >= head.depth);
  return (block.shape === "code" || block.shape === "table") && group.length === 1;
}

function isLead(block: Block): boolean {
  if (block.shape !== "paragraph" && block.shape !== "item") return false;
  return isBoldTitle(block.text) || /[:：]\s*(?:\*\*)?\s*$/u.test(block.text);
}

function toParts(group: Block[]): UnitPart[] {
  const head = group[0]!;
  return group.map((block) => {
    const field = block.shape === "code" || block.shape === "table" ? { value: block.text } : splitField(block.text);
    // `**Results:**` alone is a lead: its label is its text.
    const raw = field.label && !field.value ? { value: field.label } : field;
    const text = block.shape === "code" || block.shape === "table" ? block.text : plainText(raw.value);
    const part: UnitPart = {
      text,
      depth: block === head ? 0 : 1,
      shape: block.shape,
      aside: /^(?:\*[^*].*[^*]\*|_[^_].*[^_]_)$/su.test(block.text.trim()),
      startLine: block.startLine,
    };
    if (raw.label) part.label = plainText(raw.label);
    return part;
  });
}
