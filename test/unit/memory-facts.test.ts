import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contentWords, lineWordsAndValues, type MemoryFacts, memoryFacts, readFacts, statedValues } from "../../src/consolidate/memory-facts.js";
import { forgetCaches } from "../../src/text/forget-caches.js";
import { DETECT_CHARS, detectLanguage, type Language } from "../../src/text/tokenize.js";

// Sets compared by content: a grown memory's facts may list them in another order.
function plain(facts: MemoryFacts) {
  const sorted = (set: Set<string>) => [...set].sort();
  return {
    ...facts,
    subject: sorted(facts.subject),
    possessors: sorted(facts.possessors),
    mentions: sorted(facts.mentions),
    values: sorted(facts.values),
    qualifiers: sorted(facts.qualifiers),
    polarity: sorted(facts.polarity),
    negated: sorted(facts.negated),
  };
}

const LINES = [
  "- Deploys go to eu-west-1 on Mondays, never on Fridays.",
  "**Why:** the on-call rotation is thin at the weekend.",
  "Restarted backend at 14:05; api.example.com returns 200 again.",
  "  ",
  "**Added 2026-03-02:**",
  "Dana's answer style: short replies, no emoji.",
  "- k8s pool size set to 54 (was 32) in production",
  "## [09:12] decision: use pgvector for search",
  "Wir nutzen ab sofort Postgres 16 auf prod-db-2.",
  "We don't cache tokens; TTL 15 min, see docs/cache.md",
  "**How to apply:** run `make release` from main only.",
];

// A body long enough to have its facts kept, with no word that tells a language.
const NEUTRAL_BODY = Array.from({ length: 120 }, (_, i) => `- v1.${i}.0 #${1000 + i} ${i * 7}ms`).join("\n");

// A body past the language sample, as a memory that learned something for years has.
const LONG_BODY = Array.from({ length: 700 }, (_, i) => `${LINES[i % LINES.length]} (${i})`).join("\n");

describe("memory facts of a memory that grows", () => {
  it("reads the same facts from the added lines as from the whole text", () => {
    const name = "Restarted backend";
    const description = "What restarting the backend fixed";
    expect(readFacts({ name, description, body: LONG_BODY }).settled).toBe(true);
    let body = LONG_BODY;
    memoryFacts({ name, description, body });
    for (const added of ["**Added 2026-04-01:**\n\n- Pool size now 60 on staging, always after 18:00.", "\n- never restart on Fridays\n**Why:** 2 outages"]) {
      body = `${body}\n\n${added}`;
      const grown = memoryFacts({ name, description, body });
      expect(plain(grown)).toEqual(plain(readFacts({ name, description, body }).facts));
      expect(grown.values.has("number:60") || [...grown.values].some((value) => value.endsWith(":60"))).toBe(true);
    }
  });

  it("gives a memory read again, rewritten or cut short the facts of its whole text", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("same", "grow", "rewrite", "cut"), { minLength: 1, maxLength: 8 }), fc.string({ maxLength: 3 }), (steps, tag) => {
        const memory = { name: `Backend restarts ${tag}`, description: "What a restart fixed" };
        let body = LONG_BODY;
        memoryFacts({ ...memory, body });
        for (const [i, step] of steps.entries()) {
          if (step === "grow") body = `${body}\n- k8s pool size set to ${60 + i} in production`;
          if (step === "rewrite") body = body.replace(/\((\d+)\)/, `(${i}00)`);
          if (step === "cut") body = body.slice(0, Math.floor(body.length * 0.9));
          // A new object each time, as a run that reads the file again has.
          expect(plain(memoryFacts({ ...memory, body: `${body}` }))).toEqual(plain(readFacts({ ...memory, body }).facts));
        }
      }),
      { numRuns: 60 },
    );
  });

  // Any lines added to a body (after `start`): the grown memory's facts are the whole text's.
  const growsLikeWhole = (start: string, lines: fc.Arbitrary<string>, maxStart: number, numRuns: number) =>
    fc.assert(
      fc.property(
        fc.array(lines, { minLength: 1, maxLength: maxStart }),
        fc.array(lines, { minLength: 1, maxLength: 6 }),
        fc.string({ maxLength: 3 }),
        (first, next, tag) => {
          const memory = { name: `Deploy notes ${tag}`, description: "Where and when we deploy" };
          const before = `${start}\n${first.join("\n")}`;
          const body = `${before}\n${next.join("\n")}`;
          memoryFacts({ ...memory, body: before });
          expect(plain(memoryFacts({ ...memory, body }))).toEqual(plain(readFacts({ ...memory, body }).facts));
        },
      ),
      { numRuns },
    );

  it("matches the whole-text read for any lines added to any long body", () => {
    growsLikeWhole(LONG_BODY, fc.oneof(fc.constantFrom(...LINES), fc.string({ maxLength: 60 })), 12, 60);
  });

  it("matches the whole-text read for lines added to a short body, whose language may change with them", () => {
    const german = "Die Antwort ist auf Deutsch und wir bleiben dabei.";
    const spanish = "la respuesta es en español y no cambia";
    growsLikeWhole(NEUTRAL_BODY, fc.oneof(fc.constantFrom(...LINES, german, spanish), fc.string({ maxLength: 60 })), 6, 200);
  });

  it("matches the whole-text read once the language is told from a full sample, whatever language the added lines are in", () => {
    const settledBody = `${NEUTRAL_BODY}\n${NEUTRAL_BODY}`;
    expect(readFacts({ name: "Deploy notes", description: "", body: settledBody }).settled).toBe(true);
    expect(readFacts({ name: "Deploy notes", description: "", body: NEUTRAL_BODY }).settled).toBe(false);
    const german = "Die Antwort ist auf Deutsch und wir bleiben dabei.";
    growsLikeWhole(settledBody, fc.oneof(fc.constantFrom(...LINES, german), fc.string({ maxLength: 60 })), 6, 100);
  });

  it("reads a short body whole: its language may still change", () => {
    const name = "Reply language";
    const description = "";
    const before = `${NEUTRAL_BODY}\nAntworten bitte auf Deutsch.`;
    memoryFacts({ name, description, body: before });
    const body = `${before}\nReplies in English from now on, the team is international and we always write in English.`;
    expect(plain(memoryFacts({ name, description, body }))).toEqual(plain(readFacts({ name, description, body }).facts));
  });
});

describe("memory facts: values given as what was before", () => {
  const facts = (body: string) => readFacts({ name: "Settings", description: "", body }).facts;

  it.each([
    ["it was", "Logs are kept 90 days now (it was 30 days).", "duration:7776000", "duration:2592000"],
    ["was in brackets", "Standup is at 9:30 am now (was 10:00).", "time:09:30", "time:10:00"],
    ["previously", "Escalate after 5 minutes, previously 15 minutes.", "duration:300", "duration:900"],
    ["up from", "The cap is 2000 testers, up from 500.", "number:2000", "number:500"],
    ["changed from … to", "Payday changed from Friday to Monday.", "name:monday", "name:friday"],
    ["used to be", "The editor is Kofi; it used to be Ines.", "name:kofi", "name:ines"],
  ])("%s", (_, body, now, before) => {
    const read = facts(body);
    expect(read.values).toContain(now);
    expect(read.values).not.toContain(before);
    expect(read.past).toContain(before);
  });

  it("takes no bare 'was', no passive 'it was', and no value said now as well as before", () => {
    const extended = facts("The deadline was extended to June 3.");
    expect(extended.values).toContain("monthday:06-03");
    expect(extended.past.size).toBe(0);
    expect(facts("It was decided that deploys run at 04:00.").values).toContain("time:04:00");
    const both = facts("Logs are kept 30 days (it was 30 days for traces too).");
    expect(both.values).toContain("duration:2592000");
    expect(both.past.size).toBe(0);
    // "from" without a change: a range, or when something starts.
    expect(facts("Open from 09:00 to 17:00.").values).toContain("time:09:00");
    expect(facts("From 1 June Kofi edits the newsletter.").past.size).toBe(0);
  });
});

describe("memory facts: a value written two ways", () => {
  it("is a word both mention, as it is when written alike", () => {
    const mentions = (body: string) => readFacts({ name: "Grant report", description: "", body }).facts.mentions;
    const [digits, words] = [mentions("Due 2026-03-02 at 21:00, after 3h of review."), mentions("Due March 2 at 9 pm, after three hours of review.")];
    for (const value of ["monthday:03-02", "time:21:00", "duration:10800"]) {
      expect(digits).toContain(value);
      expect(words).toContain(value);
    }
  });
});

describe("memory facts: qualifiers and names", () => {
  const qualifiers = (body: string, name = "Note") => [...readFacts({ name, description: "", body }).facts.qualifiers].sort();

  it("reads a weekday in the plural as the day", () => {
    expect(qualifiers("The cleaner comes on Mondays.")).toEqual(["day:monday"]);
    expect(qualifiers("The cleaner comes on Monday.")).toEqual(["day:monday"]);
    expect(qualifiers("Birthdays and holidays are off.")).toEqual([]);
  });

  it("reads cloud regions, and areas in capitals only", () => {
    expect(qualifiers("Logs of the eu-west-3 cluster.")).toEqual(["area:eu", "region:eu-west-3"]);
    expect(qualifiers("Runs in us-central1.")).toEqual(["area:us", "region:us-central1"]);
    expect(qualifiers("Nightly archive", "Log archive (US)")).toEqual(["area:us"]);
    // "us" the word, a host that ends in a region's letters, a version.
    expect(qualifiers("Tell us before the deploy to acme-logs-eu.s3.amazonaws.com, eu-1.2.")).toEqual([]);
  });

  it("reads the names in a memory's name, but not a German one's capitals", () => {
    const named = (name: string, body = "Send them one long article a week.") => [...readFacts({ name, description: "", body }).facts.named].sort();
    expect(named("Reading list for Noor")).toEqual(["noor"]);
    expect(named("Log archive (EU)")).toEqual(["eu"]);
    expect(named("OpenSearch version")).toEqual(["opensearch"]);
    expect(named("Garden watering")).toEqual([]);
    expect(named("Rotation der Schlüssel", "Vault rotiert die Schlüssel alle 30 Tage, und niemand muss eingreifen.")).toEqual([]);
  });

  it("reads a short English text with two a's as English", () => {
    expect(readFacts({ name: "Vendor call notes", description: "", body: "Notes for a call with a vendor: `notes/vendor-call.md`." }).facts.language).toBe(
      "english",
    );
  });
});

describe("contentWords", () => {
  it("reads a word that names an object's own property as a word", () => {
    expect(contentWords("call the constructor, then toString")).toEqual(["call", "constructor", "tostr"]);
  });
});

describe("line facts, read once per line", () => {
  // Markup, links, joiners and negations, pieces the reading of a line's words turns on.
  const PIECES = [
    ...["never", "always", "don't", "no", "nicht", "jamais", "use", "snake_case", "_", "**", "*", "`", "#", ">", "(", ")", "[", "]"],
    ...["https://", "http://", "x.example.com", "a://b", "Deploy", "to", "prod", "at", "09:00", "5 days", "Dana's", "über", "Straße"],
    ...[" ", " ", ", ", ". ", "-"],
  ];
  const line = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 14 }).map((pieces) => pieces.join(""));
  const language = fc.constantFrom<Language>("english", "german", "french");
  const polarity = (text: string, lang: Language) => {
    forgetCaches();
    // The description is read as a statement in the language the memory is told to be in: the name and body tell it.
    // English's too: told from the line alone, `never_über` and `never über` were read in two languages.
    const body =
      lang === "german"
        ? "Wir sind immer da und die Antwort ist auf Deutsch."
        : lang === "french"
          ? "Nous sommes toujours là et la réponse est en français."
          : "We are always there and the answer is in English.";
    return readFacts({ name: "", description: text, body }).facts.polarity;
  };

  it("reads a line's words as contentWords reads them, whatever the memo held before", () => {
    fc.assert(
      fc.property(line, language, language, (text, first, second) => {
        forgetCaches();
        lineWordsAndValues(text, first);
        const read = lineWordsAndValues(text, second);
        expect(read.words).toEqual(contentWords(text, second));
        expect(read.values).toEqual([...statedValues(text).values]);
        forgetCaches();
        expect(lineWordsAndValues(text, second)).toEqual(read);
      }),
      { numRuns: 400 },
    );
  });

  it("reads polarity as if markup and underscores were spaces", () => {
    fc.assert(
      fc.property(line, language, (text, lang) => {
        // Not around a link: an underscore in `no_a://b` is part of what is read as the link's scheme, a space is not.
        fc.pre(!text.includes("://"));
        expect([...polarity(text, lang)]).toEqual([...polarity(text.replace(/[`*_]/g, " "), lang)]);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 300) },
    );
  });
});

describe("the language a memory is read in", () => {
  // Lines of several languages, capitalised words among them, so that where the sample is cut decides the language.
  const LINES_OF_LANGUAGES = [
    "Die Antwort ist auf Deutsch und wir bleiben dabei, auch wenn Ben fragt.",
    "la respuesta es en español y no cambia cuando Will pregunta",
    "We always answer in English, and the team agreed on it with Dana.",
    "Nous répondons toujours en français, et Léa est d'accord.",
    "- v1.2.0 #1042 70ms",
    "ALLE Antworten GEHEN an die Gruppe",
  ];
  const told = (text: string) => text.slice(0, 32_000).replace(/(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}'’_-]*/gu, " ");

  it("is told from the sample with capitalised words blanked, however long the body", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LINES_OF_LANGUAGES), { minLength: 1, maxLength: 900, size: "max" }), (lines) => {
        const text = ["Notes", "", ...lines].join("\n");
        const read = readFacts({ name: "Notes", description: "", body: lines.join("\n") });
        expect(read.facts.language).toBe(detectLanguage(told(text)));
        expect(read.settled).toBe(text.length >= 32_000 || told(text).length >= DETECT_CHARS);
      }),
      { numRuns: 60 },
    );
  });
});

describe("memory facts of a short memory read again", () => {
  // Each set as a list in its own order: a memory read again must give its words in the order read first.
  const ordered = (facts: MemoryFacts) => Object.fromEntries(Object.entries(facts).map(([key, value]) => [key, value instanceof Set ? [...value] : value]));
  const line = fc.constantFrom(...LINES, "Noor's reading list", "Die Antwort ist auf Deutsch.", "");
  const words = fc.constantFrom("Deploy", "notes", "Dana's", "staging", "db", "eu-west-1", "");

  it("are its whole text's facts, in their order, whichever memory of that text or of a text like it came before", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.array(words, { maxLength: 4 }), fc.array(words, { maxLength: 4 }), fc.array(line, { maxLength: 8 })), {
          minLength: 1,
          maxLength: 6,
        }),
        (memories) => {
          forgetCaches();
          for (const [name, description, body] of [...memories, ...[...memories].reverse()]) {
            // A new object each time, as a memory read again from its file is; the name and description also as one.
            for (const memory of [
              { name: name.join(" "), description: description.join(" "), body: body.join("\n") },
              { name: [...name, ...description].join(" "), description: "", body: body.join("\n") },
            ])
              expect(ordered(memoryFacts({ ...memory }))).toEqual(ordered(readFacts(memory).facts));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
