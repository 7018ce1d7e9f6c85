/** A `Label: value` statement read apart, or the text alone when it has no label. */
export interface Field {
  label?: string;
  value: string;
  /** The label is set in bold (`**Label:**`): a form's field rather than a sentence's subject. */
  bold?: boolean;
}

const BOLD_LABEL = /^\*\*([^*\n]{1,40}?)\s*(?:[:：]\s*\*\*|\*\*\s*[:：])\s*(.*)$/su;
const BOLD_TITLE = /^\*\*([^*\n]{1,60})\*\*\s*[-–—]\s+(.+)$/su;
// A plain label is short and has no sentence inside it: `Fix: …`, `状态：…`, a property `decision:: …`, not `See https://…`.
const PLAIN_LABEL = /^([\p{L}\p{N}][\p{L}\p{N}\p{M} ._/&+#'’()-]{0,28}?)\s*(?:::?\s+|：\s*)(\S.*)$/su;

// A time of day leading a statement (`- 09:30 Paired with Priya`, `- [23:43] 策略调整:…`) says when, which the
// bullet's date already does, and hides a label after it; not a list of times (`- 8:00, 11:00`).
const LEADING_TIME = /^\[?~?\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?\]?(?:\s+[-–—|]\s+|\s+)(?!\d{1,2}:\d{2})(?=\S)/iu;

/** Splits `**Label:** value`, `**Title** - value` and `Label: value` into label and value. */
export function splitField(markdown: string): Field {
  const text = markdown.trim().replace(LEADING_TIME, "");
  const bold = BOLD_LABEL.exec(text) ?? BOLD_TITLE.exec(text);
  if (bold) return { label: bold[1]!.trim(), value: bold[2]!.trim(), bold: true };
  // A plain label ends at a colon: a statement without one is not tried character by character.
  const plain = text.includes(":") || text.includes("：") ? PLAIN_LABEL.exec(text) : null;
  if (plain && !/https?$/i.test(plain[1]!) && plain[1]!.trim().split(/\s+/).length <= 4) {
    return { label: plain[1]!.trim(), value: plain[2]!.trim() };
  }
  return { value: text };
}

/** The whole statement is bold (`**Phase 1: Caching** [30 min]`): it titles what follows. */
export function isBoldTitle(markdown: string): boolean {
  return /^\*\*[^*]+\*\*\s*(?:[[(（][^\])）]{0,30}[\])）])?\s*[:：]?$/u.test(markdown.trim());
}
