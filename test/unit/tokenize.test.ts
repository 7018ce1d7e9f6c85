import { stopwords as dutch } from "@orama/stopwords/dutch";
import { stopwords as english } from "@orama/stopwords/english";
import { stopwords as french } from "@orama/stopwords/french";
import { stopwords as german } from "@orama/stopwords/german";
import { stopwords as italian } from "@orama/stopwords/italian";
import { stopwords as portuguese } from "@orama/stopwords/portuguese";
import { stopwords as spanish } from "@orama/stopwords/spanish";
import { stopwords as swedish } from "@orama/stopwords/swedish";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectLanguage, isStopWord, LANGUAGES, readTerms, stem, terms, tokenize } from "../../src/text/tokenize.js";

describe("tokenize", () => {
  it("keeps versions and hyphenated names whole and lowercases", () => {
    expect(tokenize("Upgraded to v1.2.3 of GPT-4o, done.")).toEqual(["upgraded", "to", "v1.2.3", "of", "gpt-4o", "done"]);
  });

  it("reads Chinese, Japanese and Thai as character pairs", () => {
    expect(tokenize("决定使用")).toEqual(["决定", "定使", "使用"]);
    expect(tokenize("タスク")).toEqual(["タス", "スク"]);
    expect(tokenize("Postgres数据库")).toEqual(["postgres", "数据", "据库"]);
  });

  it("reads ASCII text exactly as the Unicode word rule does", () => {
    const unicodeWords = (text: string) =>
      text.split("\n").flatMap((line) =>
        [
          ...line
            .normalize("NFKC")
            .toLowerCase()
            .matchAll(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:[.'’_-][\p{L}\p{N}\p{M}]+)*/gu),
        ].map((m) => m[0]),
      );
    const ascii = fc.string({ unit: fc.constantFrom(..."aZ9 .'_-\n\t/:,Ab0x-.'"), maxLength: 60 });
    fc.assert(
      fc.property(ascii, (text) => {
        expect(tokenize(text)).toEqual(unicodeWords(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("terms", () => {
  it("drops stop words and stems, so word forms match", () => {
    expect(terms("Run tests before pushing")).toEqual(["run", "test", "push"]);
    expect(terms("Always test before git push")).toEqual(expect.arrayContaining(["test", "push", "git"]));
  });

  it("stems in the text's language", () => {
    expect(detectLanguage("Wir haben entschieden, dass die Datenbank Postgres ist")).toBe("german");
    expect(detectLanguage("Decidimos usar Postgres para la base de datos")).toBe("spanish");
    expect(detectLanguage("Nous avons décidé que la base de données est Postgres")).toBe("french");
    expect(detectLanguage("Decidimos que o banco de dados é Postgres e não MySQL")).toBe("portuguese");
    // "a" tells English too, though English's list lacks it: two of them made this Portuguese.
    expect(detectLanguage("Notes for a call with a vendor")).toBe("english");
    expect(detectLanguage("Ele mudou a data da entrega para a semana que vem")).toBe("portuguese");
    expect(terms("Entscheidungen und Entscheidung", "german")).toEqual(["entscheid", "entscheid"]);
  });

  it("gives a line read again, in any language, the terms its words give", () => {
    // Lines come from a small pool, so texts share lines and each line is met in several languages.
    const pool = [
      "Wir haben entschieden, dass die Datenbank Postgres ist",
      "Decidimos usar Postgres para la base de datos",
      "Always run the tests before pushing to main",
      "决定使用 Postgres 数据库",
      "Nous avons décidé que la base de données est Postgres",
      "the the and of",
      "v1.2.3 gpt-4o don't stop",
    ];
    const text = fc.array(fc.constantFrom(...pool, ""), { minLength: 1, maxLength: 8 }).map((lines) => lines.join("\n"));
    const language = fc.option(fc.constantFrom(...LANGUAGES), { nil: undefined });
    fc.assert(
      fc.property(text, language, (value, given) => {
        const read = readTerms(value, given);
        const expected = tokenize(value)
          .filter((token) => !isStopWord(token, read.language))
          .map((token) => stem(token, read.language));
        expect(read.terms).toEqual(expected);
        if (given) expect(read.language).toBe(given);
      }),
      { numRuns: 500 },
    );
  });

  it("tells a text's language from the stop words of its first 800 words (detectLanguage: of its first 4,000 characters), however its lines were read before", () => {
    // English's list lacks "a", which tells English all the same.
    const stops = { english: [...english, "a"], german, spanish, french, portuguese, italian, dutch, swedish };
    // The rule written out: each language's stop words counted over the first 800 words; the first most, else English.
    const reference = (text: string, limit = 800) => {
      const words = tokenize(text).slice(0, limit);
      const hits = LANGUAGES.map((language) => words.filter((word) => new Set(stops[language]).has(word)).length);
      const best = hits.indexOf(Math.max(...hits));
      return hits[best]! > 0 ? LANGUAGES[best]! : "english";
    };
    const line = fc.constantFrom(
      "Wir haben entschieden, dass die Datenbank und der Server bleiben",
      "Decidimos usar Postgres para la base de datos y el servidor",
      "the cache is warm and the queue is empty",
      "Nous avons décidé que la base de données est la nôtre",
      "v1.2.3 gpt-4o 决定使用 Postgres",
      "",
    );
    // Long texts too: the 800th word falls inside a line.
    const text = fc.array(line, { minLength: 1, maxLength: 160 }).map((lines) => lines.join("\n"));
    fc.assert(
      fc.property(text, (value) => {
        expect(readTerms(value).language).toBe(reference(value));
        // detectLanguage reads the first 4,000 characters, every word of them.
        expect(detectLanguage(value)).toBe(reference(value.slice(0, 4000), Number.POSITIVE_INFINITY));
      }),
      { numRuns: 200 },
    );
  });

  it("counts only the words of a line before the 800th, where the line would tell another language", () => {
    // 795 words with no stop word, then a line whose first five words are German and the rest Spanish.
    const neutral = Array.from({ length: 159 }, (_, i) => `alpha${i} beta${i} gamma${i} delta${i} epsilon${i}`);
    const last = "und der die das ist el la los las del que con por para una";
    const text = [...neutral, last].join("\n");
    expect(tokenize(text)).toHaveLength(795 + 15);
    expect(readTerms(text).language).toBe("german");
    expect(readTerms(last).language).toBe("spanish");
  });

  it("leaves numbers and versions unstemmed", () => {
    expect(stem("3.2")).toBe("3.2");
    expect(stem("v2")).toBe("v2");
  });
});
