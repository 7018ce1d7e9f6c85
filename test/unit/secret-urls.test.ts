import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/logs/redact-secrets.js";
import { exampleSecret as fake, inQuery } from "../../src/logs/secret-patterns.js";

const R = (kind: string) => `[REDACTED:${kind}]`;
const A = fake("", 32);
const GHP = fake("ghp_", 36);

// A credential in a URL. A webhook's URL is its credential: it goes whole, named by its vendor. A token
// in a URL's path, user, password or query goes alone, the rest of the URL kept (it says what was
// called), named by its vendor when its shape tells it, else by where it is. [name, input, expected].
const URLS: [string, string, string][] = [
  ["a Slack webhook", `post to https://hooks.slack.com/services/T0123ABCD/B0456EFGH/${fake("", 24)} done`, `post to ${R("slack-webhook")} done`],
  ["a Discord webhook, as Slack's", `post to https://discord.com/api/webhooks/123456789012345678/${fake("", 68)} done`, `post to ${R("discord-webhook")} done`],
  [
    "a Telegram token as Telegram's docs write it",
    "curl https://api.telegram.org/bot123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11/sendMessage?chat_id=42",
    `curl https://api.telegram.org/bot${R("telegram-token")}/sendMessage?chat_id=42`,
  ],
  [
    "a Telegram token in a file URL",
    `https://api.telegram.org/file/bot1234567890:AA${fake("", 33)}/photos/f.jpg`,
    `https://api.telegram.org/file/bot${R("telegram-token")}/photos/f.jpg`,
  ],
  ["a vendor token as a URL's password", `git clone https://user:${GHP}@github.com/o/r.git`, `git clone https://user:${R("github-token")}@github.com/o/r.git`],
  ["a vendor token as a URL's user", `git clone https://${GHP}@github.com/o/r.git`, `git clone https://${R("github-token")}@github.com/o/r.git`],
  ["a password in a URL", "psql postgres://app:Zebra7Lion@db.internal:5432/app", `psql postgres://app:${R("url-password")}@db.internal:5432/app`],
  // A query parameter ends at the next one: the parameters after a secret stay.
  ["a token in a query", `GET https://api.example.com/v1/data?token=${A}&page=2`, `GET https://api.example.com/v1/data?token=${R("token")}&page=2`],
  [
    "an API key in a query",
    `GET https://api.example.com/v1/data?api_key=${A}&page=2#top`,
    `GET https://api.example.com/v1/data?api_key=${R("api-key")}&page=2#top`,
  ],
  ["a token before a fragment", `https://app.example.com/cb?access_token=${A}#state`, `https://app.example.com/cb?access_token=${R("token")}#state`],
  ["a vendor token in a query", `https://api.example.com/?token=${GHP}&page=2`, `https://api.example.com/?token=${R("github-token")}&page=2`],
  [
    "a password in a JDBC URL's query",
    "jdbc:postgresql://db:5432/app?user=app&password=Zebra7Lion&ssl=true",
    `jdbc:postgresql://db:5432/app?user=app&password=${R("password")}&ssl=true`,
  ],
  [
    "two secrets in one query",
    `https://x.example.com/?password=Zebra7Lion&db_password=Tiger8Moon&api_key=${A}`,
    `https://x.example.com/?password=${R("password")}&db_password=${R("password")}&api_key=${R("api-key")}`,
  ],
  [
    "a presigned S3 URL",
    `https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Security-Token=${fake("IQoJb3JpZ2luX2Vj", 200)}&X-Amz-Expires=3600&X-Amz-Signature=${fake("", 64, "hex")}`,
    `https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Security-Token=${R("token")}&X-Amz-Expires=3600&X-Amz-Signature=${R("aws-signature")}`,
  ],
  [
    "a signed Cloud Storage URL",
    `https://storage.googleapis.com/b/o?X-Goog-Expires=900&X-Goog-Signature=${fake("", 256, "hex")}&x=1`,
    `https://storage.googleapis.com/b/o?X-Goog-Expires=900&X-Goog-Signature=${R("gcp-signature")}&x=1`,
  ],
];

const LEFT: [string, string][] = [
  ["a query of no secret", "https://example.com/search?q=token&page=2&sort=asc"],
  ["Telegram's docs", "see https://api.telegram.org/bots/api and https://core.telegram.org/bots/api#getme"],
  ["an OAuth sample's code", "https://example.com/callback?code=abc123&state=xyz"],
];

describe("redactSecrets: credentials in URLs", () => {
  it.each(URLS)("redacts %s", async (_name, text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(LEFT)("leaves %s", async (_name, text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });
});

// One test says whether a value is a query parameter's, for the patterns' look behind and for the cut of a value
// another row read: a name of at most 64 characters after `?` or `&` (the cut once allowed 65, the patterns 64).
describe("inQuery: what the patterns' look behind says", () => {
  const at = (url: string) => url.indexOf("=") + 1;
  it.each([1, 63, 64])("a parameter's name of %i characters is a query's", (length) => {
    const url = `https://x.test/p?${"a".repeat(length)}=v&page=2`;
    expect(inQuery(url, at(url))).toBe(true);
  });

  it.each([65, 66])("a name of %i characters is not", (length) => {
    const url = `https://x.test/p?${"a".repeat(length)}=v&page=2`;
    expect(inQuery(url, at(url))).toBe(false);
  });

  it("a value after `=` with no `?` or `&` before its name is not", () => {
    expect(inQuery("token=abc&page=2", 6)).toBe(false);
    expect(inQuery("a=b", 1)).toBe(false);
  });

  it("a 64-character name's value stops at the next parameter, whichever row reads it", async () => {
    const name = `${"a".repeat(59)}token`;
    const url = `GET https://x.test/p?${name}=${A}&page=2`;
    expect((await redactSecrets(url)).text).toBe(`GET https://x.test/p?${name}=${R("token")}&page=2`);
  });
});
