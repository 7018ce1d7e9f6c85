/**
 * Forms secretlint's recommended preset does not cover: generic `sk-` keys,
 * bearer tokens, env-style assignments and plain-language passwords.
 * Each pattern's group `value` (or the whole match) is what gets redacted.
 */
export interface SecretPattern {
  kind: string;
  pattern: RegExp;
}

export const SECRET_PATTERNS: SecretPattern[] = [
  { kind: "private-key", pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g },
  { kind: "anthropic-key", pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/g },
  { kind: "openai-key", pattern: /\bsk-(?:proj-|svcacct-|admin-|live-|test-)?[A-Za-z0-9_-]{20,}/g },
  { kind: "github-token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})\b/g },
  { kind: "slack-token", pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g },
  { kind: "slack-webhook", pattern: /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/_-]+/g },
  { kind: "aws-access-key", pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g },
  { kind: "google-api-key", pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { kind: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g },
  { kind: "bearer-token", pattern: /\bBearer\s+(?<value>[A-Za-z0-9._~+/=-]{16,})/g },
  { kind: "url-password", pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:@/]+:(?<value>[^\s@/]+)@/gi },
  {
    kind: "assigned-secret",
    pattern: /\b[A-Z][A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PWD)\s*[=:]\s*["']?(?<value>[^\s"'`]{6,})/g,
  },
  {
    // "password for staging is hunter2", "the db passphrase: x9!k"
    kind: "password",
    pattern: /\b(?:password|passwd|passphrase|pwd)\b[^\n.;]{0,40}?(?:\s(?:is|was)\s+|\s*(?:=|:|->)\s*)[`"']?(?<value>[^\s`"',;]{2,}[^\s`"',;.!?)])/gi,
  },
  {
    // "changed the password to Tr0ub4dor": after "to", only a value that looks like one.
    kind: "password",
    pattern: /\b(?:password|passwd|passphrase)\b[^\n.;]{0,40}?\sto\s+[`"']?(?<value>(?=[^\s`"',;]*[\d!@#$%^&*])[^\s`"',;]{3,}[^\s`"',;.!?)])/gi,
  },
  {
    // "the deploy token is 9f8e7d…", "api key: abcd1234…": a value shaped like a credential.
    kind: "token",
    pattern: /\b(?:token|secret|api[ _-]?key|access key)\b[^\n.;]{0,30}?\b(?:is|was|=|:)\s*[`"']?(?<value>(?=[^\s`"',;]*\d)(?=[^\s`"',;]*[A-Za-z])[^\s`"',;]{12,})/gi,
  },
];
