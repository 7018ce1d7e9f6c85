import { BoundedCache } from "../../text/bounded-cache.js";
import { termSet } from "../../text/tokenize.js";

// A week reads each statement's terms twice (alone, to drop repeated lines, and as its unit's text
// when the unit holds nothing else), the existing memories' names and descriptions again every week,
// and many statements (heartbeats, status lines, a running total) come back week after week: the
// terms of the texts read last are kept. Long texts are rare and seldom come back.
const LIMIT = 5_000;
const LONGEST_KEPT = 500;
const kept = new BoundedCache<ReadonlySet<string>>(LIMIT);

/** The distinct terms of a statement (see termSet); the set is shared, so it is never changed. */
export function statementTerms(text: string): ReadonlySet<string> {
  let terms = kept.get(text);
  if (!terms) {
    terms = termSet(text);
    if (text.length <= LONGEST_KEPT) kept.set(text, terms);
  }
  return terms;
}
