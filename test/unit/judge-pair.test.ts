import { describe, expect, it } from "vitest";
import { judgePair, type PairEvidence, type PairVerdict } from "../../src/consolidate/judge-pair.js";
import { memoryFacts, typedValues } from "../../src/consolidate/memory-facts.js";
import { planConsolidation } from "../../src/consolidate/plan-consolidation.js";
import { memory } from "../helpers/memory-records.js";

// Older first. Lexical evidence high enough to merge, so only the rules decide.
function judge(older: [string, string, string], newer: [string, string, string], evidence: PairEvidence = { lexical: 0.6 }): PairVerdict["kind"] {
  const side = ([name, description, body]: [string, string, string], updated: string) => {
    const m = memory("project_x", { name, description, updated }, body);
    return { memory: m, facts: memoryFacts(m) };
  };
  return judgePair(side(older, "2026-01-01"), side(newer, "2026-06-01"), evidence).kind;
}

describe("judgePair: a changed value on the same subject is a conflict", () => {
  it.each([
    [
      "a number",
      ["Worker concurrency", "Queue workers run 8 at a time", "The queue runs 8 workers."],
      ["Worker concurrency", "Queue workers run 12 at a time", "The queue runs 12 workers."],
    ],
    [
      "a version",
      ["Python version", "Jobs run on Python 3.11", "Batch jobs run on Python 3.11."],
      ["Python version", "Jobs run on Python 3.12", "Batch jobs run on Python 3.12."],
    ],
    [
      "a time",
      ["Report time", "The daily report is sent at 07:30", "The daily report goes out at 07:30 UTC."],
      ["Report time", "The daily report is sent at 09:00", "The daily report goes out at 09:00 UTC."],
    ],
    [
      "a host",
      ["Metrics endpoint", "Metrics are pushed to metrics.acme.io", "Push metrics to https://metrics.acme.io/v1."],
      ["Metrics endpoint", "Metrics are pushed to otel.acme.io", "Push metrics to https://otel.acme.io/v1."],
    ],
    [
      "an owner's name",
      ["Payments owner", "Olga owns payments", "Olga owns the payments service."],
      ["Payments owner", "Kwame owns payments", "Kwame owns the payments service."],
    ],
    [
      "a lowercase value",
      ["queue backend", "jobs use the redis backend", "the job queue uses the redis backend."],
      ["queue backend", "jobs use the rabbitmq backend", "the job queue uses the rabbitmq backend."],
    ],
    [
      "always → never",
      ["Rebase policy", "Always rebase before merging", "Always rebase feature branches before merging."],
      ["Rebase policy", "Never rebase shared branches", "Never rebase feature branches before merging; merge main instead."],
    ],
    [
      "a supersession said in words",
      ["Search engine", "Search runs on Elasticsearch", "Search runs on Elasticsearch 7."],
      ["Search engine", "Search runs on Meilisearch", "We replaced Elasticsearch with Meilisearch for search."],
    ],
  ] as const)("%s", (_, older, newer) => {
    expect(judge([...older], [...newer])).toBe("conflict");
  });
});

describe("judgePair: look-alikes stay apart", () => {
  it.each([
    [
      "another environment",
      ["Staging database host", "Staging DB is db-stg.acme.internal", "Staging database: db-stg.acme.internal:5432."],
      ["Production database host", "Production DB is db.acme.internal", "Production database: db.acme.internal:5432."],
    ],
    [
      "another platform",
      ["Android crash reporting", "Android crashes go to Sentry", "The Android app reports crashes to Sentry."],
      ["iOS crash reporting", "iOS crashes go to Crashlytics", "The iOS app reports crashes to Crashlytics."],
    ],
    [
      "another day",
      ["Retro meeting", "Retro is on Friday at 15:00", "Team retro: Friday 15:00 in room 4."],
      ["Demo meeting", "Demo is on Tuesday at 15:00", "Sprint demo: Tuesday 15:00 in room 4."],
    ],
    [
      "the same value on two services",
      ["Cart service memory limit", "Cart pods get 512 MiB", "The cart service's pods are limited to 512 MiB."],
      ["Auth service memory limit", "Auth pods get 512 MiB", "The auth service's pods are limited to 512 MiB."],
    ],
    [
      "a staging fact beside an unqualified (production) one",
      ["API base URL", "The API is at api.acme.io", "API base URL: https://api.acme.io"],
      ["API base URL", "Staging API is at api.staging.acme.io", "Staging API base URL: https://api.staging.acme.io"],
    ],
    [
      "a development server beside an unqualified one: a dev server is an environment",
      ["Console baud", "The debug console runs at 115200 baud", "The debug console runs at 115200 baud, 8N1."],
      ["Console baud", "The debug console on the dev server runs at 115200 baud", "The debug console on the dev server runs at 115200 baud, 8N1."],
    ],
    [
      "the dev boards and the production boards: two kinds of board, as two environments are two",
      ["Console baud", "The console on the dev boards runs at 115200 baud", "The console on the dev boards runs at 115200 baud."],
      ["Console baud", "The console on the production boards runs at 9600 baud", "The console on the production boards runs at 9600 baud."],
    ],
    [
      "the development team and the QA team",
      ["Team lead", "Olga leads the development team", "Olga leads the development team."],
      ["Team lead", "Ben leads the QA team", "Ben leads the QA team."],
    ],
    [
      "the staging team and the production team",
      ["Release owner", "The staging team owns the release train", "The staging team owns the release train."],
      ["Release owner", "The production team's lead owns the release train", "The production team's lead owns the release train."],
    ],
    ["two people", ["Ana's editor", "Ana uses Neovim", "Ana writes code in Neovim."], ["Ben's editor", "Ben uses Neovim", "Ben writes code in Neovim."]],
  ] as const)("%s", (_, older, newer) => {
    expect(judge([...older], [...newer])).toBe("apart");
    // Close vectors alone do not join them either.
    expect(judge([...older], [...newer], { lexical: 0.6, cosine: 0.95 })).not.toBe("merge");
  });
});

// One name, one predicate, another holder: neither a duplicate nor a changed value.
describe("judgePair: the same statement about another holder stays apart", () => {
  it.each([
    [
      "identical names, another service",
      ["Worker memory budget", "The sync worker gets 512 MB of memory", "The sync worker is allowed 512 MB of memory; it is killed above that."],
      ["Worker memory budget", "The image resizer gets 512 MB of memory", "The image resizer is allowed 512 MB of memory; it is killed above that."],
    ],
    [
      "identical names, another person",
      ["Preferred editor", "Aylin codes in VS Code with vim keys", "Aylin codes in VS Code with the vim keybindings on."],
      ["Preferred editor", "Tomasz codes in VS Code with vim keys", "Tomasz codes in VS Code with the vim keybindings on."],
    ],
    [
      "identical names, another host",
      ["Disk alert", "Alert when build-01.acme.internal passes 85% disk", "Page on-call when disk on build-01.acme.internal passes 85%."],
      ["Disk alert", "Alert when build-02.acme.internal passes 85% disk", "Page on-call when disk on build-02.acme.internal passes 85%."],
    ],
    [
      "a swapped subject word, other values",
      ["Token lifetime", "Access tokens expire after 15 minutes", "Access tokens expire after 15 minutes; the app refreshes them."],
      ["Token lifetime", "Refresh tokens expire after 30 days", "Refresh tokens expire after 30 days; then the user signs in again."],
    ],
    [
      "names that say whose, with little else in common",
      ["Dana's answer style", "Dana wants the command first", "Dana prefers short answers: the command first."],
      ["Eli's answer style", "Eli wants the reasoning first", "Eli prefers long answers: the reasoning first, links to the docs."],
    ],
  ] as const)("%s", (_, older, newer) => {
    expect(judge([...older], [...newer])).toBe("apart");
    // However close the vectors: the holder decides first.
    expect(judge([...older], [...newer], { lexical: 0.6, cosine: 0.99, relative: 0.05, standing: 9, mutual: true })).toBe("apart");
  });

  it("but a name that asks for a person or a thing makes the opening word the value", () => {
    expect(
      judge(
        ["Release owner", "Mireille owns Android releases", "Mireille owns Android releases and signs the bundles."],
        ["Release owner", "Tomasz owns Android releases", "Tomasz owns Android releases and signs the bundles."],
      ),
    ).toBe("conflict");
    expect(
      judge(
        ["Queue backend", "Redis backs the job queue", "Redis backs the job queue in every region."],
        ["Queue backend", "RabbitMQ backs the job queue", "RabbitMQ backs the job queue in every region."],
      ),
    ).toBe("conflict");
  });
});

describe("judgePair: names that differ", () => {
  const older: [string, string, string] = ["Orders lag alert", "Alert on orders consumer lag", "Alert when the orders consumer lag passes 50k messages."];
  const newer: [string, string, string] = [
    "Shipments lag alert",
    "Alert on shipments consumer lag",
    "Alert when the shipments consumer lag passes 50k messages.",
  ];
  const close = { cosine: 0.99, relative: 0.05, standing: 9, mutual: true };

  it("stay apart over words both say, however close the vectors", () => {
    expect(judge(older, newer, { lexical: 0.7 })).toBe("apart");
    expect(judge(older, newer, { lexical: 0.7, ...close })).toBe("apart");
  });

  it("are joined by the vectors when the words differ too (a rewording)", () => {
    const reworded: [string, string, string] = ["Consumer backlog paging", "Page when orders pile up", "Page on-call once more than 50k orders wait unread."];
    expect(judge(older, reworded, { lexical: 0.2 })).toBe("apart");
    expect(judge(older, reworded, { lexical: 0.2, ...close })).toBe("merge");
  });
});

describe("judgePair: values", () => {
  it("a last word swapped is a changed value, not an added detail", () => {
    expect(
      judge(
        ["State management", "App state is managed with redux", "Global app state is managed with redux."],
        ["State management", "App state is managed with zustand", "Global app state is managed with zustand."],
      ),
    ).toBe("conflict");
    // One word stemmed two ways is no swap.
    expect(judge(["Cache TTL", "Entries live 300 seconds", "TTL is 300 second."], ["Cache TTL", "Entries live 300 seconds", "TTL is 300 seconds."])).toBe(
      "merge",
    );
  });

  it("a value said under a negation is not asserted", () => {
    const older: [string, string, string] = [
      "Jonas's units",
      "Jonas wants kilometres and Celsius",
      "Give Jonas distances in kilometres and temperatures in Celsius.",
    ];
    const newer: [string, string, string] = [
      "Metric for Jonas",
      "Use the metric system with Jonas",
      "Jonas thinks in the metric system: no miles or Fahrenheit for him.",
    ];
    expect(judge(older, newer, { lexical: 0.2, cosine: 0.99 })).toBe("merge");
    // Asserted, the other unit is a changed value.
    const asserted: [string, string, string] = [newer[0], newer[1], "Jonas thinks in the metric system, but temperatures in Fahrenheit."];
    expect(judge(older, asserted, { lexical: 0.2, cosine: 0.99 })).toBe("conflict");
  });
});

describe("judgePair: vectors on the set's own scale", () => {
  const older: [string, string, string] = ["Code review turnaround", "Reviews within one working day", "Review pull requests within one working day."];
  const newer: [string, string, string] = [
    "Answer PRs quickly",
    "Nobody waits more than a day for a review",
    "Nobody should wait more than a day for a code review.",
  ];

  it("a low cosine of a low-scale model says one subject when it stands far above the set's typical pair and both are nearest", () => {
    const calibrated = { lexical: 0.15, cosine: 0.78, relative: 0.28, standing: 7.5, mutual: true };
    expect(judge(older, newer, calibrated)).toBe("merge");
    // The same cosine without a scale is read absolutely (0.91): too low.
    expect(judge(older, newer, { lexical: 0.15, cosine: 0.78 })).not.toBe("merge");
    // Not each other's nearest, not far enough above the typical pair, or under the floor: not one subject.
    expect(judge(older, newer, { ...calibrated, mutual: false })).not.toBe("merge");
    expect(judge(older, newer, { ...calibrated, standing: 3 })).not.toBe("merge");
    expect(judge(older, newer, { ...calibrated, cosine: 0.45 })).not.toBe("merge");
  });
});

describe("judgePair: duplicates merge", () => {
  it("the same facts in other words, when the words overlap enough", () => {
    expect(
      judge(
        ["Deploy freeze", "No deploys on Friday after 14:00", "No production deploys on Friday after 14:00."],
        ["Friday deploy freeze", "Production deploys stop Friday 14:00", "Production deploys stop on Friday at 14:00."],
      ),
    ).toBe("merge");
  });

  it("reworded text when the vectors say one subject, but not on word overlap alone", () => {
    const older: [string, string, string] = ["Code review turnaround", "Reviews within one working day", "Review pull requests within one working day."];
    const newer: [string, string, string] = [
      "Answer PRs quickly",
      "Nobody waits more than a day for a review",
      "Nobody should wait more than a day for a code review.",
    ];
    expect(judge(older, newer, { lexical: 0.15 })).not.toBe("merge");
    expect(judge(older, newer, { lexical: 0.15, cosine: 0.95 })).toBe("merge");
  });

  it("the tool's own filler lines and dates are no facts", () => {
    const filler = (date: string, fact: string) =>
      `**Date:** ${date}\n\n${fact}\n\n**Why:** not stated in the log.\n**How to apply:** Work from this decision (${date}) unless a later entry replaces it.`;
    expect(
      judge(
        ["Lint rule", "Lint with ruff", filler("2026-01-03", "Lint Python with ruff.")],
        ["Lint rule", "Lint with ruff", filler("2026-05-09", "Lint Python with ruff.")],
      ),
    ).toBe("merge");
  });

  it("a number only in the newer's rationale is no changed value", () => {
    expect(
      judge(
        ["Cache TTL", "Cache entries live 300 seconds", "Cache TTL is 300 seconds."],
        ["Cache TTL", "Cache entries live 300 seconds", "Cache TTL is 300 seconds.\n\n**Why:** 60 s caused a thundering herd."],
      ),
    ).toBe("merge");
  });
});

describe("judgePair: a value written another way", () => {
  it.each([
    [
      "a count in digits and in words",
      ["Load test runs", "Report each load test as the median of 5 runs", "Every load test number we publish is the median of 5 runs (warm cache)."],
      ["Load test runs", "Report each load test as the median of five runs", "Every load test number we publish is the median of five runs (warm cache)."],
    ],
    [
      "thousands with k",
      ["Index batches", "Index documents in batches of 2000", "Index documents in batches of 2000 and retry 3 times."],
      ["Index batches", "Index documents in batches of 2k", "Index documents in batches of 2k and retry three times."],
    ],
    [
      "a duration in short",
      ["Session timeout", "Idle sessions end after 20 minutes", "Idle admin sessions end after 20 minutes."],
      ["Session timeout", "Idle sessions end after 20m", "Idle admin sessions end after 20m."],
    ],
    [
      "a date and time in words",
      ["Grant report", "The grant report is due 2026-03-02, 21:00 CET", "The grant report is due 2026-03-02 at 21:00 CET."],
      ["Grant report", "The grant report is due March 2, 9 pm CET", "The grant report is due March 2 at 9 pm CET."],
    ],
    [
      "a board for development named beside one that is not: a dev board is a board, not an environment",
      [
        "Console baud",
        "The debug console on the Nimbus dev boards runs at 115200 baud",
        "The debug console on the Nimbus dev boards runs at 115200 baud, 8N1.",
      ],
      ["Console baud", "The debug console runs at 115200 baud", "The debug console runs at 115200 baud, 8N1."],
    ],
    [
      "a speed named as a rate",
      ["Debug console speed", "The debug console runs at 115200 baud", "The debug console runs at 115200 baud, 8N1."],
      ["Debug console baud rate", "The debug console runs at 115200 baud", "The debug console runs at 115200 baud, 8N1."],
    ],
    [
      "a unit's symbol, spaced, and its name",
      ["Bench supply", "The bench supply is set to 5 W", "The bench supply is set to 5 W for the sensor board."],
      ["Bench supply", "The bench supply is set to 5 watts", "The bench supply is set to 5 watts for the sensor board."],
    ],
    [
      "gigabytes, in short and in full",
      ["Thumbnail cache", "The cache disk holds 5 GB", "The cache disk holds 5 GB of thumbnails."],
      ["Thumbnail cache", "The cache disk holds 5 gigabytes", "The cache disk holds 5 gigabytes of thumbnails."],
    ],
  ] as const)("is the same value: %s", (_, older, newer) => {
    expect(judge([...older], [...newer])).toBe("merge");
  });

  it.each([
    [
      "a time on the 12-hour clock",
      ["School pickup", "Pick the kids up at 15:30", "School pickup on weekdays is at 15:30."],
      ["School pickup", "School pickup moved to 4 pm", "Weekday school pickup is at 4 pm now."],
    ],
    [
      "a duration in words, then in digits",
      ["Daily practice", "One hour of violin practice on weekdays", "Practice violin for one hour on weekdays."],
      ["Daily practice", "Weekday violin practice is 45 minutes", "Practice violin for 45 minutes on weekdays."],
    ],
    [
      "a date without its year",
      ["Visa renewal", "Renew the visa by 2026-06-30", "The visa must be renewed by 2026-06-30."],
      ["Visa renewal", "Visa renewal deadline moved to July 14", "The visa renewal deadline was moved to July 14."],
    ],
    [
      "the old value restated as what was before",
      ["Log retention", "Logs are kept 30 days", "Application logs are kept for 30 days."],
      ["Log retention", "Logs are now kept 90 days, up from 30 days", "Application logs are kept for 90 days now (it was 30 days)."],
    ],
    [
      "the old owner restated as what was before",
      ["Newsletter owner", "The newsletter owner is Ines", "The monthly newsletter is owned by Ines."],
      ["Newsletter owner", "The newsletter owner is Kofi, previously Ines", "The monthly newsletter is owned by Kofi (previously Ines)."],
    ],
    [
      "the same number of another unit",
      ["Sensor rail", "The sensor rail runs at 5 V", "The sensor rail runs at 5 V on the board."],
      ["Sensor rail", "The sensor rail runs at 5 amps", "The sensor rail runs at 5 amps on the board."],
    ],
    [
      "a number that lost its decimals",
      ["Pool size", "The pool size is 20.5 on staging.", "The pool size is 20.5 on staging."],
      ["Pool size", "The pool size is 20 on staging.", "The pool size is 20 on staging."],
    ],
    [
      "a number that was the end of another",
      ["Pool size", "The pool size is 1.20 on staging.", "The pool size is 1.20 on staging."],
      ["Pool size", "The pool size is 20 on staging.", "The pool size is 20 on staging."],
    ],
    [
      "a percent that became a count",
      ["Queue limit", "Keep the job queue below 20% of capacity", "Keep the job queue below 20% of capacity at peak."],
      ["Queue limit", "Keep the job queue below 20 items of capacity", "Keep the job queue below 20 items of capacity at peak."],
    ],
    [
      "another number of the same unit, spelled out",
      ["Bench supply", "The bench supply is set to 5 W", "The bench supply is set to 5 W for the sensor board."],
      ["Bench supply", "The bench supply is set to 10 watts", "The bench supply is set to 10 watts for the sensor board."],
    ],
  ] as const)("is a changed value: %s", (_, older, newer) => {
    expect(judge([...older], [...newer])).toBe("conflict");
    // Alike enough to be the same words but for the value: still a conflict, never a merge.
    expect(judge([...older], [...newer], { lexical: 0.8 })).toBe("conflict");
    expect(judge([...older], [...newer], { lexical: 0.2, cosine: 0.99, relative: 0.05, standing: 9, mutual: true })).toBe("conflict");
  });
});

describe("judgePair: a weekday", () => {
  it("is the value when two memories of one name, neither naming a day, say when something happens", () => {
    expect(
      judge(
        ["Cleaner visits", "The cleaner comes on Mondays", "The cleaner comes on Mondays; leave the key out Sunday night."],
        ["Cleaner visits", "The cleaner now comes on Wednesday", "The cleaner comes on Wednesday, so leave the key out Tuesday evening."],
      ),
    ).toBe("conflict");
  });

  it("still tells two things apart when the names differ or name the day", () => {
    expect(
      judge(
        ["Book club", "Book club is on Tuesday at 19:00", "Book club: Tuesday 19:00 at the library."],
        ["Chess club", "Chess club is on Friday at 19:00", "Chess club: Friday 19:00 at the library."],
        { lexical: 0.6, cosine: 0.99, relative: 0.05, standing: 9, mutual: true },
      ),
    ).toBe("apart");
    expect(
      judge(
        ["Standup on Mondays", "Standup is on Mondays at 10:00", "Standup: Mondays 10:00."],
        ["Standup on Thursdays", "Standup is on Thursdays at 10:00", "Standup: Thursdays 10:00."],
      ),
    ).toBe("apart");
  });
});

describe("judgePair: regions", () => {
  const close = { lexical: 0.2, cosine: 0.99, relative: 0.05, standing: 9, mutual: true };

  it("two regions or areas are two things, however close the vectors", () => {
    const eu: [string, string, string] = [
      "Log archive (EU)",
      "Logs of the eu-west-3 cluster are archived to s3://acme-logs-eu",
      "Logs of the eu-west-3 cluster are archived to s3://acme-logs-eu and kept a year.",
    ];
    const us: [string, string, string] = [
      "Log archive (US)",
      "Logs of the us-west-2 cluster are archived to s3://acme-logs-us",
      "Logs of the us-west-2 cluster are archived to s3://acme-logs-us and kept a year.",
    ];
    expect(judge(eu, us)).toBe("apart");
    expect(judge(eu, us, close)).toBe("apart");
    const otherRegion: [string, string, string] = [
      "Cluster logs",
      "Logs of the eu-central-1 cluster",
      "Logs of the eu-central-1 cluster are archived nightly.",
    ];
    expect(judge(["Cluster logs", "Logs of the eu-west-3 cluster", "Logs of the eu-west-3 cluster are archived nightly."], otherRegion, close)).toBe("apart");
  });

  it("but a region is the value when both names say region", () => {
    expect(
      judge(
        ["AWS region", "Production runs in eu-west-1", "Production runs in eu-west-1."],
        ["AWS primary region", "Production runs in eu-central-1", "Production runs in eu-central-1."],
      ),
    ).toBe("conflict");
  });
});

describe("judgePair: names in the memories' names", () => {
  const close = { cosine: 0.99, relative: 0.05, standing: 9, mutual: true };

  it("say whom each is about: two people's facts stay apart, however close the vectors", () => {
    const noor: [string, string, string] = ["Reading list for Noor", "Send Noor one long article a week", "Send Noor one long article a week, on Sunday."];
    const sam: [string, string, string] = ["Reading list for Sam", "Send Sam three short posts a day", "Send Sam three short posts a day, by email."];
    expect(judge(noor, sam)).toBe("apart");
    expect(judge(noor, sam, { lexical: 0.2, ...close })).toBe("apart");
    expect(
      judge(
        ["OpenSSL version", "The base image ships OpenSSL 3.0", "The base image ships OpenSSL 3.0."],
        ["PostgreSQL version", "The base image ships PostgreSQL 16", "The base image ships PostgreSQL 16."],
        {
          lexical: 0.2,
          ...close,
        },
      ),
    ).toBe("apart");
  });

  it("but a name the other memory mentions, or a name that asks for its value, tells nothing apart", () => {
    expect(
      judge(
        ["Seat for Noor", "Noor wants a window seat", "Book Noor a window seat."],
        ["Seats on Noor's flights", "Book Noor a window seat on every flight", "Book Noor a window seat on every flight; never the middle."],
        { lexical: 0.2, ...close },
      ),
    ).toBe("merge");
    expect(
      judge(
        ["Deploy target for Web", "Web deploys to Vercel", "The web app deploys to Vercel."],
        ["Deploy target for Web", "Web deploys to Fly", "The web app deploys to Fly."],
      ),
    ).toBe("conflict");
  });
});

describe("judgePair: only the vectors say one subject", () => {
  it("quantities of different kinds on each side are left undecided", () => {
    const older: [string, string, string] = ["Standup", "Daily standup at 09:30", "The daily standup is at 09:30."];
    const newer: [string, string, string] = [
      "Keep standups short",
      "Standups end after 15 minutes",
      "Standups end after 15 minutes, whoever is still talking.",
    ];
    const close = { lexical: 0.2, cosine: 0.99, relative: 0.05, standing: 9, mutual: true };
    expect(judge(older, newer, close)).toBe("undecided");
    // The words saying one subject merge them: the rules found no changed value.
    expect(judge(older, newer, { ...close, lexical: 0.6 })).toBe("merge");
  });
});

describe("typedValues", () => {
  it("reads hosts, times, dates, numbers with thousands and k, identifiers and names", () => {
    expect(
      [...typedValues("Alerts at 50,000 or 50k messages via https://pager.acme.io/x at 9:05 on 2026-02-01; region eu-west-1, owner Marta.")].sort(),
    ).toEqual(
      [
        "date:2026-02-01",
        "host:pager.acme.io/x",
        "id:eu-west-1",
        "month:february",
        "monthday:02-01",
        "name:marta",
        "number:1",
        "number:50000",
        "time:09:05",
      ].sort(),
    );
  });
});

describe("planConsolidation", () => {
  it("folds a third duplicate into the same merge", () => {
    const body = "Run the linter before every commit.";
    const plan = planConsolidation(
      [
        memory(
          "feedback_lint-a",
          { name: "Lint before commit", description: "Run the linter before committing", updated: "2026-01-01", sources: ["a.md#L1"] },
          body,
        ),
        memory(
          "feedback_lint-b",
          { name: "Lint before committing", description: "Run the linter before each commit", updated: "2026-02-01", sources: ["b.md#L1"] },
          body,
        ),
        memory(
          "feedback_lint-c",
          { name: "Linter before commit", description: "The linter runs before every commit", updated: "2026-03-01", sources: ["c.md#L1"] },
          body,
        ),
      ],
      { today: "2026-04-01" },
    );
    expect(plan.merges.map((m) => [m.keep, m.fold])).toEqual([
      ["feedback_lint-a", "feedback_lint-b"],
      ["feedback_lint-a", "feedback_lint-c"],
    ]);
    expect(plan.merges.at(-1)!.merged.sources).toEqual(["a.md#L1", "b.md#L1", "c.md#L1"]);
  });

  it("with vectors, joins a reworded pair the words alone do not", () => {
    const a = memory("user_mia-tz", { name: "Mia's time zone", description: "Mia is in Tokyo", updated: "2026-01-01" }, "Mia works from Tokyo (JST).");
    const b = memory(
      "user_mia-hours",
      { name: "When to reach Mia", description: "Mia answers in Tokyo office hours", updated: "2026-02-01" },
      "Reach Mia during Tokyo office hours.",
    );
    expect(planConsolidation([a, b], { today: "2026-04-01" }).merges).toEqual([]);
    const v = (x: number) => Float32Array.from([x, Math.sqrt(1 - x * x)]);
    const vectors = new Map([
      ["user_mia-tz", v(1)],
      ["user_mia-hours", v(0.96)],
    ]);
    expect(planConsolidation([a, b], { today: "2026-04-01", vectors }).merges.map((m) => m.fold)).toEqual(["user_mia-hours"]);
  });
});

// One statement as a memory's description and body.
const said = (name: string, text: string): [string, string, string] => [name, text, `${text}.`];
const vectorsOnly: PairEvidence = { lexical: 0.2, cosine: 0.99, relative: 0.05, standing: 9, mutual: true };

describe("judgePair: units whose symbols differ only in case", () => {
  it.each([
    ["milliwatts and megawatts", "Sensor draws 5 mW at idle", "Sensor draws 5 MW at idle"],
    ["megabits and megabytes", "The uplink is 5 Mb", "The uplink is 5 MB"],
    ["megabits and megabytes a second", "The uplink is 100 Mbps", "The uplink is 100 MBps"],
    ["a rate in bits and one in bytes, written with a slash", "The uplink is 100 Mbps", "The uplink is 100 MB/s"],
    ["gigabits and gigabytes a second", "The uplink is 1 Gb/s", "The uplink is 1 GB/s"],
    ["milliohms and megaohms", "The shunt is 10 mΩ", "The shunt is 10 MΩ"],
    ["glued to the number", "The uplink is 5Mb", "The uplink is 5MB"],
    ["a unit's name and the other's symbol", "Sensor draws 5 milliwatts at idle", "Sensor draws 5 MW at idle"],
    ["a symbol and the other's name", "The uplink is 5 Mb", "The uplink is 5 megabytes"],
  ])("are different values: %s", (_, older, newer) => {
    expect(judge(said("Power", older), said("Power", newer))).toBe("conflict");
    expect(judge(said("Power", older), said("Power", newer), vectorsOnly)).toBe("conflict");
  });

  it.each([
    ["a symbol in lower case and in its case", "Sensor draws 5 mw at idle", "Sensor draws 5 mW at idle"],
    ["a symbol in lower case and the other case", "Sensor draws 5 mw at idle", "Sensor draws 5 MW at idle"],
    ["megabytes in lower case", "The uplink is 5 mb", "The uplink is 5 MB"],
    ["megabits in lower case", "The uplink is 5 mb", "The uplink is 5 Mb"],
    ["megabytes in short and in full", "The uplink is 5 MB", "The uplink is 5 megabytes"],
    ["megabits in short and in full", "The uplink is 5 Mb", "The uplink is 5 megabits"],
    ["milliwatts in short and in full", "Sensor draws 5 mW at idle", "Sensor draws 5 milliwatts at idle"],
    ["megabits a second, two ways", "The uplink is 100 Mbps", "The uplink is 100 Mbit/s"],
    ["megabytes a second, two ways", "The uplink is 100 MBps", "The uplink is 100 MB/s"],
    ["megabytes a second, in a symbol and in words", "The uplink is 100 MB/s", "The uplink is 100 MB per second"],
  ])("are one value: %s", (_, older, newer) => {
    expect(judge(said("Power", older), said("Power", newer))).toBe("merge");
    expect(judge(said("Power", newer), said("Power", older))).toBe("merge");
  });
});

describe("judgePair: a rate's or a duration's unit said two ways", () => {
  // "s" / "sec" after a size read as a swapped word, and a duration's bare number as stating the other's duration.
  it.each([
    ["a rate's second, short and shorter", "The uplink is 100 MB/s", "The uplink is 100 MB/sec"],
    ["seconds, short and shorter", "The request timeout is 30 s", "The request timeout is 30 sec"],
    ["hours, short and shorter", "The nightly job runs for 2 h", "The nightly job runs for 2 hrs"],
  ])("are one value: %s", (_, older, newer) => {
    expect(judge(said("Limits", older), said("Limits", newer))).toBe("merge");
    expect(judge(said("Limits", newer), said("Limits", older))).toBe("merge");
  });

  it.each([
    ["seconds and milliseconds", "The health check polls every 5 s", "The health check polls every 5 ms"],
    ["a rate's second and minute", "The uplink is 100 MB/s", "The uplink is 100 MB/min"],
    ["seconds and minutes", "The request timeout is 30 s", "The request timeout is 30 min"],
    ["metres and minutes", "The cable run is 15 m", "The cable run is 15 min"],
  ])("another unit is another value: %s", (_, older, newer) => {
    expect(judge(said("Limits", older), said("Limits", newer))).toBe("conflict");
  });
});

describe("judgePair: time zones", () => {
  it.each([
    ["another abbreviation", "The daily sync is at 9:00 UTC", "The daily sync is at 9:00 CET"],
    ["local time", "The daily sync is at 9:00 UTC", "The daily sync is at 9:00 local time"],
    ["another continent's abbreviation", "The daily sync is at 9:00 UTC", "The daily sync is at 9:00 PST"],
    ["an IANA zone", "The daily sync is at 9:00 UTC", "The daily sync is at 9:00 Europe/Berlin"],
    ["a 12-hour time", "The daily sync is at 9 am UTC", "The daily sync is at 9 am CET"],
    ["an offset", "The daily sync is at 9:00 UTC", "The daily sync is at 9:00 UTC+2"],
  ])("the same time in another zone is another time: %s", (_, older, newer) => {
    expect(judge(said("Daily sync", older), said("Daily sync", newer))).toBe("conflict");
    expect(judge(said("Daily sync", older), said("Daily sync", newer), vectorsOnly)).toBe("conflict");
  });

  it.each([
    ["a time with no zone and one with a zone", "The daily sync is at 9:00", "The daily sync is at 9:00 UTC"],
    ["an hour with and without its leading zero", "The daily sync is at 9:00 UTC", "The daily sync is at 09:00 UTC"],
    ["on the 24-hour and the 12-hour clock", "The daily sync is at 9:00 UTC", "The daily sync is at 9am UTC"],
    ["UTC and GMT", "The daily sync is at 9:00 UTC", "The daily sync is at 9:00 GMT"],
    ["an IANA zone and its place's time", "The daily sync is at 9:00 Europe/Berlin", "The daily sync is at 9:00 Berlin time"],
    ["no zone, with and without a leading zero", "The daily sync is at 9:00", "The daily sync is at 09:00"],
  ])("one time: %s", (_, older, newer) => {
    expect(judge(said("Daily sync", older), said("Daily sync", newer))).toBe("merge");
    expect(judge(said("Daily sync", newer), said("Daily sync", older))).toBe("merge");
  });

  it.each([
    ["a standard time and the generic zone", "The daily sync is at 9:30 PST", "The daily sync is at 9:30 PT"],
    ["a summer time and the standard one", "The daily sync is at 9:30 EDT", "The daily sync is at 9:30 EST"],
    ["a zone's name in words, standard and generic", "The daily sync is at 9:30 Eastern Standard Time", "The daily sync is at 9:30 Eastern Time"],
    ["a place of two words and its IANA zone", "The daily sync is at 9:00 America/New_York", "The daily sync is at 9:00 New York time"],
    ["GMT in words", "The daily sync is at 9:00 GMT", "The daily sync is at 9:00 Greenwich Mean Time"],
    ["Central European summer time", "The daily sync is at 9:00 CET", "The daily sync is at 9:00 CEST"],
  ])("one clock named two ways: %s", (_, older, newer) => {
    expect(judge(said("Daily sync", older), said("Daily sync", newer))).toBe("merge");
    expect(judge(said("Daily sync", newer), said("Daily sync", older))).toBe("merge");
  });

  it("reads another clock's zone as another time still", () => {
    expect(judge(said("Daily sync", "The daily sync is at 9:30 PST"), said("Daily sync", "The daily sync is at 9:30 EST"))).toBe("conflict");
    expect(judge(said("Daily sync", "The daily sync is at 9:30 CEST"), said("Daily sync", "The daily sync is at 9:30 EEST"))).toBe("conflict");
  });

  it("still reads another time in the same zone as a changed value", () => {
    expect(judge(said("Daily sync", "The daily sync is at 9:00 UTC"), said("Daily sync", "The daily sync is at 10:00 UTC"))).toBe("conflict");
  });
});

describe("judgePair: what is measured", () => {
  it("keeps two measures of one thing apart: a rate and a count, a size and a rate", () => {
    expect(judge(said("Error alert", "The error rate alert fires at 5"), said("Error alert", "The error count alert fires at 5"))).toBe("apart");
    expect(judge(said("Error rate alert", "error rate alert at 5"), said("Error count alert", "error count alert at 5"))).toBe("apart");
    // Not a changed value either, however the numbers differ or close the vectors are.
    expect(judge(said("Error alert", "error rate alert at 5"), said("Error alert", "error count alert at 7"), vectorsOnly)).toBe("apart");
    expect(judge(said("Error alert", "error-rate alert at 5"), said("Error alert", "error count alert at 5"))).toBe("apart");
    expect(judge(said("Upload", "The upload speed cap is 5 MB"), said("Upload", "The upload size cap is 5 MB"))).toBe("apart");
  });

  it("but one measure said two ways is one, and a changed value of it a conflict", () => {
    expect(judge(said("Error alert", "error rate alert at 5"), said("Error alert", "error rate alert at 7"))).toBe("conflict");
    expect(judge(said("Error alert", "error-rate alert at 5%"), said("Error alert", "error rate alert at 5 percent"))).toBe("merge");
    expect(judge(said("Console", "The debug console speed is 115200 baud"), said("Console", "The debug console baud rate is 115200"))).toBe("merge");
    // A measure named on one side only tells nothing apart.
    expect(judge(said("Error alert", "error alert at 5"), said("Error alert", "error rate alert at 5"))).toBe("merge");
  });
});
