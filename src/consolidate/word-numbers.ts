/**
 * Words numbered once for the run, so candidate finding counts and weighs
 * them in typed arrays instead of maps keyed by string. A memory's words
 * are numbered once per set of words (its facts are read once), in the
 * set's own order, so sums over them add up exactly as over the set.
 */
// Kept through `forgetCaches`: a final pass over every memory numbers every memory's words.
const numbers = new Map<string, number>();
const numbered = new WeakMap<Set<string>, Int32Array>();

/** The numbers of a set's words, in the set's order (kept with the set: a set of words is never changed once read). */
export function wordNumbers(words: Set<string>): Int32Array {
  let found = numbered.get(words);
  if (!found) {
    found = new Int32Array(words.size);
    let at = 0;
    for (const word of words) found[at++] = numberOf(word);
    numbered.set(words, found);
  }
  return found;
}

/**
 * Numbers a set that is an earlier set with words added at its end (the
 * facts of a memory that learned lines) from the earlier set's numbers, so
 * a memory grown for years is not numbered whole again each time.
 */
export function wordNumbersGrown(earlier: Set<string>, grown: Set<string>): void {
  const known = numbered.get(earlier);
  if (!known || numbered.has(grown) || grown.size < earlier.size) return;
  const found = new Int32Array(grown.size);
  found.set(known);
  let at = 0;
  for (const word of grown) {
    if (at >= known.length) found[at] = numberOf(word);
    at++;
  }
  numbered.set(grown, found);
}

/** How many words have a number so far: every number is below it. */
export function wordsNumbered(): number {
  return numbers.size;
}

function numberOf(word: string): number {
  let number = numbers.get(word);
  if (number === undefined) {
    number = numbers.size;
    numbers.set(word, number);
  }
  return number;
}
