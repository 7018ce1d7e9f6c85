// `in a week` is a date to come (`we will ship in a week`) or the time something took (`shipped in a
// week`, `we finished the migration in a week`): in a clause that tells of the past, it is the latter, and
// a date written after it would be wrong. A word saying what is to come keeps it a date.
const IN_UNITS = /^in (?:a|an|one|two|three|four|five|six|seven|\d+) (?:day|week|month|year)s?$/i;
const CLAUSE_START = /[.;:!?,()]\s|\s[-–—]\s/g;
const PAST_VERB =
  /\b(?:[a-z]{2,}(?<!e)ed|done|built|rebuilt|made|wrote|written|rewritten|ran|took|taken|did|got|went|sent|spent|found|paid|sold|began|begun|brought|bought|came|became|broke|broken|grew|drew|won|held|kept|lost|met|led)\b/i;
const TO_COME =
  /\b(?:will|shall|'ll|would|'d|going to|gonna|plan(?:s|ned)?|scheduled|slated|expected|supposed|intended|due|should|must|needs?|eta|aim|target|hope|(?:decided|agreed|promised|asked|told|wanted|offered|committed)\s+(?:\w+\s+)?to)\b/i;

/** Whether the relative date `found` at `index` in `line` is the time something took, not a date. */
export function isTimeTaken(line: string, found: string, index: number): boolean {
  if (!IN_UNITS.test(found)) return false;
  const before = line.slice(0, index);
  let start = 0;
  for (const boundary of before.matchAll(CLAUSE_START)) start = boundary.index + boundary[0].length;
  const clause = before.slice(start);
  return PAST_VERB.test(clause) && !TO_COME.test(clause);
}
