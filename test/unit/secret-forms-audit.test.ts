import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/logs/redact-secrets.js";
import { exampleSecret as fake } from "../../src/logs/secret-patterns.js";

// Forms a hostile audit of agents' logs found: env dumps, tools' flags, a secret a command prints, prompts.
// Each case is text and secrets in turn: the input joins them, the expected output puts each secret's
// marker in its place, so over-redaction fails too.
type Piece = string | { secret: string; kind: string };
const S = (secret: string, kind: string): Piece => ({ secret, kind });
const input = (pieces: Piece[]) => pieces.map((piece) => (typeof piece === "string" ? piece : piece.secret)).join("");
// A secret's line breaks stay, before its marker, so line numbers do not move.
const marker = (piece: { secret: string; kind: string }) => `${"\n".repeat(piece.secret.split("\n").length - 1)}[REDACTED:${piece.kind}]`;
const expected = (pieces: Piece[]) => pieces.map((piece) => (typeof piece === "string" ? piece : marker(piece))).join("");

const H64 = fake("", 64, "hex");
const GHP = fake("ghp_", 36);
const A40 = fake("", 40);
const H32 = fake("", 32, "hex");

const FOUND: [string, Piece[]][] = [
  // A long key's line is no terminal's wrap when the next line is an assignment of its own.
  [
    "an env dump's lines after a long key",
    ["$ env\nSECRET_KEY_BASE=", S(H64, "secret"), "\nNODE_VERSION=20.11.1\nGITHUB_TOKEN=", S(GHP, "github-token"), "\nPATH=/usr/bin"],
  ],
  // A password given to a tool: Azure's CLI, HTTPie, and curl's quoted with a space in it.
  ["az login's password", ["az login --service-principal -u app -p ", S("Zebra7Lion", "password"), " --tenant t"]],
  ["HTTPie's credentials", ["http --auth admin:", S("Zebra7Lion", "password"), " GET https://x\nhttp -a=admin:", S("Zebra7Lion", "password"), " https://x"]],
  ["curl's quoted credentials", ['curl -u "admin:', S("Zebra Lion7", "password"), '" https://x']],
  // A secret a command printed, alone on the next line.
  [
    "secrets printed by the commands that read them",
    [
      "$ op read op://Private/db/password\n",
      S("Zebra7Lion!", "secret"),
      "\n$ vault kv get -field=password secret/db\n",
      S("Zebra7Lion", "secret"),
      "\n$ kubectl get secret db -o jsonpath='{.data.password}' | base64 -d\n",
      S("Zebra7Lion", "secret"),
      "\n$ security find-generic-password -s github -w\n",
      S(GHP, "github-token"),
      "\n$ heroku auth:token\n",
      S("1a2b3c4d-1a2b-4c3d-8e9f-1a2b3c4d5e6f", "secret"),
      "\n$ echo $DB_PASSWORD\n",
      S("Zebra7Lion", "secret"),
      "\n$ printenv STRIPE_API_KEY\n",
      S(fake("", 32), "secret"),
      "\n$ ls",
    ],
  ],
  // ssh's prompt for a key's passphrase, answered in the log.
  [
    "a passphrase after ssh's prompt",
    [
      "Enter passphrase for /home/u/.ssh/id_ed25519: ",
      S("Zebra7Lion", "password"),
      "\nEnter passphrase for key '/home/u/.ssh/id_rsa': ",
      S("Tiger8Moon", "password"),
    ],
  ],
  // A column headed `pass` beside a user's column.
  ["a table of users and passes", ["| user | pass |\n|---|---|\n| admin | ", S("Zebra7Lion", "password"), " |\n| ci | (in vault) |"]],
  // Passwords given to more tools, and sent to a password prompt by a script.
  [
    "passwords given to tools",
    [
      'ldapsearch -x -D "cn=admin,dc=x" -w ',
      S("Zebra7Lion", "password"),
      " -b dc=x\nnet user admin ",
      S("Zebra7Lion", "password"),
      " /add\nrabbitmqctl add_user app ",
      S("Zebra7Lion", "password"),
      "\nmosquitto_pub -u me -P ",
      S("Zebra7Lion", "password"),
      " -t x\nunrar x -p",
      S("Zebra7Lion", "password"),
      " a.rar\nmc alias set s3 https://s3.example.com minio ",
      S(fake("", 40), "secret"),
    ],
  ],
  [
    "what a script sends to a password prompt",
    [
      'expect "password:"\nsend "',
      S("Zebra7Lion", "password"),
      '\\r"\nexpect "*assword*" { send "',
      S("Tiger8Moon", "password"),
      "\\r\" }\nchild.expect('Password:')\nchild.sendline('",
      S("Zebra7Lion", "password"),
      "')",
    ],
  ],
  // Passwords in code: HTTP basic auth in Python, PowerShell's secure strings.
  [
    "passwords in code",
    [
      'requests.get(url, auth=("admin", "',
      S("Zebra7Lion", "password"),
      "\"))\nauth=HTTPBasicAuth('admin', '",
      S("Zebra7Lion", "password"),
      "')\n$pw = ConvertTo-SecureString \"",
      S("Zebra7Lion", "password"),
      '" -AsPlainText -Force',
    ],
  ],
  // Config files: a YAML block scalar's value, WireGuard's preshared key, OpenVPN's static key.
  [
    "secrets in config files",
    [
      "db:\n  password: |\n    ",
      S("Zebra7Lion", "password"),
      "\n  token: >-\n    ",
      S(A40, "token"),
      "\n[Peer]\nPublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=\nPresharedKey = ",
      S(`${fake("", 43)}=`, "secret"),
      "\n<tls-auth>\n",
      S(`-----BEGIN OpenVPN Static key V1-----\n${H32}\n${H32}\n-----END OpenVPN Static key V1-----`, "secret"),
      "\n</tls-auth>",
    ],
  ],
];

const LEFT: [string, string][] = [
  ["config that names its secrets' files", "db:\n  password: |\n    see vault\ntls-auth ta.key 1\nPublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg="],
  ["passwords code reads from elsewhere", 'requests.get(url, auth=("admin", password))\n$pw = ConvertTo-SecureString $env:PW -AsPlainText -Force'],
  ["tools asked for a password, and prose", 'ldapsearch -x -W -b dc=x\nnet user admin * /add\nthe net user base grew\nexpect "$ "\nsend "ls\\r"'],
  ["a test table's pass column", "| Suite | Pass | Fail |\n|---|---|---|\n| unit | 1234 | 0 |"],
  ["prose about a password for a path", "the password for /api/login: required, passwords in /etc/shadow: hashed"],
  [
    "what commands print that is no secret",
    "$ echo $MAX_TOKENS\n4096\n$ echo $PWD\n/home/dana/app\n$ vault kv get secret/db\n====== Data ======\n$ op item get db\nID: abc\n$ echo $TOKEN\nnull",
  ],
  ["a URL before a flag", "see https://example.com -a admin:x and curl --user-agent Mozilla:5 https://x"],
  ["an env dump of no secret", `GIT_COMMIT=${fake("", 40, "hex")}\nNODE_VERSION=20.11.1\nBUILD_ID=build-2026-03-04-1a2b3c\nPATH=/usr/bin`],
];

describe("redactSecrets: forms from the audit", () => {
  it.each(FOUND)("redacts %s", async (_name, pieces) => {
    expect((await redactSecrets(input(pieces))).text).toBe(expected(pieces));
  });

  it.each(LEFT)("leaves %s", async (_name, text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });
});

// The eighteenth pass's audit: the English word for a password in another language's sentence, a scheme's name in
// JSON, a label glued to a URL's next parameter.
const FOUND_18: [string, Piece[]][] = [
  ["English `password` in a German sentence", ["Das Password für den Server ist ", S("Zebra7Lion", "password")]],
  ["English `password` in an Italian sentence", ["La password del server è ", S("Girasole88", "password")]],
  ["a token scheme in JSON, its name kept", ['"Authorization": "Token ', S("9a8b7c", "token"), '"']],
];

const LEFT_18: [string, string][] = [
  ["a search for a password's label", "https://example.com/search?q=password&page=2 and ?q=passwort&page=2"],
  ["English `password` in a German rule", "Das Password muss mindestens 12 Zeichen haben"],
];

describe("redactSecrets: forms from the eighteenth pass's audit", () => {
  it.each(FOUND_18)("redacts %s", async (_name, pieces) => {
    expect((await redactSecrets(input(pieces))).text).toBe(expected(pieces));
  });

  it.each(LEFT_18)("leaves %s", async (_name, text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });
});
