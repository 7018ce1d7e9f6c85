import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/logs/redact-secrets.js";
import { exampleSecret as fake, SECRET_PATTERNS } from "../../src/logs/secret-patterns.js";

/** Text that looks like a secret, or talks about one, and must come back untouched. */
const LOOK_ALIKES: string[] = [
  // git SHAs, 7 to 40 hex
  "fixed in a1b2c3d",
  "merged 9f8e7d6c5b4a",
  "commit 9f8e7d6c5b4a3f2e1d0c8b7a6f5e4d3c2b1a0998 on main",
  "AC9f8e7d6c5b4a3f2e1d0c8b7a6f5e4d3c2b1a0998 is a sha, not a Twilio sid",
  // UUIDs
  "request id 123e4567-e89b-12d3-a456-426614174000 failed",
  "session_id: 123e4567-e89b-12d3-a456-426614174000",
  // content hashes
  "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  "md5 d41d8cd98f00b204e9800998ecf8427e",
  '"integrity": "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUR9yTNRGv48f3KXbg=="',
  // versions
  "upgraded to v1.2.3",
  "release 1.2.3-beta.4 is out",
  "node v20.20.2 and npm 11.6.0",
  "version: 2.0.0-rc.1",
  // dates and times
  "2026-03-04T12:30:00Z",
  "at 2026-03-04 12:30:00+01:00 the job ran",
  "due 2026-03-04, moved to 2026-04-01",
  // markers from an earlier redaction
  "[REDACTED:password]",
  "DB_PASSWORD=[REDACTED:password] and Authorization: Bearer [REDACTED:bearer-token]",
  "postgres://admin:[REDACTED:url-password]@db.internal:5432/app",
  "| password | [REDACTED:password] |",
  // words about secrets
  "The token budget is fine.",
  "Password reset flow shipped; the password reset flow is live.",
  "our secret sauce is caching",
  "the API key is stored in Vault",
  "apiKeyEnv: OPENAI_API_KEY",
  "tokens: 1234",
  "max_tokens: 4096",
  "the token count is 5000",
  "KIMI_API_KEY is read from the environment",
  "password: required",
  "the password is stored in 1Password",
  "| Phase | Agents | Tokens |\n|---|---|---|\n| 1 | 3 | 12000 |",
  "All test cases pass: 23+4.5=27.50, 32-7=25",
  // what a password is made of, hashed with or how it was handled; passes of a review or a tool
  "the password was updated to AES-256 encryption",
  "password got changed to sha512 hashing, password has been changed to v3-format",
  "Password - 12chars minimum; password – SHA256 hashed; passphrase - 4words",
  "Code review pass: PR#1234, First pass: step1-cleanup",
  "CI pass: build#4521 and mypy pass: src/app2, lint pass: 0errors",
  // references to secrets, not secrets
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell reference, on purpose
  "password: ${DB_PASSWORD}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions reference, on purpose
  "token: ${{ secrets.GITHUB_TOKEN }}",
  "api_key: OPENAI_API_KEY",
  "api_key = os.environ['OPENAI_API_KEY']",
  "password: string;",
  "PWD=/home/agent/work",
  "echo $PW | docker login --password-stdin registry.io",
  'curl -H "Authorization: Bearer $API_TOKEN" https://api.example.com',
  // commands and URLs that merely look like the forms
  "mkdir -p build && ssh -p 2222 deploy@10.0.0.5",
  "open http://localhost:8080/admin and git@github.com:org/repo.git",
  "HTTP Basic authentication is disabled",
  "AKIAIOSFODNN7EXAMPLE",
  // prose in Russian after a password's label: "at least 8 characters", "kept in the vault", "none" (a Russian word of
  // state is one after a Russian label: after an English one it is a word like any other)
  "password: не менее 8 символов",
  "Пароль: хранится в vault, пароль: не менее 8 символов",
  "пароль: нет",
];

describe("redactSecrets: look-alikes", () => {
  it.each(LOOK_ALIKES)("keeps %j", async (text) => {
    expect(await redactSecrets(text)).toEqual({ text, count: 0, kinds: [] });
  });
});

describe("redactSecrets: idempotence", () => {
  const secrets = [
    ...SECRET_PATTERNS.map((row) => row.examples.positive),
    `key ${fake("sk-ant-api03-", 93)}AA`,
    "postgres://admin:s3cr3tPass@db.internal:5432/app",
  ];

  it("redacting already-redacted text changes nothing and counts 0", async () => {
    const once = await redactSecrets(secrets.join("\n"));
    expect(once.count).toBeGreaterThanOrEqual(secrets.length);
    expect(await redactSecrets(once.text)).toEqual({ text: once.text, count: 0, kinds: [] });
  });

  it("holds for any mix of secrets, look-alikes and separators", async () => {
    const piece = fc.constantFrom(...secrets, ...LOOK_ALIKES, " ", "\n", ": ", "=", "|", '"', "password ", "token is ", "-p ");
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 12 }), async (pieces) => {
        const text = pieces.join("");
        const once = await redactSecrets(text);
        expect(once.text.split("\n")).toHaveLength(text.split("\n").length);
        const twice = await redactSecrets(once.text);
        expect(twice.text).toBe(once.text);
        expect(twice.count).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});

// What a sample or a template asks to put there is words of one case with no digit, after `your` or `my` or before
// `here`; with a digit or both cases it is a credential, whatever its kind, and goes whole.
const TEMPLATES: string[] = [
  "api_key=your-api-key-here",
  "token: my_token",
  "password: your_password",
  "API_KEY=YOUR_API_KEY_HERE",
  "Authorization: Bearer your-token-here",
];
const CREDENTIALS: [string, string][] = [
  ["Authorization: Bearer my-9f8e7d6c5b4a3f2e1d0c9b8a", "Authorization: Bearer [REDACTED:bearer-token]"],
  ["client_secret: your-9f8e7d6c5b4a3f2e1d0c9b8a", "client_secret: [REDACTED:secret]"],
  ["password=my-Secret-Pass-2024", "password=[REDACTED:password]"],
  ["password: my_dog_rex1", "password: [REDACTED:password]"],
  ["api_key=my_8f3a9c2e1b7d4a6f9c0e", "api_key=[REDACTED:api-key]"],
  ["DB_PASSWORD=Tr0ub4dor_here", "DB_PASSWORD=[REDACTED:password]"],
  ["secret_key=8f3a9c2e1b7d4a6f-here", "secret_key=[REDACTED:secret]"],
  ["GITHUB_TOKEN=my_ghp_1234567890abcdefghijklmnopqrstuvwxyz", "GITHUB_TOKEN=[REDACTED:github-token]"],
];

describe("redactSecrets: a template's placeholder, and a credential that starts or ends like one", () => {
  it.each(TEMPLATES)("leaves %s", async (text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });

  it.each(CREDENTIALS)("redacts %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });
});
