// The scorer's logic, in plain JavaScript so `node bench/consolidation-quality.mjs` can import it
// without a build; test/helpers/score-consolidation.ts re-exports it with its types.
import YAML from "yaml";

/** Lines the offline model writes into every memory: never a fact, so never a reason to keep or merge. */
export const TOOL_FILLER = [
  "unless a later entry replaces it",
  "work from this decision",
  "not stated in the log",
  "apply this when the same situation comes up again",
];

const norm = (text) => text.toLowerCase().replace(/\s+/g, " ");
const pairKey = (a, b) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
const ratio = (found, of) => ({ found, of });

/** Scores what a consolidation did against the labels. Pure. */
export function scoreConsolidation(labels, outcome) {
  const groups = unionGroups(outcome.merged);
  const groupOf = new Map();
  for (const [i, group] of groups.entries()) for (const id of group) groupOf.set(id, i);
  const together = (a, b) => groupOf.has(a) && groupOf.get(a) === groupOf.get(b);

  const duplicateOf = new Map();
  for (const [i, group] of [...labels.duplicates.near, ...labels.duplicates.reworded].entries()) for (const id of group) duplicateOf.set(id, i);
  const sameDuplicate = (a, b) => duplicateOf.has(a) && duplicateOf.get(a) === duplicateOf.get(b);
  const lookalike = new Set(labels.lookalikes.map((l) => pairKey(l.a, l.b)));
  const conflict = new Map(labels.conflicts.map((c) => [pairKey(c.a, c.b), c]));
  const singletons = new Set(labels.singletons);

  // Merge precision over pairs; recall over labelled groups, a group counting once all its members are together.
  let mergedPairs = 0;
  let correctPairs = 0;
  const falseGroups = [];
  const reasons = { lookalike: 0, conflict: 0, singleton: 0, other: 0 };
  for (const group of groups) {
    let wrong = false;
    for (const [a, b] of pairsOf(group)) {
      mergedPairs++;
      if (sameDuplicate(a, b)) {
        correctPairs++;
        continue;
      }
      wrong = true;
      const key = pairKey(a, b);
      if (lookalike.has(key)) reasons.lookalike++;
      else if (conflict.has(key)) reasons.conflict++;
      else if (singletons.has(a) || singletons.has(b)) reasons.singleton++;
      else reasons.other++;
    }
    if (wrong) falseGroups.push(group);
  }
  const groupFound = (group) => group.every((id) => together(group[0], id));
  const found = (list) => ratio(list.filter(groupFound).length, list.length);

  const reported = new Map();
  for (const c of outcome.conflictsReported) reported.set(pairKey(c.a, c.b), c);
  const superseded = new Map(outcome.superseded.map((s) => [pairKey(s.winner, s.loser), s]));
  const conflicts = { found: 0, resolved: 0, wrongWinner: 0, mergedAsDuplicates: 0, proposedRight: 0, proposed: 0 };
  for (const c of labels.conflicts) {
    const key = pairKey(c.a, c.b);
    const done = superseded.get(key);
    if (reported.has(key) || done) conflicts.found++;
    if (done) done.winner === c.winner ? conflicts.resolved++ : conflicts.wrongWinner++;
    if (together(c.a, c.b)) conflicts.mergedAsDuplicates++;
    const proposal = reported.get(key);
    if (proposal?.proposedWinner !== undefined) {
      conflicts.proposed++;
      if (proposal.proposedWinner === c.winner) conflicts.proposedRight++;
    }
  }
  const falseConflicts = [...new Set([...reported.keys(), ...superseded.keys()])].filter((key) => !conflict.has(key)).map((key) => key.split("\u0000"));

  const losers = new Set(labels.conflicts.map((c) => (c.winner === c.a ? c.b : c.a)));
  const texts = outcome.activeTexts.map(norm);
  const lost = [];
  let factCount = 0;
  for (const [id, facts] of Object.entries(labels.facts)) {
    if (losers.has(id)) continue;
    for (const fact of facts) {
      factCount++;
      if (!texts.some((text) => text.includes(norm(fact)))) lost.push({ id, fact });
    }
  }
  const archived = new Set(outcome.superseded.map((s) => s.loser));

  return {
    merges: { mergedPairs, correctPairs, precision: mergedPairs === 0 ? null : correctPairs / mergedPairs },
    near: found(labels.duplicates.near),
    reworded: found(labels.duplicates.reworded),
    crossLanguage: found(labels.crossLanguage ?? []),
    conflicts: {
      found: ratio(conflicts.found, labels.conflicts.length),
      resolved: ratio(conflicts.resolved, labels.conflicts.length),
      wrongWinner: conflicts.wrongWinner,
      mergedAsDuplicates: conflicts.mergedAsDuplicates,
      proposedRight: ratio(conflicts.proposedRight, conflicts.proposed),
    },
    falseConflicts,
    falseMerges: {
      count: falseGroups.length,
      groups: falseGroups,
      reasons,
      lookalikesMerged: ratio(labels.lookalikes.filter((l) => together(l.a, l.b)).length, labels.lookalikes.length),
    },
    singletonsTouched: labels.singletons.filter((id) => groupOf.has(id) || archived.has(id)),
    factsLost: { count: lost.length, of: factCount, lost },
  };
}

/** Merged groups that share an id become one group (a merge of a merge). */
function unionGroups(merged) {
  const parent = new Map();
  const find = (id) => {
    while (parent.get(id) !== id) id = parent.get(id);
    return id;
  };
  for (const group of merged) {
    for (const id of group) if (!parent.has(id)) parent.set(id, id);
    for (const id of group.slice(1)) parent.set(find(id), find(group[0]));
  }
  const byRoot = new Map();
  for (const id of parent.keys()) byRoot.set(find(id), [...(byRoot.get(find(id)) ?? []), id]);
  return [...byRoot.values()].filter((group) => group.length > 1).map((group) => group.sort());
}

function* pairsOf(group) {
  for (let i = 0; i < group.length; i++) for (let j = i + 1; j < group.length; j++) yield [group[i], group[j]];
}

/**
 * What is wrong with a labelled set: ids that do not exist or are labelled twice, facts
 * not in their own memory, facts that are the tool's filler, and facts of a surviving
 * memory found in memories outside its duplicate group (a loss there would go unseen).
 */
export function checkLabels(labels, memories) {
  const problems = [];
  const text = new Map(memories.map((m) => [m.id, norm(m.text)]));
  const known = (id, where) => {
    if (!text.has(id)) problems.push(`${where}: ${id} is not a memory of the set`);
    return text.has(id);
  };
  const duplicateOf = new Map();
  for (const [i, group] of [...labels.duplicates.near, ...labels.duplicates.reworded].entries()) {
    if (group.length < 2) problems.push(`duplicate group ${group.join(", ")} has fewer than two memories`);
    for (const id of group) {
      known(id, "duplicates");
      if (duplicateOf.has(id)) problems.push(`${id} is in two duplicate groups`);
      duplicateOf.set(id, i);
    }
  }
  const inConflict = new Set();
  for (const c of labels.conflicts) {
    for (const id of [c.a, c.b]) {
      known(id, "conflicts");
      if (duplicateOf.has(id)) problems.push(`${id} is both a duplicate and in a conflict`);
      if (inConflict.has(id)) problems.push(`${id} is in two conflicts`);
      inConflict.add(id);
    }
    if (c.winner !== c.a && c.winner !== c.b) problems.push(`conflict ${c.a} / ${c.b}: winner ${c.winner} is neither`);
  }
  for (const l of labels.lookalikes) {
    for (const id of [l.a, l.b]) known(id, "lookalikes");
    if (duplicateOf.has(l.a) && duplicateOf.get(l.a) === duplicateOf.get(l.b)) problems.push(`look-alike ${l.a} / ${l.b} is also a duplicate group`);
    if (labels.conflicts.some((c) => pairKey(c.a, c.b) === pairKey(l.a, l.b))) problems.push(`look-alike ${l.a} / ${l.b} is also a conflict`);
  }
  const expectedSingletons = [...text.keys()].filter((id) => !duplicateOf.has(id) && !inConflict.has(id)).sort();
  const singletons = [...labels.singletons].sort();
  if (JSON.stringify(singletons) !== JSON.stringify(expectedSingletons))
    problems.push(`singletons should be exactly the memories in no group or conflict: ${expectedSingletons.join(", ")}`);

  const losers = new Set(labels.conflicts.map((c) => (c.winner === c.a ? c.b : c.a)));
  for (const id of text.keys()) if (!labels.facts[id]?.length) problems.push(`${id} has no facts`);
  for (const [id, facts] of Object.entries(labels.facts)) {
    if (!known(id, "facts")) continue;
    for (const fact of facts) {
      const phrase = norm(fact);
      if (!text.get(id).includes(phrase)) problems.push(`${id}: fact "${fact}" is not in its text`);
      if (TOOL_FILLER.some((filler) => filler.includes(phrase) || phrase.includes(filler))) problems.push(`${id}: fact "${fact}" is the tool's filler`);
      if (losers.has(id)) continue;
      for (const [other, otherText] of text) {
        const sameGroup = other === id || (duplicateOf.has(id) && duplicateOf.get(id) === duplicateOf.get(other));
        if (!sameGroup && otherText.includes(phrase)) problems.push(`${id}: fact "${fact}" is also in ${other}`);
      }
    }
  }
  return problems;
}

/**
 * What a memory file says, as facts are looked for in it: name, description, aliases and
 * body; not the bookkeeping keys (sources, merged_from, supersedes) that name other memories.
 */
export function memoryText(raw) {
  const match = raw.replace(/\r\n?/g, "\n").match(/^---\n([\s\S]*?)\n---\n?([\s\S]*)$/);
  if (!match) return { data: {}, text: raw };
  const data = YAML.parse(match[1]) ?? {};
  const aliases = Array.isArray(data.aliases) ? data.aliases.map(String) : [];
  return { data, text: [data.name ?? "", data.description ?? "", ...aliases, match[2]].join("\n") };
}
