/** Markdown of an item as one plain line: markers, emphasis and extra space gone. */
export function toOneLine(markdown: string): string {
  return markdown
    .split("\n")
    .map((line) =>
      line
        .replace(/^\s*#{1,6}\s+/, "")
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, "")
        .replace(/^\s*>\s?/, "")
        .trim(),
    )
    .filter(Boolean)
    .join(" ")
    .replace(/^\[\d{1,2}:\d{2}[^\]]*\]\s*/, "")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/\s+/g, " ")
    .trim();
}

/** Sentences of a line, split where a full stop is followed by a capital or digit. */
export function sentences(line: string): string[] {
  return line.split(/(?<=[.!?])\s+(?=["“(]?[\p{Lu}\d])/u).filter(Boolean);
}

/**
 * Cuts a line to at most `max` characters, at a sentence end when one is
 * close, else at a word, marking the cut with an ellipsis.
 */
export function truncate(line: string, max: number): string {
  if (line.length <= max) return line;
  let kept = "";
  for (const sentence of sentences(line)) {
    if ((kept ? `${kept} ${sentence}` : sentence).length > max) break;
    kept = kept ? `${kept} ${sentence}` : sentence;
  }
  if (kept.length >= max * 0.6) return kept;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.5 ? cut.slice(0, space) : cut).replace(/[\s,;:—-]+$/, "")}…`;
}

/** A short title: the first clause of a line, at most `max` characters. */
export function shortTitle(line: string, max = 60): string {
  const clause = line.split(/(?<=[.!?])\s|[:;—]\s| - /)[0] ?? line;
  return truncate(clause.replace(/[.!?]+$/, "").trim(), max);
}
