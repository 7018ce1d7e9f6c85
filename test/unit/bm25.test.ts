import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Bm25Index } from "../../src/search/bm25.js";

const WORDS = ["deploy", "postgres", "cache", "token", "review", "backend", "staging", "release", "invoice", "schema", "queue", "mobile"];

describe("Bm25Index.rankTerms", () => {
  it("gives the same best few as ranking every document, ties by id", () => {
    const doc = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }).map((words) => words.join(" "));
    fc.assert(
      fc.property(
        fc.array(doc, { minLength: 1, maxLength: 120 }),
        fc.subarray(WORDS, { minLength: 1 }),
        fc.integer({ min: 1, max: 6 }),
        (docs, query, limit) => {
          const index = new Bm25Index();
          for (const [i, text] of docs.entries()) index.add(`m${String(i).padStart(3, "0")}`, text);
          const terms = query.map((term) => ({ term, weight: 1 }));
          expect(index.rankTerms(terms, limit)).toEqual(index.rankTerms(terms, 10_000).slice(0, limit));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives exactly the scores of ranking every document, for weighted queries over many documents", () => {
    const vocabulary = [...WORDS, ...Array.from({ length: 40 }, (_, i) => `term${i}`)];
    const doc = fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 40 }).map((words) => words.join(" "));
    const query = fc.uniqueArray(fc.record({ term: fc.constantFrom(...vocabulary), weight: fc.double({ min: 0.1, max: 5, noNaN: true }) }), {
      minLength: 1,
      maxLength: 30,
      selector: (item) => item.term,
    });
    fc.assert(
      fc.property(fc.array(doc, { minLength: 1, maxLength: 400 }), query, fc.integer({ min: 1, max: 12 }), (docs, terms, limit) => {
        const index = new Bm25Index();
        for (const [i, text] of docs.entries()) index.add(`m${String(i).padStart(3, "0")}`, text);
        expect(index.rankTerms(terms, limit)).toEqual(index.rankTerms(terms, 100_000).slice(0, limit));
      }),
      { numRuns: 200 },
    );
  });

  it("ranks the document with the rarer shared word first", () => {
    const index = new Bm25Index();
    index.add("a", "deploy backend");
    index.add("b", "deploy invoice");
    index.add("c", "deploy cache");
    expect(index.search("invoice deploy", 1)[0]!.id).toBe("b");
  });
});

describe("Bm25Index.append", () => {
  const line = fc
    .array(fc.constantFrom(...WORDS, "the", "und", "die", "der", "los", "API", "v1.2"), { minLength: 1, maxLength: 12 })
    .map((words) => words.join(" "));
  const text = (minLength: number) => fc.array(line, { minLength, maxLength: minLength + 20 }).map((lines) => lines.join("\n"));

  it("indexes a document grown at its end as the whole text, once its language is settled", () => {
    fc.assert(
      fc.property(fc.array(text(1), { minLength: 1, maxLength: 6 }), text(90), text(1), (others, start, added) => {
        const grown = new Bm25Index();
        const whole = new Bm25Index();
        for (const [i, other] of others.entries()) {
          grown.add(`o${i}`, other);
          whole.add(`o${i}`, other);
        }
        grown.add("m", start);
        const appended = grown.append("m", added);
        if (!appended) grown.add("m", `${start}\n${added}`);
        whole.add("m", `${start}\n${added}`);
        // 90 lines of up to 12 words are not always 800 words: a short start is indexed whole again.
        expect(appended).toBe(start.split(/\s+/).length >= 800);
        expect(new Set(grown.termSet("m"))).toEqual(new Set(whole.termSet("m")));
        const query = WORDS.map((term, i) => ({ term, weight: 1 + i / 10 }));
        expect(grown.rankTerms(query, 10)).toEqual(whole.rankTerms(query, 10));
      }),
      { numRuns: 80 },
    );
  });

  it("refuses a document it does not have, or whose language could still change", () => {
    const index = new Bm25Index();
    expect(index.append("missing", "deploy")).toBe(false);
    index.add("short", "deploy backend");
    expect(index.append("short", "die der und")).toBe(false);
  });
});

describe("Bm25Index after documents are added, replaced, grown and removed", () => {
  const line = fc.array(fc.constantFrom(...WORDS, "the", "und", "API"), { minLength: 1, maxLength: 10 }).map((words) => words.join(" "));
  const text = (minLength: number) => fc.array(line, { minLength, maxLength: minLength + 10 }).map((lines) => lines.join("\n"));
  const id = fc.constantFrom("m0", "m1", "m2", "m3", "m4", "m5");
  const operation = fc.oneof(
    fc.record({ kind: fc.constant("add" as const), id, text: fc.oneof(text(1), text(120)) }),
    fc.record({ kind: fc.constant("append" as const), id, text: text(1) }),
    fc.record({ kind: fc.constant("remove" as const), id }),
  );

  it("answers every question as an index built afresh from the documents it holds", () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 40 }), (operations) => {
        const index = new Bm25Index();
        const held = new Map<string, string>();
        for (const op of operations) {
          if (op.kind === "add") {
            index.add(op.id, op.text);
            held.set(op.id, op.text);
          } else if (op.kind === "remove") {
            index.remove(op.id);
            held.delete(op.id);
          } else if (held.has(op.id)) {
            const whole = `${held.get(op.id)}\n${op.text}`;
            if (!index.append(op.id, op.text)) index.add(op.id, whole);
            held.set(op.id, whole);
          }
        }
        const fresh = new Bm25Index();
        for (const [key, value] of [...held].sort()) fresh.add(key, value);
        expect(index.size).toBe(fresh.size);
        const query = WORDS.map((term, i) => ({ term, weight: 1 + i / 7 }));
        expect(index.rankTerms(query, 100)).toEqual(fresh.rankTerms(query, 100));
        for (const key of ["m0", "m1", "m2", "m3", "m4", "m5"]) {
          expect(index.termSet(key) && [...index.termSet(key)!].sort()).toEqual(fresh.termSet(key) && [...fresh.termSet(key)!].sort());
          const listed = new Set(index.termSet(key) ?? []);
          for (const word of [...WORDS, "absent"]) expect(index.termSet(key)?.has(word) ?? false).toBe(listed.has(word));
        }
        for (const word of [...WORDS, "absent"]) expect(index.has(word)).toBe(fresh.has(word));
        const termsOf = (key: string) => new Set(fresh.termSet(key) ?? []);
        for (const a of ["m0", "m1", "m2"])
          for (const b of ["m0", "m3", "m4", "m5"]) {
            const [mine, theirs] = [termsOf(a), termsOf(b)];
            const shared = [...mine].filter((term) => theirs.has(term)).length;
            const union = mine.size + theirs.size - shared;
            for (const minimum of [0.1, 0.2, 0.5, 1])
              expect(index.overlapsAtLeast(a, b, minimum)).toBe(held.has(a) && held.has(b) && union > 0 && shared / union >= minimum);
          }
        // Sharing rare terms: counted by hand over the documents held, sorted, cut.
        for (const most of [1, 3, 6])
          for (const [minShared, limit] of [
            [1, 2],
            [2, 6],
          ] as const) {
            const rare = WORDS.filter((word) => [...held.keys()].filter((key) => termsOf(key).has(word)).length <= most);
            const accept = (key: string) => key !== "m1";
            const expected = [...held.keys()]
              .map((key) => [key, rare.filter((word) => termsOf(key).has(word)).length] as const)
              .filter(([key, count]) => count >= minShared && accept(key))
              .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
              .slice(0, limit)
              .map(([key]) => key);
            expect(index.closestByRareTerms(WORDS, most, minShared, limit, accept)).toEqual(expected);
            // A document's own terms, named by its id, count as those terms given one by one.
            for (const key of held.keys())
              expect(index.closestByRareTerms({ document: key }, most, minShared, limit, accept)).toEqual(
                index.closestByRareTerms([...termsOf(key)], most, minShared, limit, accept),
              );
          }
        expect([...index.vocabulary()].sort()).toEqual([...fresh.vocabulary()].sort());
      }),
      { numRuns: 150 },
    );
  });
});
