/**
 * A copy of a string that shares no memory with the text it was cut from.
 * A line split out of a text (or a key built around it) keeps that whole text
 * alive; kept in a cache, it would keep every version of every memory body a
 * long run has seen. The copy holds only its own characters.
 */
export function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}
