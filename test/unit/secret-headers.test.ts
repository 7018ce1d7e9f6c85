import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/logs/redact-secrets.js";

const R = "[REDACTED:bearer-token]";

// A credential in an Authorization header, after curl's header flag or a key named `bearer`: any length from six, as
// the header says it is one. [input, expected].
const FOUND: [string, string][] = [
  ["Authorization: Bearer abc123def", `Authorization: Bearer ${R}`],
  ["bearer: xyz123abc", `bearer: ${R}`],
  ['curl -H "Authorization: Bearer abc123def" https://api.example.com', `curl -H "Authorization: Bearer ${R}" https://api.example.com`],
  ["curl -H 'authorization: bearer Ab3dEf' https://x.test", `curl -H 'authorization: bearer ${R}' https://x.test`],
  ['curl -H "Bearer abc123def" https://x.test', `curl -H "Bearer ${R}" https://x.test`],
  ['curl --header "Authorization: Token abc123" https://x.test', 'curl --header "Authorization: Token [REDACTED:token]" https://x.test'],
  ["headers = {'Authorization': 'Bearer abc123def'}", `headers = {'Authorization': 'Bearer ${R}'}`],
  // In JSON the scheme's name stays, as it does unquoted (the whole quoted string went once).
  ['"Authorization": "Bearer abc123def"', `"Authorization": "Bearer ${R}"`],
  ['"Authorization": "Basic YWJjOmRlZg=="', '"Authorization": "Basic [REDACTED:basic-auth]"'],
];

const LEFT: string[] = [
  "Authorization: Bearer $TOKEN",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell reference, on purpose
  "Authorization: Bearer ${TOKEN}",
  "Authorization: Bearer <token>",
  "Authorization: Bearer xxx",
  "Authorization: Bearer ...",
  "Authorization: Bearer xxxxxxxx",
  "Authorization: Bearer your-token-here",
  "Authorization: Bearer YOUR_TOKEN",
  "Authorization: Bearer abc12",
  "the API wants Authorization: Bearer tokens",
  "bearer: tokens expire hourly",
  "the Bearer scheme and Bearer abc123def in prose, not a header",
];

describe("redactSecrets: a short credential in an Authorization header", () => {
  it.each(FOUND)("redacts %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(LEFT)("leaves %s", async (text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });
});
