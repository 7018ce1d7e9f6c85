import { lintSource } from "@secretlint/core";
import { creator as recommendedPreset } from "@secretlint/secretlint-rule-preset-recommend";
import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/logs/redact-secrets.js";
import { exampleSecret as fake } from "../../src/logs/secret-patterns.js";

const PREFIX = "@secretlint/secretlint-rule-";

// 1Password service-account tokens are `ops_` + base64 of a JSON object ending in `}` (→ `fQ==`).
function onePasswordToken(): string {
  let json = JSON.stringify({ email: "agent@1passwordserviceaccounts.lcl", secretKey: fake("A3-", 34), srpX: fake("", 64, "hex") });
  while (json.length % 3 !== 1) json = json.replace("{", '{"p":0,');
  return `ops_${Buffer.from(json).toString("base64")}`;
}

const pemBody = `MIIEpAIBAAKCAQEA${fake("", 64)}\n${fake("", 64)}\n${fake("", 40)}`;
const pem = `-----BEGIN RSA PRIVATE KEY-----\n${pemBody}\n-----END RSA PRIVATE KEY-----`;
const serviceAccount = JSON.stringify({ type: "service_account", private_key_id: fake("", 40, "hex"), private_key: `${pem}\n` }, null, 2);

/** One sample per message each recommended rule reports by default: rule, message, file it is in, text, the secret in it. */
const SAMPLES = [
  { rule: "aws", messageId: "AWSSecretAccessKey", filePath: "log.md", text: `AWS_SECRET_ACCESS_KEY=${fake("", 40)}`, secret: fake("", 40) },
  { rule: "gcp", messageId: "PrivateKeyJSON", filePath: "service-account.json", text: serviceAccount, secret: fake("", 64) },
  { rule: "privatekey", messageId: "PrivateKey", filePath: "log.md", text: `key:\n${pem}\nend`, secret: fake("", 64) },
  { rule: "npm", messageId: "NPM_ACCESS_TOKEN", filePath: "log.md", text: `publish with ${fake("npm_", 36)}`, secret: fake("npm_", 36) },
  {
    rule: "npm",
    messageId: "Npmrc_authToken",
    filePath: ".npmrc",
    text: `//registry.npmjs.org/:_authToken=${fake("", 36, "hex")}`,
    secret: fake("", 36, "hex"),
  },
  {
    rule: "npm",
    messageId: "PackageJSON_xOauthToken",
    filePath: "package.json",
    text: `{"repository": "https://${fake("", 40, "hex")}:x-oauth-basic@github.com/org/repo.git"}`,
    secret: fake("", 40, "hex"),
  },
  { rule: "basicauth", messageId: "BasicAuth", filePath: "log.md", text: "hook https://deploy:s3cr3tPass@ci.example.com/hook", secret: "s3cr3tPass" },
  { rule: "slack", messageId: "SLACK_TOKEN", filePath: "log.md", text: `bot ${fake("xoxb-1234567890-", 24)}`, secret: fake("xoxb-1234567890-", 24) },
  {
    rule: "slack",
    messageId: "IncomingWebhook",
    filePath: "log.md",
    text: `post https://hooks.slack.com/services/T0123ABCD/B0456EFGH/${fake("", 24)}`,
    secret: fake("", 24),
  },
  { rule: "sendgrid", messageId: "SENDGRID_KEY", filePath: "log.md", text: `mail ${fake("SG.", 22)}.${fake("", 43)}`, secret: fake("", 43) },
  { rule: "shopify", messageId: "SHOPIFY_KEY", filePath: "log.md", text: `shop ${fake("shpat_", 32, "hex")}`, secret: fake("shpat_", 32, "hex") },
  { rule: "github", messageId: "GITHUB_TOKEN", filePath: "log.md", text: `token ${fake("ghp_", 36)}`, secret: fake("ghp_", 36) },
  { rule: "github", messageId: "GITHUB_TOKEN", filePath: "log.md", text: `fine ${fake("github_pat_", 82)}`, secret: fake("github_pat_", 82) },
  {
    rule: "openai",
    messageId: "OPENAI_TOKEN",
    filePath: "log.md",
    text: `key ${fake("sk-proj-", 74)}T3BlbkFJ${fake("", 74)}`,
    secret: `T3BlbkFJ${fake("", 74)}`,
  },
  {
    rule: "anthropic",
    messageId: "ANTHROPIC_API_KEY",
    filePath: "log.md",
    text: `key ${fake("sk-ant-api03-", 93)}AA`,
    secret: `${fake("sk-ant-api03-", 93)}AA`,
  },
  { rule: "linear", messageId: "LINEAR_API_TOKEN", filePath: "log.md", text: `linear ${fake("lin_api_", 40)}`, secret: fake("lin_api_", 40) },
  { rule: "1password", messageId: "OPS_TOKEN", filePath: "log.md", text: `OP ${onePasswordToken()}`, secret: onePasswordToken() },
  {
    rule: "database-connection-string",
    messageId: "MongoDBConnection",
    filePath: "log.md",
    text: "db mongodb+srv://app:s3cr3tPass@cluster0.example.net/app",
    secret: "s3cr3tPass",
  },
  {
    rule: "database-connection-string",
    messageId: "MySQLConnection",
    filePath: "log.md",
    text: "db mysql://app:s3cr3tPass@db.internal:3306/app",
    secret: "s3cr3tPass",
  },
  {
    rule: "database-connection-string",
    messageId: "PostgreSQLConnection",
    filePath: "log.md",
    text: "db postgres://admin:s3cr3tPass@db.internal:5432/app",
    secret: "s3cr3tPass",
  },
];

const config = { rules: [{ id: recommendedPreset.meta.id, rule: recommendedPreset }] };

describe("secretlint recommended rules", () => {
  it("has a sample for every detecting rule of the preset", () => {
    const ids = recommendedPreset.rules.map((rule) => rule.meta.id.replace(PREFIX, ""));
    // filter-comments finds nothing itself: it only hides findings, and is deliberately not run.
    const detecting = ids.filter((id) => id !== "filter-comments");
    expect(detecting).toHaveLength(ids.length - 1);
    expect(new Set(SAMPLES.map((sample) => sample.rule))).toEqual(new Set(detecting));
  });

  it.each(SAMPLES.map((sample) => [`${sample.rule} ${sample.messageId}`, sample] as const))(
    "%s: the sample triggers secretlint and is redacted",
    async (_name, sample) => {
      const linted = await lintSource({
        source: { filePath: sample.filePath, content: sample.text, contentType: "text", ext: sample.filePath.slice(sample.filePath.lastIndexOf(".")) },
        options: { config },
      });
      expect(linted.messages.map((message) => `${message.ruleId}:${message.messageId}`)).toContain(`${PREFIX}${sample.rule}:${sample.messageId}`);

      const redacted = await redactSecrets(sample.text);
      expect(redacted.count).toBeGreaterThanOrEqual(1);
      expect(redacted.text).not.toContain(sample.secret);
      expect(redacted.text.split("\n")).toHaveLength(sample.text.split("\n").length);
    },
  );

  it("is not switched off by a secretlint-disable comment inside a log", async () => {
    const text = `<!-- secretlint-disable -->\ntoken ${fake("ghp_", 36)}\n<!-- secretlint-enable -->`;
    const redacted = await redactSecrets(text);
    expect(redacted.text).not.toContain(fake("ghp_", 36));
    expect(redacted.kinds).toEqual(["github-token"]);
  });
});
