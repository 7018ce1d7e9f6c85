import { describe, expect, it, vi } from "vitest";
import { Bm25Index } from "../../src/search/bm25.js";
import { type SearchDocument, searchDocuments, searchDocumentsRanked } from "../../src/search/search-memories.js";
import { fuseRankings, type SearchRanker } from "../../src/search/search-ranker.js";

const DOCS: SearchDocument[] = [
  {
    file: "project_deploy-target.md",
    name: "Deploy target",
    type: "project",
    description: "Where the sync service is deployed",
    body: "We deploy the sync service to Fly.io.\n\nStaging lives in Frankfurt.",
  },
  {
    file: "user_timezone.md",
    name: "Dana's timezone",
    type: "user",
    description: "Dana works from Lisbon",
    body: "Dana is in Lisbon (UTC+1 in summer).\nShe prefers short answers.",
  },
  {
    file: "reference_pgbouncer.md",
    name: "PgBouncer reference",
    type: "reference",
    description: "Connection pooling docs",
    body: "Read the PgBouncer configuration reference before changing pool sizes.\nTransaction pooling breaks prepared statements.",
  },
  {
    file: "weekly/2026-W14.md",
    name: "2026-W14",
    type: "weekly",
    description: "2026-03-30 … 2026-04-05",
    body: "## 2026-W14\n\n### Key Decisions\n- 2026-04-03: Deployed sync v2 to staging.\n- Chose Postgres over MySQL for the sync service.",
  },
];

const files = (hits: { file: string }[]) => hits.map((hit) => hit.file);

describe("searchDocuments", () => {
  it("answers from what the documents say now, search after search", () => {
    const doc = (body: string, type = "project"): SearchDocument => ({ file: "project_db.md", name: "Database", type, description: "the main database", body });
    const other: SearchDocument = { file: "user_editor.md", name: "Editor", type: "user", description: "uses vim", body: "vim everywhere" };
    expect(searchDocuments([doc("postgres 16 on neon"), other], "neon").map((hit) => hit.file)).toEqual(["project_db.md"]);
    expect(searchDocuments([doc("postgres 16 on neon"), other], "neon").map((hit) => hit.file)).toEqual(["project_db.md"]);
    expect(searchDocuments([doc("postgres 16 on supabase"), other], "neon")).toEqual([]);
    expect(searchDocuments([doc("postgres 16 on supabase"), other], "supabase").map((hit) => hit.snippet)).toEqual(["postgres 16 on supabase"]);
    expect(searchDocuments([doc("postgres 16 on supabase", "reference"), other], "supabase").map((hit) => hit.type)).toEqual(["reference"]);
    expect(searchDocuments([other], "supabase")).toEqual([]);
  });

  it("ranks topic files and weekly summaries together, best first", () => {
    const hits = searchDocuments(DOCS, "deploy");
    expect(files(hits)).toEqual(["project_deploy-target.md", "weekly/2026-W14.md"]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
  });

  it("matches word forms through the shared stemmer", () => {
    expect(files(searchDocuments(DOCS, "deployments"))).toEqual(["project_deploy-target.md", "weekly/2026-W14.md"]);
    expect(files(searchDocuments(DOCS, "pooled connections"))).toEqual(["reference_pgbouncer.md"]);
  });

  it("tolerates typos in a word and in its ending", () => {
    expect(files(searchDocuments(DOCS, "timezome"))).toEqual(["user_timezone.md"]);
    expect(files(searchDocuments(DOCS, "pgbouncr"))).toEqual(["reference_pgbouncer.md"]);
    expect(files(searchDocuments(DOCS, "deploymnts"))).toContain("project_deploy-target.md");
  });

  it("weighs an exact word above a guessed typo", () => {
    const docs: SearchDocument[] = [
      { file: "a.md", name: "a", type: "project", description: "", body: "the staging cluster" },
      { file: "b.md", name: "b", type: "project", description: "", body: "the stagging cluster" },
    ];
    expect(files(searchDocuments(docs, "staging"))).toEqual(["a.md"]);
  });

  it("looks for a repeated word's typos once, and for those of a few unknown words only (the suite's time limit fails the old minute)", () => {
    // 20,000 known words: each unknown query word tried as a typo is weighed against every one of them.
    const word = (i: number) => `t${(i * 7919).toString(36)}q`;
    const docs: SearchDocument[] = Array.from({ length: 200 }, (_, d) => ({
      file: `project_d${d}.md`,
      name: `Doc ${d}`,
      type: "project",
      description: "",
      body: Array.from({ length: 100 }, (_, k) => word(d * 100 + k)).join(" "),
    }));
    const typo = word(4242).replace(/q$/, "x");
    expect(files(searchDocuments(docs, `${typo} `.repeat(1500)))).toEqual(files(searchDocuments(docs, typo)));
    expect(files(searchDocuments(docs, typo))).toEqual(["project_d42.md"]);
    const pasted = Array.from({ length: 1500 }, (_, i) => `unknwn${i.toString(36)}`).join(" ");
    expect(searchDocuments(docs, `${typo} ${pasted}`).map((hit) => hit.file)).toEqual(["project_d42.md"]);
  });

  it("finds nothing for words no document is near", () => {
    expect(searchDocuments(DOCS, "kubernetes helm")).toEqual([]);
    expect(searchDocuments(DOCS, "the and of")).toEqual([]);
  });

  it("gives each hit its best-matching line as a snippet, with the file's name, type and description", () => {
    const [hit] = searchDocuments(DOCS, "prepared statements");
    expect(hit).toMatchObject({
      file: "reference_pgbouncer.md",
      name: "PgBouncer reference",
      type: "reference",
      description: "Connection pooling docs",
      snippet: "Transaction pooling breaks prepared statements.",
    });
    expect(searchDocuments(DOCS, "postgres")[0]!.snippet).toBe("- Chose Postgres over MySQL for the sync service.");
  });

  it("cuts a long snippet", () => {
    const long = { file: "long.md", name: "long", type: "project", description: "", body: `postgres ${"word ".repeat(100)}` };
    const snippet = searchDocuments([long], "postgres")[0]!.snippet;
    expect(snippet.length).toBeLessThanOrEqual(200);
    expect(snippet.endsWith("…")).toBe(true);
  });

  it("filters by type and honours the limit", () => {
    expect(files(searchDocuments(DOCS, "sync", { type: "weekly" }))).toEqual(["weekly/2026-W14.md"]);
    expect(searchDocuments(DOCS, "sync")).toHaveLength(2);
    expect(searchDocuments(DOCS, "sync", { limit: 1 })).toHaveLength(1);
  });
});

describe("searchDocumentsRanked", () => {
  it("is the lexical search when no ranker is given", async () => {
    expect(await searchDocumentsRanked(DOCS, "deploy")).toEqual(searchDocuments(DOCS, "deploy"));
  });

  it("fuses a ranker's ranking with the lexical one, so a match without a shared word can rank", async () => {
    const semantic: SearchRanker = {
      rank: async () => [
        { id: "user_timezone.md", score: 0.9 },
        { id: "not-a-document.md", score: 0.8 },
      ],
    };
    const hits = await searchDocumentsRanked(DOCS, "deploy", { rankers: [semantic] });
    expect(files(hits).sort()).toEqual(["project_deploy-target.md", "user_timezone.md", "weekly/2026-W14.md"]);
    expect(hits[2]!.file).toBe("weekly/2026-W14.md");
    expect(hits.find((hit) => hit.file === "user_timezone.md")!.snippet).toBe("Dana works from Lisbon");
  });

  it("only hands the ranker documents of the wanted type", async () => {
    const seen: string[][] = [];
    const spy: SearchRanker = {
      rank: async (documents) => {
        seen.push(files(documents));
        return [];
      },
    };
    await searchDocumentsRanked(DOCS, "sync", { type: "user", rankers: [spy] });
    expect(seen).toEqual([["user_timezone.md"]]);
  });
});

describe("fuseRankings", () => {
  it("puts what both rankings agree on first", () => {
    const fused = fuseRankings(
      [
        [
          { id: "a", score: 9 },
          { id: "b", score: 5 },
        ],
        [
          { id: "b", score: 1 },
          { id: "c", score: 0.5 },
        ],
      ],
      10,
    );
    expect(fused.map((r) => r.id)).toEqual(["b", "a", "c"]);
  });
});

describe("snippets", () => {
  it("drop a heading's hashes", () => {
    const doc = { file: "a.md", name: "a", type: "project", description: "", body: "## [11:20] decision: use Postgres\n\nother text" };
    expect(searchDocuments([doc], "postgres")[0]!.snippet).toBe("[11:20] decision: use Postgres");
  });
});

describe("searchDocumentsRanked, ranking in turns", () => {
  // Many documents of words no query uses: a query of unknown words weighs each against every known one.
  const manyWords = (seed: number, count: number): SearchDocument[] => {
    let state = seed;
    const letter = (from: string) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return from[Math.floor((state / 2147483648) * from.length)]!;
    };
    const word = () => Array.from({ length: 9 }, (_, i) => letter(i % 2 ? "aeiou" : "bcdfghjklmnpqrstvwxz")).join("");
    return Array.from({ length: count }, (_, i) => ({
      file: `project_notes-${seed}-${i}.md`,
      name: `Notes ${i}`,
      type: "project",
      description: "field notes",
      body: Array.from({ length: 40 }, () => Array.from({ length: 15 }, word).join(" ")).join("\n"),
    }));
  };
  const typos = Array.from({ length: 32 }, (_, i) => `zqxvb${String.fromCharCode(97 + (i % 26))}${i}uo`).join(" ");
  const firstTurn = () => new Promise((resolve) => setImmediate(resolve));

  it("stops at its next pause once the signal is aborted, indexing or ranking", async () => {
    const documents = manyWords(1, 300);
    const indexing = new AbortController();
    const indexed = searchDocumentsRanked(documents, "notes", { signal: indexing.signal });
    await firstTurn();
    indexing.abort();
    await expect(indexed).rejects.toMatchObject({ name: "AbortError" });

    await searchDocumentsRanked(documents, "notes");
    const ranking = new AbortController();
    const ranked = searchDocumentsRanked(documents, typos, { signal: ranking.signal });
    await firstTurn();
    ranking.abort();
    await expect(ranked).rejects.toMatchObject({ name: "AbortError" });
  });

  it("finds what searchDocuments finds, many searches at once sharing one index, one of them cancelled", async () => {
    const documents = [...manyWords(2, 100), ...DOCS];
    const queries = ["deploy", "lisbon", "pgbouncer pooling", "staging sync", typos];
    const cancelled = new AbortController();
    const dropped = searchDocumentsRanked(documents, "deploy", { signal: cancelled.signal });
    const all = Promise.all(queries.map((query) => searchDocumentsRanked(documents, query)));
    cancelled.abort();
    await expect(dropped).rejects.toMatchObject({ name: "AbortError" });
    expect(await all).toEqual(queries.map((query) => searchDocuments(documents, query)));
  });

  it("builds a shared index once for its waiters, and stops building it once every waiter is cancelled", async () => {
    const added = vi.spyOn(Bm25Index.prototype, "add");
    try {
      const builtFor = (documents: SearchDocument[]) => {
        const files = new Set(documents.map((doc) => doc.file));
        return added.mock.calls.filter(([id]) => files.has(id)).length;
      };
      // Until the build in turns has indexed this many: hashing the documents costs far less than indexing
      // them, so by then a search begun with it has read their fingerprint and waits for the build. Half of them:
      // hashing all of them took longer than indexing a tenth on a loaded machine (CI ran two test files at once).
      const building = async (documents: SearchDocument[], count: number) => {
        for (let turn = 0; turn < 10_000 && builtFor(documents) < count; turn++) await firstTurn();
      };
      // A waiter cancelled while the index is built: the build goes on for the other, once.
      const shared = manyWords(3, 600);
      const cancelled = new AbortController();
      const dropped = searchDocumentsRanked(shared, "notes", { signal: cancelled.signal });
      const kept = searchDocumentsRanked(shared, "notes");
      await building(shared, shared.length / 2);
      cancelled.abort();
      await expect(dropped).rejects.toMatchObject({ name: "AbortError" });
      const found = await kept;
      // One build, not one begun again for the search left waiting.
      expect(builtFor(shared)).toBe(shared.length);
      expect(found).toEqual(searchDocuments(shared, "notes"));

      // Its only waiter cancelled, the build stops.
      const alone = manyWords(4, 600);
      const stop = new AbortController();
      const stopped = searchDocumentsRanked(alone, "notes", { signal: stop.signal });
      await building(alone, 60);
      stop.abort();
      await expect(stopped).rejects.toMatchObject({ name: "AbortError" });
      const atStop = builtFor(alone);
      for (let turn = 0; turn < 50; turn++) await firstTurn();
      expect(builtFor(alone)).toBe(atStop);
      expect(atStop).toBeLessThan(alone.length);
    } finally {
      added.mockRestore();
    }
  });
});
