import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/logs/redact-secrets.js";
import { exampleSecret as fake } from "../../src/logs/secret-patterns.js";

// Forms from the public rule sets of secret scanners (gitleaks, trufflehog, GitHub's), and the
// markdown agents write credentials in. Each case is text and secrets in turn: the input joins
// them, the expected output puts each secret's marker in its place, so over-redaction fails too.
type Piece = string | { secret: string; kind: string };
const S = (secret: string, kind: string): Piece => ({ secret, kind });
const input = (pieces: Piece[]) => pieces.map((piece) => (typeof piece === "string" ? piece : piece.secret)).join("");
// A secret's line breaks stay, before its marker, so line numbers do not move.
const marker = (piece: { secret: string; kind: string }) => `${"\n".repeat(piece.secret.split("\n").length - 1)}[REDACTED:${piece.kind}]`;
const expected = (pieces: Piece[]) => pieces.map((piece) => (typeof piece === "string" ? piece : marker(piece))).join("");

const A = fake("", 42);
const H = fake("", 32, "hex");
// Lines of a PEM body: 64 characters of base64.
const K1 = `${fake("MIIEow", 56)}+/`;
const K2 = fake("", 64);
const K3 = `${fake("", 60)}/+Zx`;
// Mailgun's newer key: 32 hex, 8, 8.
const MG = `${H}-${fake("", 8, "hex")}-${fake("1", 7, "hex")}`;
// Longer than the 4,096 characters a value was once cut at.
const LONG = fake("", 5000);

const FOUND: [string, Piece[]][] = [
  [
    "a table whose header names the password column",
    ["| Service | User | Password |\n|---|---|---|\n| db | admin | ", S("Zebra7Lion", "password"), " |\n| cache | - | (none) |"],
  ],
  ["a table whose header names the key column", ["| Provider | API Key | Notes |\n|---|---|---|\n| weather | `", S(H, "token"), "` | in vault |"]],
  ["a key cell of several words", ["| AWS secret access key | ", S(fake("", 40), "secret"), " |\n| Access key | ", S(A, "secret"), " |"]],
  ["a value in a fence after its label", ["Here's the staging DB password:\n\n```\n", S("Zebra7Lion", "password"), "\n```"]],
  ["a label and its value quoted", ["> Password:\n> ", S("Zebra7Lion", "password")]],
  ["a key's name in inline code", ["the `api_key` is `", S(A, "token"), "`"]],
  ["a PuTTY key's private lines", ["Private-Lines: 2\n", S(`${A}\n${A}`, "private-key"), `\nPrivate-MAC: ${H}`]],
  ["a JSON Web Key's private member", [`{"kty":"EC","crv":"P-256","x":"${A}","d":"`, S(A, "private-key"), '"}']],
  [
    "a service account's JSON in base64",
    ["GOOGLE_CREDENTIALS_B64=", S(Buffer.from('{"type":"service_account","private_key":"k"}').toString("base64"), "private-key")],
  ],
  ["a JWT with a short payload", ["got ", S(`eyJhbGciOiJIUzI1NiJ9.eyJhIjoxfQ.${A}`, "jwt"), " back"]],
  ["an Entra ID client secret", ["client secret ", S(`Xy78Q~${fake("", 31)}`, "azure-key"), " issued"]],
  ["an Azure Functions key", ["https://fn.azurewebsites.net/api/hook?code=", S(`${fake("", 54)}==`, "azure-key")]],
  ["a Slack workflow webhook", [S(`https://hooks.slack.com/workflows/T01ABCDEF/A01ABCDEF/123456789012345678/${fake("", 24)}`, "slack-webhook")]],
  ["a Teams webhook", [S(`https://contoso.webhook.office.com/webhookb2/${fake("", 36)}@${fake("", 36)}/IncomingWebhook/${H}`, "teams-webhook")]],
  ["a Slack client token", ["cookie ", S(`xoxc-1234567890-${H}`, "slack-token")]],
  ["GitLab's other tokens", [S(`glimt-${fake("", 25)}`, "gitlab-token"), " ", S(`GR1348941${fake("", 20)}`, "gitlab-token")]],
  ["Vault's batch and legacy tokens", [S(`hvb.${fake("", 90)}`, "service-token"), " and ", S(`s.${fake("", 24)}`, "service-token")]],
  [
    "services' prefixes",
    [
      S(`ATBB${fake("", 32)}`, "service-token"),
      " ",
      S("pat-na1-3f2b9c1e-7a4d-4e8b-9c2f-1d6e5a7b8c90", "service-token"),
      " ",
      S(`NRII-${fake("", 32)}`, "service-token"),
      " ",
      S(`rubygems_${fake("", 48, "hex")}`, "service-token"),
      " ",
      S(`dckr_oat_${fake("", 32)}`, "service-token"),
      " ",
      S(`api_org_${fake("", 34)}`, "huggingface-token"),
      " ",
      S(`cfut_${fake("", 40)}`, "service-token"),
      " ",
      S(`HRKU-AA${fake("", 58)}`, "service-token"),
      " ",
      S(`LTAI${fake("", 20)}`, "service-token"),
    ],
  ],
  [
    "tokens found from a mark inside them",
    [
      S(`${fake("", 14)}.atlasv1.${fake("", 67)}`, "service-token"),
      " ",
      S(`${fake("", 76)}AZDO${fake("", 4)}`, "service-token"),
      " ",
      S(`${H}abcdNRAL`, "service-token"),
      " ",
      S(`${H}-us21`, "mailchimp-key"),
    ],
  ],
  ["keys in headers", ['curl -H "X-Auth-Key: ', S(H, "api-key"), '" -H "DD-APPLICATION-KEY: ', S(H, "api-key"), '"']],
  ["a PagerDuty routing key", ['{"routing_key": "', S(H, "api-key"), '", "event_action": "trigger"}']],
  [
    "passwords in SQL",
    ["ALTER USER 'app'@'%' IDENTIFIED BY '", S("Zebra7Lion", "password"), "';\nCREATE ROLE app WITH LOGIN PASSWORD '", S("Tr0ub4dor", "password"), "';"],
  ],
  [
    "Oracle's user/password",
    ["sqlplus system/", S("Zebra7Lion", "password"), "@//db:1521/ORCL\njdbc:oracle:thin:scott/", S("Tiger77x", "password"), "@db:1521:ORCL"],
  ],
  ["Redis", ["127.0.0.1:6379> AUTH default ", S("Zebra7Lion", "password"), "\nrequirepass ", S("Tr0ub4dor", "password")]],
  [
    "login calls",
    [
      'db.auth("admin", "',
      S("Zebra7Lion", "password"),
      '")\nsmtp.login("me@corp.com", "',
      S("Tr0ub4dor", "password"),
      '")\nds.setPassword("',
      S("Blue7Gold", "password"),
      '");',
    ],
  ],
  ["chpasswd and htpasswd", ["echo 'deploy:", S("Zebra7Lion", "password"), "' | chpasswd\nhtpasswd -b -c .htpasswd admin ", S("Tr0ub4dor", "password")]],
  ["SMB", ["smbclient //nas/share -U admin%", S("Zebra7Lion", "password"), "\nnet use \\\\srv\\share /user:corp\\admin ", S("Tr0ub4dor", "password")]],
  [
    "keystores and key passphrases",
    ["keytool -importkeystore -srcstorepass ", S("Zebra7Lion", "password"), "\nssh-keygen -t ed25519 -N '", S("Tr0ub4dor", "password"), "' -f k"],
  ],
  [
    "PHP and .NET settings",
    ["define('DB_PASSWORD', '", S("Zebra7Lion", "secret"), '\');\n<add key="ClearTextPassword" value="', S("Tr0ub4dor", "secret"), '" />'],
  ],
  ["a seed phrase", ['MNEMONIC="', S("abandon ability able about above absent absorb abstract absurd abuse access accident", "secret"), '"']],
  ["keys named for credentials", ["REDIS_AUTH=", S(A, "secret"), "\nSECURE_AUTH_SALT=", S(A, "secret"), "\nWIFI_PSK=", S(A, "secret")]],
  ["a secret piped to a store", ["echo ", S(A, "secret"), " | npx wrangler secret put API_KEY"]],
  [
    "a Kubernetes Secret's data, whatever its keys are named",
    [
      "```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ndata:\n  DATABASE_URL: ",
      S(Buffer.from("postgres://app:Zebra7Lion@db:5432/app").toString("base64"), "secret"),
      "\n  .dockerconfigjson: ",
      S(Buffer.from('{"auths":{}}').toString("base64"), "secret"),
      '\nstringData:\n  RAW_VALUE: "',
      S(A, "secret"),
      '"\n  ca.crt: |\n    ',
      S("line one of it", "secret"),
      "\n    ",
      S("line two", "secret"),
      "\ntype: Opaque\n```\n\ndata:\n  note: plain text after the manifest\n",
    ],
  ],
  // Passwords shaped like code are still passwords (a review of the first version found these left in clear).
  ["a password in camel case", ["the db password is ", S("topSecret", "password"), "\nPOSTGRES_PASSWORD=", S("topSecret", "password")]],
  ["a passphrase of dotted words", ["password: ", S("winter.is.coming", "password"), "\nAPI_TOKEN=", S("alpha.bravo.charlie", "token")]],
  [
    "passwords in URLs",
    ["postgres://app:", S("superSecret", "url-password"), "@db:5432/app redis://default:", S("winter.is.coming", "url-password"), "@cache:6379"],
  ],
  ["passwords in braces or after an at sign", ['{"password": "', S("{Zebra7Lion}", "password"), '"}\nDB_PASSWORD=', S("@dmin2024", "password")]],
  [
    "key/value table rows of any text",
    ["| api key | ", S("abcdefghijklmnop", "secret"), " |\n| client secret | `", S("s3cr3t9", "secret"), "` |\n| token | ", S("hunter two", "secret"), " |"],
  ],
  ["a client secret column", ["| Service | Client secret |\n|---|---|\n| app | ", S("Xk9#mP2q", "token"), " |"]],
  [
    "a Secret as kubectl prints it, data first",
    ["apiVersion: v1\ndata:\n  DATABASE_URL: ", S("cG9zdGdyZXM6Ly9hcHA6WmVicmE3", "secret"), "\nkind: Secret\nmetadata:\n  name: app\n"],
  ],
  [
    "a List of a Secret and a ConfigMap",
    [
      "items:\n- apiVersion: v1\n  data:\n    token: ",
      S("c2VjcmV0MTIz", "token"),
      "\n  kind: Secret\n- apiVersion: v1\n  data:\n    flags: new-ui,beta\n  kind: ConfigMap\nkind: List\n",
    ],
  ],
  [
    "htpasswd's arguments",
    ["htpasswd -nb admin ", S("Zebra7Lion", "password"), " > .htpasswd\nhtpasswd -b -c .htpasswd admin ", S("Tr0ub4dor", "password"), " 2>/dev/null"],
  ],
  ["every passphrase of ssh-keygen", ["ssh-keygen -p -P '", S("old7Pass", "password"), "' -N '", S("new7Pass", "password"), "' -f k"]],
  ["a CLI's login token", ["wandb login ", S(H, "token"), "\nngrok config add-authtoken ", S(A, "token")]],
  // A private key pasted without its BEGIN line: its base64 lines above its END line.
  ["a private key cut off before its BEGIN line", ["pasted the tail:\n", S(`${K1}\n${K2}\n${K3}==`, "private-key"), "\n-----END RSA PRIVATE KEY-----\nthen"]],
  [
    "headless keys of other kinds, as tools show them",
    [
      "```\n",
      S(`${K1}\n${K2}`, "private-key"),
      "\n-----END PRIVATE KEY-----\n```\n    12\t",
      S(`${K1}\n    13\tAAAA`, "private-key"),
      "\n    14\t-----END OPENSSH PRIVATE KEY-----\n> ",
      S(`${K2}\n> ${K3}`, "private-key"),
      "\n> -----END EC PRIVATE KEY-----\nkey: ",
      S(`${K3}\n${K1}`, "private-key"),
      "\n-----END ENCRYPTED PRIVATE KEY-----",
    ],
  ],
  ["a headless key on one line", [S(`${K1} ${K2} ${K3}`, "private-key"), " -----END RSA PRIVATE KEY-----"]],
  ["a private key cut off after its BEGIN line", [S(`-----BEGIN RSA PRIVATE KEY-----\n${K1}\n${K2}`, "private-key"), "\n(the rest scrolled away)"]],
  // Mailgun's newer keys have no prefix: found where Mailgun is named.
  [
    "Mailgun's newer keys",
    [
      "MAILGUN_API_KEY=",
      S(MG, "mailgun-key"),
      "\nmailgun key: ",
      S(MG, "mailgun-key"),
      "\ncurl -s --user 'api:",
      S(MG, "mailgun-key"),
      "' https://api.mailgun.net/v3/mg.example.com/messages\nhttps://api:",
      S(MG, "mailgun-key"),
      "@api.mailgun.net/v3\n## Mailgun\n- webhook signing key ",
      S(MG, "mailgun-key"),
      "\nold form: ",
      S(`key-${H}`, "mailgun-key"),
    ],
  ],
  // GFM: `\|` is a literal pipe inside a cell.
  [
    "escaped pipes in a table's cells",
    [
      "| db password | ",
      S("pa\\|ss\\|word99", "password"),
      " |\n| staging | DB_PASSWORD | `",
      S("x\\|Zebra7", "password"),
      "` | note |\n| api key | ",
      S(`${H}\\|x`, "secret"),
      " |\n| Service | Password |\n|---|---|\n| db | ",
      S("pa\\|ss\\|word99", "password"),
      " |\n\n| cache | `password=",
      S("a\\|b9", "password"),
      "` |",
    ],
  ],
  // Quoted values are taken whole at any length; a bare one past the longest a match takes, to its end.
  ["long quoted values", ['password = "', S(LONG, "password"), "\"\napi_key: '", S(LONG, "api-key"), '\'\n{"client_secret": "', S(LONG, "secret"), '"}']],
  ["a long bare value", ["AWS_SESSION_TOKEN=", S(LONG, "token"), " and password=", S(LONG, "password"), "\nnext line"]],
  ["long quoted values after other labels", ['Passwort: "', S(`7${LONG}`, "password"), "\"\ndefine('AUTH_KEY', '", S(LONG, "secret"), "');"]],
  // Passwords in other alphabets than Latin's.
  [
    "passwords of Cyrillic letters",
    [
      "пароль: ",
      S("ЗолотаяРыбка", "password"),
      "\nПароль — ",
      S("ЗолотаяРыбка", "password"),
      '\nпароль от почты: "',
      S("КрасныйЯблоко", "password"),
      '"\n| пароль | ',
      S("ЗолотаяРыбка", "password"),
      " |\npassword: ",
      S("ЗолотаяРыбка", "password"),
      "\nDB_PASSWORD=",
      S("КрасныйЯблоко", "password"),
      "\nPassword - ",
      S("Золото7Рыбка", "password"),
      "\nthe admin password ",
      S("Золото7Рыбка", "password"),
      " was rotated",
    ],
  ],
  // Words of prose follow in their own alphabet: a value given with `=`, or followed by English, is a password.
  [
    "lowercase Cyrillic and Greek passwords with words after them",
    [
      "mysql -u root --password=",
      S("секретный", "password"),
      " mydb\nDB_PASSWORD=",
      S("йцукенгш", "password"),
      " npm run migrate\npassword=",
      S("μυστικόκλειδί", "password"),
      " then restart\npassword: ",
      S("йцукенгш", "password"),
      " for the staging db",
    ],
  ],
  // A password's `!` or `?` glued to it is its own, in every row (a sentence's full stop or bracket is not).
  ["a login pair's glued `!`", ["login: admin / ", S("Sommer2024!", "password"), ". Rotate it"]],
  ["a pair's `!!` before a comma", ["creds: admin/", S("Zebra7Lion!!", "password"), ", staging"]],
  ["a pw's glued `!`", ["root pw is ", S("hunter2!", "password"), ", ask Dana"]],
  ["a password set to a value with `!`", ["changed the password to ", S("Blue7Gold!", "password"), " today"]],
  ["a dash's password with `!`", ["Password - ", S("Dash456Pw!", "password")]],
  ["a bare pass's password with `!`", ["admin login, pass: ", S("Zebra$Lion99!", "password")]],
  ["a word after prose, with `!`", ["Password: use ", S("Tr0ub4dor&3!", "password"), ")"]],
  ["a glued `?`, as after a label", ["is the pw ", S("hunter2?", "password"), "\npassword: ", S("hunter2?", "password")]],
];

const LEFT: [string, string][] = [
  // A sentence's `!` after prose makes no password of it.
  ["prose with `!` after a dash and a pass", "Password - done!\nCI pass: green!\nFirst pass: cleanup done!"],
  [
    "words and digests above a key's END line",
    `It stopped at the internationalization -----END RSA PRIVATE KEY-----\nConfigurationManagerFactory\n-----END PRIVATE KEY-----\n${fake("", 64, "hex")}\n-----END RSA PRIVATE KEY-----`,
  ],
  ["a branch named like a key", "git checkout -b sk-1423-fix-payment-webhook-retry-logic"],
  ["a member access", "await db.insert(users).values({ email, password: req.body.password })"],
  ["tokenizer settings", "tokenizer.pad_token = tokenizer.eos_token"],
  ["a header read in code", "const token = req.headers.authorization?.split(' ')[1];"],
  ["a config call", "secret: configService.get<string>('JWT_SECRET'),"],
  ["an option with a default", "apiKey: options.apiKey ?? defaultApiKey,"],
  ["Terraform references", "password = var.db_password\npassword = random_password.db.result"],
  ["SQL parameters", "UPDATE users SET password = $1 WHERE id = $2"],
  ["a template's fields in a URL", 'f"postgres://{user}:{password}@{host}/db"'],
  ["rules after a label", "Password: min 8 characters, one digit\nPassword: unchanged since March"],
  ["a long user name in a URL", "ssh://deploy-bot-runner-2024@build01.corp.example"],
  ["AWS's documented example secret", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"],
  ["tables of notes", "| Access key | rotate monthly |\n\n| Key | Action |\n|--|--|\n| Ctrl+C | copy |"],
  ["a password column that holds notes", "| Service | Password |\n|---|---|\n| db | (in vault) |\n| cache | - |"],
  ["a JSON Web Key's public members", `{"kty":"EC","crv":"P-256","x":"${A}","y":"${A}"}`],
  ["a Redis error", "AUTH failed for the default user"],
  ["a keystore password read from the environment", "keytool -list -storepass:env STORE_PASS"],
  ["PHP settings that are no secret", "define('DB_NAME', 'wordpress');"],
  ["a seed phrase setting in prose", 'mnemonic: "use the first letters"'],
  ["a ConfigMap's data", "kind: ConfigMap\ndata:\n  LOG_LEVEL: debug\n  REGION: eu-west-1\n"],
  ["a Secret's data given by reference", "kind: Secret\nstringData:\n  DB_PASSWORD: $(DB_PASSWORD)\n"],
  ["a test table's pass column", "| Suite | Pass | Fail |\n|---|---|---|\n| unit | 1234 | 0 |\n| Pass | Time |\n|---|---|\n| inline-functions | 3s |"],
  ["a lexer's token column", '| Lexeme | Token |\n|---|---|\n| "x" | tok_string_lit2 |'],
  ["a scheme named in prose", "Bearer TokenAuthenticationMiddlewareHandler and Bearer authentication_is_required_here"],
  ["WordPress's placeholder", "define('AUTH_KEY', 'put your unique phrase here');"],
  ["a ConfigMap after a Secret", "kind: Secret\nmetadata: {}\n---\nkind: ConfigMap\ndata:\n  LOG_LEVEL: debug\n"],
  ["settings named for auth", "OAUTH_PROVIDER=github-enterprise-2024, AUTH_MODE=oauth2"],
  [
    "an END line after words and paths",
    "Notes\nsrc/keys/server.pem\ndone\n-----END RSA PRIVATE KEY-----\nthe file ends with -----END PRIVATE KEY----- and that is all",
  ],
  ["a certificate without its BEGIN line", `${K1}\n${K2}\n-----END CERTIFICATE-----`],
  ["a Mailgun-shaped string where Mailgun is not named", `build ${MG} of the mail service, request 123e4567-e89b-12d3-a456-426614174000`],
  ["an escaped pipe in a table of notes", "| Key | Action |\n|---|---|\n| a \\| b | done |"],
  ["Cyrillic words after a password's label", "пароль: отсутствует\nПароль ВКонтакте сменил\nпароль: не менее 8 символов"],
  ["rules with a number after a password's label", "password: минимум 8 символов\npassword: от 8 символов\npassword: τουλάχιστον 8 χαρακτήρες"],
];

describe("redactSecrets: scanners' forms and markdown", () => {
  it.each(FOUND)("redacts %s", async (_name, pieces) => {
    expect((await redactSecrets(input(pieces))).text).toBe(expected(pieces));
  });

  it.each(LEFT)("leaves %s", async (_name, text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });

  it("redacts every row of a long table, and no cell of the next table", async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `| host${i} | admin | Zebra${i}Lion |`).join("\n");
    const result = await redactSecrets(`| Host | User | Password |\n|---|---|---|\n${rows}\n\n| Host | Owner |\n|---|---|\n| db | Dana7Lee |\n`);
    expect(result.count).toBe(20_000);
    expect(result.text).toContain("| host19999 | admin | [REDACTED:password] |\n\n| Host | Owner |\n|---|---|\n| db | Dana7Lee |");
  });

  // Each secret's line was read back to its start to see whether a terminal had wrapped it: a line of them cost its square.
  it("redacts every token of a long line, and no more", async () => {
    // 80,000 tokens: a second or two read once each, minutes read back to the line's start each time.
    const tokens = Array.from({ length: 80_000 }, (_, i) => `ghp_${fake(String(i), 36 - String(i).length)}`);
    const result = await redactSecrets(`${tokens.join(" ")}\nnext line`);
    expect(result.count).toBe(80_000);
    expect(result.text).toBe(`${Array(80_000).fill("[REDACTED:github-token]").join(" ")}\nnext line`);
  });
});
