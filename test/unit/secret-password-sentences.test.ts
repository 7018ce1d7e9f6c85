import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/logs/redact-secrets.js";

const R = "[REDACTED:password]";

// A password stated in a sentence the way notes say it: a long phrase before its verb, verbs that change it, the
// password named again a few words on, codes that open a door, and the same in other languages.
const SENTENCES: [string, string][] = [
  // A phrase of several words between the label and the verb.
  ["the wifi password for the guest network upstairs is Tr0ub4dor&3", `the wifi password for the guest network upstairs is ${R}`],
  [
    "the password for the printer on the second floor near the kitchen is Printy#2291",
    `the password for the printer on the second floor near the kitchen is ${R}`,
  ],
  ["the passwords we use on the lab boxes are Lab#2024", `the passwords we use on the lab boxes are ${R}`],
  ["staging VPN passphrase became Sk7-horse after the audit", `staging VPN passphrase became ${R} after the audit`],
  // Verbs that give a password its value, and the plural.
  ["the passwords were rotated to Hunter2024! yesterday", `the passwords were rotated to ${R} yesterday`],
  ["the password got reverted to Blue2024! after the incident", `the password got reverted to ${R} after the incident`],
  ["the password was rolled back to Autumn2023!", `the password was rolled back to ${R}`],
  ["the shared finance password was changed yesterday to Ledger#Q4-2024", `the shared finance password was changed yesterday to ${R}`],
  ["Passwords for the training VMs were all set to Train1ng! for the day", `Passwords for the training VMs were all set to ${R} for the day`],
  ["Changed Grandma's email password from her birthday to Roses$Garden8", `Changed Grandma's email password from her birthday to ${R}`],
  ["Hetzner robot account: pw was reset to Hetzn3r!Rb0t", `Hetzner robot account: pw was reset to ${R}`],
  ["the portal password turned out to be Acme@Portal#1 after all", `the portal password turned out to be ${R} after all`],
  // The password named again on the same line.
  ["rotated the staging admin password; the new one is Blue2024!", `rotated the staging admin password; the new one is ${R}`],
  ["Reset Tom's AD password. New one: Blue$Heron42 (must change at next login)", `Reset Tom's AD password. New one: ${R} (must change at next login)`],
  ["Rotated the Splunk admin pw, old one leaked; current: Spl#nk-Admin-77", `Rotated the Splunk admin pw, old one leaked; current: ${R}`],
  ["changed the root password, it's now Tr0ub4dor&3.", `changed the root password, it's now ${R}.`],
  ["changed the NAS admin password; the new one is `v8Qm-r2Lp-77xz`", `changed the NAS admin password; the new one is \`${R}\``],
  // An arrow for a sign, and a word of state that says which one.
  ["pw for the Hetzner robot account -> H3tzner!Robot", `pw for the Hetzner robot account -> ${R}`],
  ["password for the team's shared Figma: Figma#Design22 (Lena owns it)", `password for the team's shared Figma: ${R} (Lena owns it)`],
  // Codes that open something: digits alone.
  ["Alarm system PIN is now 7391 (installer changed it)", `Alarm system PIN is now ${R} (installer changed it)`],
  ["Door passcode for the server room got changed to 48213 — tell facilities", `Door passcode for the server room got changed to ${R} — tell facilities`],
  ["set the kiosk unlock code to 5529 and tested it", `set the kiosk unlock code to ${R} and tested it`],
  ["Safe combination in the office is 31-17-08", `Safe combination in the office is ${R}`],
  ["The code for the bike storage room door is 3690.", `The code for the bike storage room door is ${R}.`],
  ["the alarm code is still 5521 until facilities changes it", `the alarm code is still ${R} until facilities changes it`],
  // Other languages.
  ["Das Passwort für die Nextcloud-Instanz von Herrn Maier ist jetzt Maier@Cloud9.", `Das Passwort für die Nextcloud-Instanz von Herrn Maier ist jetzt ${R}.`],
  ["Das WLAN-Passwort in der Wohnung in Hamburg ist immer noch Elbblick2019", `Das WLAN-Passwort in der Wohnung in Hamburg ist immer noch ${R}`],
  ["Ich habe das Passwort für den Gastzugang auf Gast@Wien22 geändert.", `Ich habe das Passwort für den Gastzugang auf ${R} geändert.`],
  ["Die PIN für das Diensthandy ist 4711, hat mir Jana gesagt.", `Die PIN für das Diensthandy ist ${R}, hat mir Jana gesagt.`],
  ["Le mot de passe du routeur a été remis à Livebox#2022 après la panne.", `Le mot de passe du routeur a été remis à ${R} après la panne.`],
  ["J'ai changé le mot de passe de la box, le nouveau est Papi2llon", `J'ai changé le mot de passe de la box, le nouveau est ${R}`],
  ["Code PIN de la carte SIM de secours : 2748", `Code PIN de la carte SIM de secours : ${R}`],
  ["Il codice della porta del magazzino è stato cambiato in 1359.", `Il codice della porta del magazzino è stato cambiato in ${R}.`],
  ["Troquei a senha do roteador; a nova é Borb0leta!", `Troquei a senha do roteador; a nova é ${R}`],
  ["Türcode ist 7391", `Türcode ist ${R}`],
  ["el código de la alarma es 2748", `el código de la alarma es ${R}`],
  ["le mot de passe a été changé pour Livebox#2022", `le mot de passe a été changé pour ${R}`],
  // Emphasis around the label, words between the verb and its value.
  ["the **password** for the lab box is Zebra7!", `the **password** for the lab box is ${R}`],
  ["**the password for the lab box is** Zebra7!", `**the password for the lab box is** ${R}`],
  ["the password has now been changed to Zebra7!", `the password has now been changed to ${R}`],
  ["the password was changed on Monday to Zebra7!", `the password was changed on Monday to ${R}`],
  ["the lockbox code was changed yesterday to 7391", `the lockbox code was changed yesterday to ${R}`],
  ["the safe combo is 31-17-08", `the safe combo is ${R}`],
  // A passphrase of words in quote marks after a phrase.
  ['The passphrase for the backup encryption key is "orange tractor whispers loudly"', `The passphrase for the backup encryption key is "${R}"`],
  ["the passphrase for my SSH key (work laptop) is still 'seven purple elephants dance'", `the passphrase for my SSH key (work laptop) is still '${R}'`],
  // A glued `!` goes with the value it ends; an arrow, `'s now`, a card's PIN, a safe's combination.
  ["changed the wifi password; it's now Sunny1!", `changed the wifi password; it's now ${R}`],
  ["password → Blue7Gold", `password → ${R}`],
  ["the router password's now bluefalcon42", `the router password's now ${R}`],
  ["voicemail pin: 7391", `voicemail pin: ${R}`],
  ["the combination for the safe is 4821", `the combination for the safe is ${R}`],
  // Named again after a line that says it changed: letters and digits are enough.
  ["changed the wifi password, it's now sunflower77", `changed the wifi password, it's now ${R}`],
  ["the wifi password changed again, current: sunflower77", `the wifi password changed again, current: ${R}`],
  ["reset the admin password, temp one: welcome123", `reset the admin password, temp one: ${R}`],
  ["password reset done — it's now qwerty123", `password reset done — it's now ${R}`],
  // A user and the password it took, in prose.
  ["creds are admin/Blue7Gold", `creds are admin/${R}`],
  ["log in as admin with Blue7Gold", `log in as admin with ${R}`],
  ["logged in as root using password Tr0ub4dor&3", `logged in as root using password ${R}`],
];

// Prose about a password, a PIN or a code with nothing secret in it.
const PROSE: string[] = [
  "the password for the team was moved to 1Password",
  "passwords were reset to force re-login",
  "the password was mistyped twice before lockout",
  "the password manager for the whole team is 1Password",
  "the password reset for the three users is JIRA-1234",
  "password reset shipped, it's now v2.1 and the new one is SHA-256 based",
  "the password policy: it is now 12chars, it's now 10pm",
  "the password for the team is at 10:30am",
  "the PIN is 4 digits; pin the version: v1.2.3",
  "the door code changed on 2024-11-03; the PIN is in the vault",
  "changed the root password, it's now in the break-glass envelope",
  "the error code for the login page is 5001",
  "Das Passwort wurde in Vault2 gespeichert",
  "le mot de passe a été changé à 10:30",
  "la contraseña se cambió a las 9",
  "la PIN ha cambiato in 2024.11",
  // Lines of code, ports, regulations, pins of a chip.
  "the code for the office page is 4000 lines",
  "lock code is 2000 lines of rust",
  "the code for the safe-mode handler is 8080",
  "the building code is IBC-2021",
  "the access code in OAuth is single-use2",
  "the chip enable PIN is GPIO23",
  // After a password named a few words back, what has a name's or a ticket's shape, not a password's.
  "fixed the password bug; it's now PR-1234",
  "the password reset ticket; current: OPS-771",
  "password hashing is slow; it's now 1500ms",
  "password manager updated; the new one is auth-svc-v2",
  "ran pwd, it's now build2",
  "pw test shard 3 is red; the new one is shard4",
  "la page mot de passe a été passée à React18",
  "la password policy è stata cambiata in NIST-800",
  "the password field label is 'Enter your password'",
  // Measures, prices, channels, people, settings, packages and names after a password named a few words back.
  "Password hash verify p99 was 310ms, it's now ~45ms.",
  "Password manager subscription renewed — it's now $59.88/yr",
  "Moved the password alerts channel; the new one is #sec-alerts",
  "Password reset reviewer changed; the new one is @carol",
  "Password policy check — current: minLength=8",
  "Bumped the password hashing lib, it's now argon2@0.40.1",
  "Refactored the password reset mailer; the new one is ResetMailerV2",
  "Password service image rebuilt, it's now Node20-alpine",
  // Codes of programs, machines and places, not of locks.
  "The zip code for the apartment is 10115",
  "Error code for the door lock is 1003 (jammed bolt)",
  "Deployed code to the office kiosk: 2024.11.3 build",
  "UPS alarm code is 0142",
  "The thread-safe code is now 2400 SLOC",
  "MDM profile sets passcode to 6-digit alphanumeric",
  // A year or a time after a verb of change; a vault item's name; a count with a hyphen.
  "La contraseña se cambió en 2024 tras el incidente",
  "Le mot de passe a été changé à 14h30 par l'admin",
  "Stored the password in Bitwarden as prod-db-01",
  "The passwords for all service accounts were set to 32-char random strings",
  "Ran pwd as ubuntu-22 user",
  // A word after the label makes another thing of it, whatever changed.
  "changed the password hashing library, it's now bcryptjs2",
  "updated the password reset template, the new one is template3",
  "changed the password policy doc, it's now section4",
  "changed the password column, it's now varchar255",
  "The password reset flow was slow; it is now ~120ms end to end.",
  "the login flow / Dashboard2 redesign",
  "log in as admin with SSO2",
  "user: bob passed the test",
  // After a line that says a password changed, what a line names next is as often a port, a count, a name or a ticket.
  "rotated the redis password and moved the port; it's now 6380",
  "rotated the gpg passphrase and pushed the expiry, it's now 2027 instead of 2025",
  "rotated the db passwords; current: staging2, prod after lunch",
  "rotated the ldap password; current: ldap02.corp is primary",
  "changed the wifi password, the new one is RT-AX86U",
  "reset the vpn password, current: INC0045678 tracking it",
  "reset the admin password, current: sprint42 goals",
  // A sign-in with a key, a browser, a person or a file; topics and test results after `login` and `user:`.
  "logged in as root with PowerShell7 on the jumpbox",
  "logged in as admin with Firefox128 to test the cookie fix",
  "logged in as root with @sarah watching",
  "logged in as ubuntu with MyKeyPair2024.pem",
  "login page / Settings2Panel",
  "creds are env:Prod_Db2",
  "creds are team/Infra2024 group in vault",
  "user: ci pass: build#4521",
  "- 09:12 UPS alarm code is 0142",
  "Grafana: dashboards / Settings2Panel",
  "user bob, pass rate 98%",
  // Fault codes, tickets and e-mail addresses in a log line's bullets; a sign-in with a token or a key.
  "- 08:15 Alarm code for the office panel was 1202 (low battery fault)",
  "Door code: #4417 is the issue",
  "Reviewers: alice / bob@acme.io",
  "user qa, pass e2e-smoke",
  "log in as ci with k8s-token",
  "logged in as admin with yubikey5c",
];

describe("redactSecrets: passwords and codes stated in sentences", () => {
  it.each(SENTENCES)("redacts the password: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(PROSE)("leaves prose: %s", async (text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });

  it("reads a word of a hundred thousand characters after a preposition in time linear in its length", { timeout: 10_000 }, async () => {
    // The value was read again from each of its characters: 80,000 took 16 s.
    const line = `Passwort a ${"x1".repeat(50_000)}`;
    expect((await redactSecrets(line)).text).toBe(line);
  });

  it("goes on past a long value in a line after the first, and redacts its output to itself", async () => {
    const long = "A1".repeat(2_100);
    const line = `note:${` and our passwords for staging are ${long}`.repeat(4)} and our passwords for staging are Lion8?x`;
    const redacted = (await redactSecrets(`${"x ".repeat(12_000)}\n${line}`)).text;
    expect(redacted.includes("Lion8")).toBe(false);
    expect((await redactSecrets(redacted)).text).toBe(redacted);
  });

  it("reads a line of phrases before a verb in time linear in the line", { timeout: 10_000 }, async () => {
    const line = `${"the password for the a is ".repeat(4_000)}Tr0ub4dor&3`;
    const redacted = (await redactSecrets(line)).text;
    expect(redacted.endsWith(R)).toBe(true);
  });
});
