import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { type Memory, newMemory } from "../../src/memory/memory.js";
import { RunMemories } from "../../src/pipeline/run-memories.js";
import { Bm25Index, type CountedTerms } from "../../src/search/bm25.js";
import { decodeKeptTerms, encodeKeptTerms, type KeptTerms } from "../../src/search/kept-terms.js";
import { sha256 } from "../../src/text/hash.js";

const WORDS = ["deploy", "postgres", "cache", "token", "review", "backend", "staging", "release", "invoice", "schema", "queue", "mobile"];
const IDS = ["m0", "m1", "m2", "m3", "m4", "m5"];
const line = fc.array(fc.constantFrom(...WORDS, "the", "und", "die", "API", "v1.2", "Größe"), { minLength: 1, maxLength: 10 }).map((words) => words.join(" "));
const text = (minLength: number) => fc.array(line, { minLength, maxLength: minLength + 10 }).map((lines) => lines.join("\n"));
const operation = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), id: fc.constantFrom(...IDS), text: fc.oneof(text(1), text(120)) }),
  fc.record({ kind: fc.constant("append" as const), id: fc.constantFrom(...IDS), text: text(1) }),
  fc.record({ kind: fc.constant("remove" as const), id: fc.constantFrom(...IDS) }),
);

// Every question a run or a search asks an index, answered by both.
function expectSameAnswers(index: Bm25Index, expected: Bm25Index): void {
  expect(index.size).toBe(expected.size);
  const query = WORDS.map((term, i) => ({ term, weight: 1 + i / 7 }));
  expect(index.rankTerms(query, 100)).toEqual(expected.rankTerms(query, 100));
  expect([...index.vocabulary()].sort()).toEqual([...expected.vocabulary()].sort());
  for (const id of IDS) {
    expect(index.termSet(id) && [...index.termSet(id)!].sort()).toEqual(expected.termSet(id) && [...expected.termSet(id)!].sort());
    for (const other of IDS)
      for (const minimum of [0.2, 0.5]) expect(index.overlapsAtLeast(id, other, minimum)).toBe(expected.overlapsAtLeast(id, other, minimum));
    expect(index.closestByRareTerms({ document: id }, 3, 1, 4, () => true)).toEqual(expected.closestByRareTerms({ document: id }, 3, 1, 4, () => true));
    // A settled language is kept: text added at the end is taken the same way, or refused the same way.
    const grown = index.append(id, "deploy the queue");
    expect(grown).toBe(expected.append(id, "deploy the queue"));
  }
  expect(index.rankTerms(query, 100)).toEqual(expected.rankTerms(query, 100));
}

describe("Bm25Index terms counted and added again", () => {
  it("answers as the index they were counted from, after documents were added, grown and removed", () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 30 }), (operations) => {
        const index = new Bm25Index();
        for (const op of operations) {
          if (op.kind === "add") index.add(op.id, op.text);
          else if (op.kind === "remove") index.remove(op.id);
          else if (!index.append(op.id, op.text)) index.remove(op.id);
        }
        const counted = index.countedTerms();
        const again = new Bm25Index();
        for (const [id, terms] of counted.documents) expect(again.addCounted(id, terms, counted.vocabulary)).toBe(true);
        expectSameAnswers(again, index);
      }),
      { numRuns: 150 },
    );
  });

  it("mixes documents added from counts and from text, in any order, replacing as add does", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...IDS), text(1)), { minLength: 1, maxLength: 12 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (docs, fromCounts) => {
          const source = new Bm25Index();
          for (const [id, body] of docs) source.add(id, body);
          const counted = source.countedTerms();
          const mixed = new Bm25Index();
          const fresh = new Bm25Index();
          // Each document twice over: a first text, then the one the source holds, counted or read.
          for (const [i, [id, body]] of docs.entries()) {
            mixed.add(id, `${body}\nrelease`);
            fresh.add(id, `${body}\nrelease`);
            if (fromCounts[i]) expect(mixed.addCounted(id, counted.documents.get(id)!, counted.vocabulary)).toBe(true);
            else mixed.add(id, docs.findLast(([other]) => other === id)![1]);
            fresh.add(id, docs.findLast(([other]) => other === id)![1]);
          }
          expectSameAnswers(mixed, fresh);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("leaves out the documents not accepted, and the terms only they had", () => {
    const index = new Bm25Index();
    index.add("a", "deploy postgres");
    index.add("b", "deploy invoice");
    const counted = index.countedTerms((id) => id === "a");
    expect([...counted.documents.keys()]).toEqual(["a"]);
    expect([...counted.vocabulary].sort()).toEqual(["deploi", "postgr"].sort());
  });

  it("refuses counts that are not such a list, and changes nothing", () => {
    const index = new Bm25Index();
    index.add("a", "deploy postgres deploy");
    const vocabulary = ["deploi", "postgr", "cach"];
    const bad: CountedTerms[] = [
      { length: 3, counts: Int32Array.of(1, 1, 0, 2) }, // out of order
      { length: 3, counts: Int32Array.of(0, 2, 3, 1) }, // a number past the vocabulary
      { length: 2, counts: Int32Array.of(0, 2, 1, 0) }, // a frequency of zero
      { length: 4, counts: Int32Array.of(0, 2, 1, 1) }, // a length that is not their sum
      { length: 2, counts: Int32Array.of(0, 2, 1) }, // half a pair
      { length: 1, counts: Int32Array.of(-1, 1) },
      { length: 1, settled: "klingon" as never, counts: Int32Array.of(0, 1) },
    ];
    const before = index.countedTerms();
    for (const counted of bad) {
      expect(index.addCounted("a", counted, vocabulary)).toBe(false);
      expect(index.addCounted("b", counted, vocabulary)).toBe(false);
    }
    expect(index.countedTerms()).toEqual(before);
    expect(index.size).toBe(1);
  });

  it("refuses a vocabulary that names a term twice: a document would hold the term twice", () => {
    const index = new Bm25Index();
    // Two numbers for one term: the document's own list would name it twice, and its removal take another's posting.
    expect(index.addCounted("b", { length: 2, counts: Int32Array.of(0, 1, 1, 1) }, ["deploi", "deploi"])).toBe(false);
    index.add("a", "deploy postgres");
    index.remove("b");
    expect(index.search("deploy", 10).map((hit) => hit.id)).toEqual(["a"]);
    expect(() => index.remove("a")).not.toThrow();
    expect(index.size).toBe(0);
    // Refused however its numbers are used, and whichever terms are named twice.
    expect(index.addCounted("c", { length: 1, counts: Int32Array.of(2, 1) }, ["cach", "deploi", "cach"])).toBe(false);
  });
});

function keptOf(index: Bm25Index, language = "english" as const): KeptTerms {
  const counted = index.countedTerms();
  return {
    vocabulary: counted.vocabulary,
    documents: new Map([...counted.documents].map(([id, terms]) => [id, { ...terms, key: sha256(id), language }])),
  };
}

describe("kept terms as bytes", () => {
  const index = new Bm25Index();
  index.add("project_a.md", "Deploy the backend to staging\nGröße of the queue");
  index.add("weekly/2026-W14.md", "部署顺利完成 with postgres");
  index.add("empty.md", "");
  const kept = keptOf(index);

  it("reads back what it wrote", () => {
    const read = decodeKeptTerms(encodeKeptTerms(kept))!;
    expect(read.vocabulary).toEqual(kept.vocabulary);
    expect([...read.documents.keys()]).toEqual([...kept.documents.keys()]);
    for (const [id, document] of kept.documents) {
      const back = read.documents.get(id)!;
      expect({ ...back, counts: [...back.counts] }).toEqual({ ...document, counts: [...document.counts] });
    }
  });

  it("reads back from bytes that do not start on a word boundary", () => {
    const bytes = encodeKeptTerms(kept);
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(decodeKeptTerms(shifted.subarray(1))?.vocabulary).toEqual(kept.vocabulary);
  });

  it("refuses another format, a cut file, another tokenizer, a document or a term named twice", () => {
    const bytes = Buffer.from(encodeKeptTerms(kept));
    expect(decodeKeptTerms(Buffer.from("{}"))).toBeUndefined();
    expect(decodeKeptTerms(bytes.subarray(0, bytes.length - 4))).toBeUndefined();
    expect(decodeKeptTerms(bytes.subarray(0, 40))).toBeUndefined();
    const text = bytes.toString("latin1");
    const other = Buffer.from(text.replace(/"tokenizer":"[0-9a-f]{8}/, '"tokenizer":"00000000'), "latin1");
    expect(other.length).toBe(bytes.length);
    expect(decodeKeptTerms(other)).toBeUndefined();
    const twice = Buffer.from(text.replace('"weekly/2026-W14.md"', '"project_a.md"      '), "latin1");
    expect(decodeKeptTerms(twice)).toBeUndefined();
    const [first, second] = kept.vocabulary.filter((term) => term.length === kept.vocabulary[0]!.length);
    expect(second).toBeDefined();
    const named = Buffer.from(text.replace(`"${second}"`, `"${first}"`), "latin1");
    expect(named.length).toBe(bytes.length);
    expect(decodeKeptTerms(named)).toBeUndefined();
  });

  it("never throws on a damaged file", () => {
    const bytes = encodeKeptTerms(kept);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(bytes.length - 1), fc.nat(255)), { minLength: 1, maxLength: 8 }), fc.nat(bytes.length), (changes, cut) => {
        const damaged = Uint8Array.from(bytes.subarray(0, cut));
        for (const [at, value] of changes) if (at < damaged.length) damaged[at] = value;
        expect(() => decodeKeptTerms(damaged)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe("RunMemories with kept terms", () => {
  const memory = (file: string, body: string) => newMemory({ file, name: file.replace(/\.md$/, ""), description: body.split("\n")[0]!, type: "project", body });
  const memories = [
    memory("project_deploy.md", "Deploys go through staging first\nThe backend deploy needs the release token"),
    memory("project_queue.md", "The invoice queue is drained nightly\nSchema changes wait for review"),
    memory("project_mobile.md", "Mobile release every second Tuesday\nStaging builds go to the review team"),
  ];
  const fresh = new RunMemories(memories);
  const everyFileClean = () => true;

  it("finds the same neighbours from kept terms as from the text", () => {
    const kept = fresh.keptTerms(memories, everyFileClean);
    expect(kept.documents.size).toBe(3);
    const again = new RunMemories(memories, kept);
    const newcomer = [memory("project_deploy-2.md", "Deploys go through staging first, then the backend deploy needs the release token")];
    expect(again.neighbours(newcomer).map((m) => m.file)).toEqual(fresh.neighbours(newcomer).map((m) => m.file));
    expect(again.neighbours(newcomer).length).toBeGreaterThan(0);
  });

  it("reads a memory whose text changed since its terms were kept", () => {
    const kept = fresh.keptTerms(memories, everyFileClean);
    const changed = [memories[0]!, memories[1]!, memory("project_mobile.md", "Mobile release moved to Thursdays after the postgres upgrade")];
    const again = new RunMemories(changed, kept);
    expect([...again.index.termSet("project_mobile")!].sort()).toEqual([...new RunMemories(changed).index.termSet("project_mobile")!].sort());
    expect(again.index.termSet("project_mobile")!.has("postgr")).toBe(true);
  });

  it("keeps the terms of the memories as they are now, only of files vouched clean", () => {
    const index = new RunMemories(memories);
    const queue = memory("project_queue.md", "The invoice queue is drained hourly now");
    const added = memory("project_added.md", "Postgres upgrade planned");
    const now = [memories[0]!, queue, memories[2]!, added];
    const kept = index.keptTerms(now, (file) => file !== "project_mobile.md");
    expect([...kept.documents.keys()].sort()).toEqual(["project_added", "project_deploy", "project_queue"]);
    const key = (m: Memory) => sha256(`${m.name}\n${m.description}\n${m.body}`);
    expect(kept.documents.get("project_queue")!.key).toBe(key(queue));
    expect(kept.documents.get("project_deploy")!.key).toBe(key(memories[0]!));
    // The terms of the queue memory as it is now, and only terms kept documents use.
    const again = new RunMemories(now, kept);
    expect([...again.index.termSet("project_queue")!].sort()).toEqual([...new RunMemories(now).index.termSet("project_queue")!].sort());
    expect(kept.vocabulary).toEqual(expect.arrayContaining([...again.index.termSet("project_queue")!]));
    expect(kept.vocabulary).not.toContain("schema");
    expect(kept.vocabulary).not.toContain("tuesdai");
  });
});

describe("search with kept terms", () => {
  type SearchModule = typeof import("../../src/search/search-memories.js") & { Bm25Index: typeof Bm25Index };
  // Each search module afresh: one process remembers the index it built last, whatever is kept.
  async function freshSearch(): Promise<SearchModule> {
    vi.resetModules();
    const search = await import("../../src/search/search-memories.js");
    return { ...search, Bm25Index: (await import("../../src/search/bm25.js")).Bm25Index };
  }
  const doc = (file: string, type: string, name: string, body: string) => ({ file, type, name, description: body.split("\n")[0]!, body });
  const documents = [
    doc("project_deploy.md", "project", "Deploys", "Deploys go through staging first\nThe backend deploy needs the release token"),
    doc("project_queue.md", "project", "Invoice queue", "The invoice queue is drained nightly\nSchema changes wait for review"),
    doc("reference_mobile.md", "reference", "Mobile", "Mobile release every second Tuesday\nStaging builds go to the review team"),
    doc("weekly/2026-W14.md", "weekly", "2026-W14", "Die Bereitstellung lief über Staging\nDeployed the backend twice"),
    doc("user_profile.md", "user", "Profile", "Prefers short answers about deploys"),
  ];
  const queries = ["deploy staging", "review", "Bereitstellung", "relase tokn", "queue schema nightly"];

  function memoryStore(start?: KeptTerms) {
    const store = {
      kept: start,
      saves: 0,
      load: async () => store.kept,
      save: async (kept: KeptTerms) => {
        store.kept = kept;
        store.saves++;
      },
    };
    return store;
  }

  it("ranks as a search that reads every text, after some texts changed, and keeps terms for the next", async () => {
    const store = memoryStore();
    const first = await freshSearch();
    const before = await first.searchDocumentsRanked(documents, "deploy", { keptTerms: store });
    expect(before.length).toBeGreaterThan(0);
    expect(store.saves).toBe(1);
    expect(store.kept!.documents.size).toBe(documents.length);

    const changed = documents.map((d) => (d.file === "project_queue.md" ? { ...d, body: `${d.body}\nThe staging deploy drains it first` } : d));
    const added = [...changed, doc("reference_runbook.md", "reference", "Runbook", "Restart the queue workers after a deploy")];
    const kept = await freshSearch();
    const plain = await freshSearch();
    const counted = vi.spyOn(kept.Bm25Index.prototype, "addCounted");
    const read = vi.spyOn(kept.Bm25Index.prototype, "add");
    for (const query of queries) {
      const withKept = await kept.searchDocumentsRanked(added, query, { keptTerms: store });
      expect(withKept).toEqual(await plain.searchDocumentsRanked(added, query));
    }
    // Read again: the changed text and the new one; the other four from their kept terms.
    expect(read.mock.calls.map(([id]) => id).sort()).toEqual(["project_queue.md", "reference_runbook.md"]);
    expect(counted.mock.calls.map(([id]) => id).sort()).toEqual(["project_deploy.md", "reference_mobile.md", "user_profile.md", "weekly/2026-W14.md"]);
    expect(counted.mock.results.every((result) => result.value === true)).toBe(true);
    expect(store.saves).toBe(2);
    expect(store.kept!.documents.size).toBe(added.length);
    counted.mockRestore();
    read.mockRestore();
  });

  it("uses kept terms for a search of one type, but keeps none from it", async () => {
    const store = memoryStore();
    await (await freshSearch()).searchDocumentsRanked(documents, "deploy", { keptTerms: store });
    const saved = store.kept;
    const kept = await freshSearch();
    const plain = await freshSearch();
    expect(await kept.searchDocumentsRanked(documents, "deploy", { keptTerms: store, type: "project" })).toEqual(
      await plain.searchDocumentsRanked(documents, "deploy", { type: "project" }),
    );
    expect(store.saves).toBe(1);
    expect(store.kept).toBe(saved);
  });
});
