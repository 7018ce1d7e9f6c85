import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/logs/redact-secrets.js";

const R = "[REDACTED:password]";

// A password of letters alone after a label is the password in every alphabet, whatever words follow it
// (what it is for); prose after a label is read as prose in every alphabet: a function word starts it, or
// it states a count. [input, expected]: the whole output is compared.
const PASSWORDS: [string, string, string][] = [
  ["Latin, English words after it", "password: correcthorse for the staging db", `password: ${R} for the staging db`],
  ["Latin, a German label", "Passwort: geheimwort für den Login", `Passwort: ${R} für den Login`],
  ["Latin, a French label", "mot de passe : motsecret pour la base", `mot de passe : ${R} pour la base`],
  ["Cyrillic, Cyrillic words after it", "пароль: секретслово для входа", `пароль: ${R} для входа`],
  ["Cyrillic, a dash", "Пароль — секретслово для входа", `Пароль — ${R} для входа`],
  ["Cyrillic, alone", "пароль: секретслово", `пароль: ${R}`],
  ["Cyrillic, an English label", "password: секретслово для входа", `password: ${R} для входа`],
  ["Cyrillic with a digit", "пароль: qwerty123 для входа", `пароль: ${R} для входа`],
  ["Greek, Greek words after it", "password: μυστικόλόγος για είσοδο", `password: ${R} για είσοδο`],
  ["Hebrew, Hebrew words after it", "password: סיסמהסודית לכניסה", `password: ${R} לכניסה`],
  ["Arabic, Arabic words after it", "password: كلمةسرية للدخول", `password: ${R} للدخول`],
  ["Armenian, Armenian words after it", "password: գաղտնիբառ մուտքի համար", `password: ${R} մուտքի համար`],
  ["digits, words after them", "password: 12345678 for the wifi", `password: ${R} for the wifi`],
  // A count a few words on that is not of what a password is made of: the word is the password.
  ["a time a word on", "password: letmein until 5pm", `password: ${R} until 5pm`],
  ["guests a word on", "The wifi password is sunshine for 2 guests", `The wifi password is ${R} for 2 guests`],
  ["hosts a word on", "root password: toor on 3 hosts", `root password: ${R} on 3 hosts`],
  ["2FA a word on", "password: sesame for 2FA", `password: ${R} for 2FA`],
  ["a count's unit words on", "my password is swordfish and 10 more chars", `my password is ${R} and 10 more chars`],
  // A function word with nothing after it is the password.
  ["an English function word alone", "password: again", `password: ${R}`],
  ["another English function word alone", "password: below", `password: ${R}`],
  ["a pronoun alone", "password: himself", `password: ${R}`],
  ["a Spanish function word alone", "password: nada", `password: ${R}`],
  ["a German function word alone", "password: alles", `password: ${R}`],
  ["a Spanish adverb alone", "password: siempre", `password: ${R}`],
  // Short words of state or pointers in other languages, alone.
  ...["tom", "fel", "ver", "zie", "leer", "ingen", "brak", "voir"].map((word): [string, string, string] => [
    `a short word of state alone: ${word}`,
    `password: ${word}`,
    `password: ${R}`,
  ]),
];

const PROSE: [string, string][] = [
  ["Latin, a rule", "Password: must be at least 8 characters"],
  ["Latin, a count", "password: 8 characters minimum"],
  ["Latin, a function word", "Password: should be rotated monthly"],
  ["Latin, a German pointer", "Passwort: siehe Vault"],
  ["Latin, a French state", "mot de passe : aucun"],
  ["Cyrillic, a rule", "пароль: не менее 8 символов"],
  ["Cyrillic, a count a few words on", "пароль: должен содержать 8 символов"],
  ["Latin, a French count a few words on", "mot de passe : doit contenir 8 caractères"],
  ["Cyrillic, a count after a word", "password: минимум 8 символов"],
  ["Cyrillic, a pointer", "пароль: смотри в vault"],
  ["Cyrillic, a function word", "пароль: для входа не нужен"],
  ["Greek, a count after a word", "password: ελάχιστο 8 χαρακτήρες"],
  ["Greek, a function word", "password: για το staging δείτε το vault"],
  ["Hebrew, a count after a word", "password: לפחות 8 תווים"],
  ["Arabic, a count", "password: 8 أحرف على الأقل"],
  ["Arabic, a function word", "password: في الخزنة"],
  ["German, a count", "Passwort: mindestens 12 Zeichen"],
  ["Spanish, a count a few words on", "contraseña: debe tener 10 caracteres"],
  ["Polish, a count", "hasło: minimum 8 znaków"],
  ["Dutch, a pointer and a word after it", "wachtwoord: zie vault"],
  ["Swedish, a word of state and a word after it", "lösenord: ingen behövs"],
  // A verb saying to change it, the sentence going on after it.
  ["Spanish, a verb", "Contraseña: Cambiarla pronto por favor"],
  ["Swedish, a verb", "Lösenord: Byts varje månad"],
  ["Cyrillic, a verb", "пароль: Поменять завтра"],
];

describe("redactSecrets: a password of letters, and prose after a label", () => {
  it.each(PASSWORDS)("redacts a password of letters: %s", async (_name, text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(PROSE)("leaves prose after a label: %s", async (_name, text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });
});

// A token's, key's or secret's value of letters is redacted even where the sentence goes on after it: words that
// describe one (`access token: short-lived, rotated daily`) are redacted too, the safe side of telling them apart.
const LETTER_VALUES: [string, string, string][] = [
  ["a secret, then more of the sentence", "secret: opensesame, ask Dana", "secret: [REDACTED:secret], ask Dana"],
  ["a client secret", "client_secret: swordfish, rotate monthly", "client_secret: [REDACTED:secret], rotate monthly"],
  ["an API key of words", "api_key: correct-horse-battery-staple, rotate monthly", "api_key: [REDACTED:api-key], rotate monthly"],
  ["a token of words", "token: hunter-two-three, valid", "token: [REDACTED:token], valid"],
  ["given with =", "GH_TOKEN=changeme-now later", "GH_TOKEN=[REDACTED:token] later"],
];

describe("redactSecrets: a value of letters after a token's, key's or secret's label", () => {
  it.each(LETTER_VALUES)("redacts it: %s", async (_name, text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });
});

// A placeholder after a password's label stays in every language compact reads, as `password: unknown` and
// `password: vault` do in English: unknown, none, empty, hidden or redacted, changed, pending, where it is kept.
const PLACEHOLDERS: string[] = [
  "Passwort: Unbekannt",
  "Kennwort: Tresor",
  "Passwort: geschwärzt",
  "Passwort: ausstehend",
  "Kennwort: Schlüsselbund",
  "mot de passe : inconnu",
  "mot de passe : masqué",
  "mot de passe : coffre",
  "contraseña: desconocida",
  "contraseña: oculta",
  "contraseña: pendiente",
  // Italian borrows English's label: its own is `password` in an Italian phrase.
  "la password del server: sconosciuta",
  "password del server: nessuna",
  "la password del server: cassaforte",
  "senha: desconhecida",
  "senha: cofre",
  "wachtwoord: onbekend",
  "wachtwoord: kluis",
  "lösenord: okänt",
  "hasło: nieznane",
  "hasło: sejf",
  // A short word of state after a label of its own language.
  "Passwort: leer",
  "hasło: brak",
  "lösenord: ingen",
  "lösenord: tom",
  // The older words of state of each language, after a label of their own language.
  "Passwort: vergessen",
  "Kennwort: geändert",
  "mot de passe : vide",
  "contraseña: vacía",
  "senha: esquecida",
  "wachtwoord: leeg",
  "wachtwoord: geen",
  "lösenord: saknas",
  "passord: mangler",
  "adgangskode: glemt",
  "Şifre: boş",
  "ŞİFRE: eksik",
  "hasło: pusty",
  "пароль: нет",
  "пароль: отсутствует",
  // Pointers and English's own words stay prose after any label.
  "password: siehe Vault",
  "password: incorrect",
  // A placeholder in brackets.
  "password: [redacted]",
  "password: (none)",
  "Passwort: (unbekannt)",
];

// The same kind of word that is not a placeholder is the password, in every language (`password: sunshine`).
const WORDS: [string, string][] = [
  ["Kennwort: Sonnenschein", "Kennwort: [REDACTED:password]"],
  ["Passwort: Tresor7", "Passwort: [REDACTED:password]"],
  ["mot de passe : soleil", "mot de passe : [REDACTED:password]"],
  ["contraseña: girasol", "contraseña: [REDACTED:password]"],
  ["hasło: słoneczko", "hasło: [REDACTED:password]"],
  // A short word of state after another language's label is a word like any other.
  ["password: brak", "password: [REDACTED:password]"],
  ["password: [hunter2]", "password: [REDACTED:password]]"],
  // A placeholder of another language after an English label is a word like any other: the password.
  ["password: Tresor", `password: ${R}`],
  ["password: valv", `password: ${R}`],
  ["password: sejf", `password: ${R}`],
  ["password: cofre", `password: ${R}`],
  ["password: kluis", `password: ${R}`],
  ["password: coffre", `password: ${R}`],
  ["password: oculto", `password: ${R}`],
  ["password: pendiente", `password: ${R}`],
  ["password: cassaforte", `password: ${R}`],
  ["password: nessuna", `password: ${R}`],
  // So are the older words of state, each read after a label of its own language only.
  ["password: leeg", `password: ${R}`],
  ["password: geen", `password: ${R}`],
  ["password: pusty", `password: ${R}`],
  ["password: vergessen", `password: ${R}`],
  ["password: aucun", `password: ${R}`],
  ["password: vacía", `password: ${R}`],
  ["password: saknas", `password: ${R}`],
  ["password: yok", `password: ${R}`],
  ["password: нет", `password: ${R}`],
  ["Password: хранится в vault", `Password: ${R} в vault`],
  ["DB_PASSWORD=leeg", `DB_PASSWORD=${R}`],
  ["hasło: leeg", `hasło: ${R}`],
  // And after another language's label (`Kennwort` is German, `kluis` Dutch).
  ["Kennwort: kluis", `Kennwort: ${R}`],
  ["wachtwoord: Tresor", `wachtwoord: ${R}`],
];

// A table's header is the label of its column's cells.
const TABLE = "| Dienst | Kennwort |\n|---|---|\n| db | Tresor |\n| web | kluis |\n";

describe("redactSecrets: placeholders after a password's label, in the languages compact reads", () => {
  it.each(PLACEHOLDERS)("leaves %s", async (text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });

  it.each(WORDS)("redacts %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it("leaves a table's placeholder under a header of its language, and redacts another's", async () => {
    expect((await redactSecrets(TABLE)).text).toBe(TABLE.replace("kluis", R));
  });
});

// A passphrase of words after a label that clearly gives a value goes whole; prose after a label stays. A passphrase is
// a run of words ending its line with no function word, no word of state after its first, no sentence's punctuation:
// four words after a sign or a verb, three after a passphrase's label; after `=` only where the key starts its line.
const PASSPHRASES: [string, string][] = [
  ["password: correct horse battery staple", `password: ${R}`],
  ["Password: Correct horse battery staple", `Password: ${R}`],
  ["passphrase: correct horse battery staple", `passphrase: ${R}`],
  ["Passphrase: purple monkey dishwasher", `Passphrase: ${R}`],
  ["- **Password:** correct horse battery staple", `- **Password:** ${R}`],
  ["The wifi password is correct horse battery staple", `The wifi password is ${R}`],
  ['wifi password is "correct horse battery staple"', `wifi password is "${R}"`],
  ["pwd=correct horse battery staple", `pwd=${R}`],
  ["  db_password=jumping purple monkey dishwasher", `  db_password=${R}`],
  ["PASSWORD = jumping purple monkey dishwasher", `PASSWORD = ${R}`],
  ["password = correct horse battery staple", `password = ${R}`],
  ["Passwort: korrekt pferd batterie heftklammer", `Passwort: ${R}`],
  ["contraseña: caballo grapa bateria violeta", `contraseña: ${R}`],
  // Its first word may be a word of state alone, when it is no verb's form (`password: correct` is prose).
  ["password: wrong turtle piano seventeen", `password: ${R}`],
  // Every word capitalised; a sentence's full stop or a comment after it.
  ["Password: Correct Horse Battery Staple", `Password: ${R}`],
  ["password: correct horse battery staple.", `password: ${R}.`],
  ["password: correct horse battery staple # rotated", `password: ${R} # rotated`],
  ["password = correct horse battery staple  # prod", `password = ${R}  # prod`],
  // A first word taken for the password takes the words after it: whole or not at all.
  ["wifi password: purple monkey dishwasher", `wifi password: ${R}`],
  ["password: orange ruby valid staple", `password: ${R}`],
  ["password: orange ruby unbekannt staple", `password: ${R}`],
  ["Passwort: sonne mond tresor", `Passwort: ${R}`],
  // In prose, after the verb of each language compact reads ("my password is …"), whole.
  ["Mi contraseña es perro gato casa luna", `Mi contraseña es ${R}`],
  ["La contraseña de la base es perro gato casa luna.", `La contraseña de la base es ${R}.`],
  ["Das Passwort ist pferd batterie heftklammer richtig", `Das Passwort ist ${R}`],
  ["Das Passwort lautet Pferd Batterie Heftklammer Richtig", `Das Passwort lautet ${R}`],
  ["le mot de passe est cheval batterie agrafe correcte", `le mot de passe est ${R}`],
  ["le mot de passe c'est cheval batterie agrafe correcte", `le mot de passe c'est ${R}`],
  ["a senha é cavalo bateria grampo correto", `a senha é ${R}`],
  ["het wachtwoord is paard batterij nietje schoen", `het wachtwoord is ${R}`],
  ["lösenordet är häst batteri häftklammer korrekt", `lösenordet är ${R}`],
  ["passordet er hest batteri stift riktig", `passordet er ${R}`],
  ["salasana on hevonen akku niitti oikea", `salasana on ${R}`],
  ["hasło to kot pies stół lampa", `hasło to ${R}`],
  ["hasło jest kot pies stół lampa", `hasło jest ${R}`],
  ["heslo je kočka pes stůl lampa", `heslo je ${R}`],
  ["пароль это лошадь батарея скрепка верно", `пароль это ${R}`],
  ["la password è cavallo batteria graffetta corretta", `la password è ${R}`],
  ["Die Passphrase ist pferd batterie heftklammer", `Die Passphrase ist ${R}`],
  // A first word too short to be taken alone goes with its run.
  ["contraseña: sol luna mar cielo", `contraseña: ${R}`],
  // A word of state of another language than the label's is a word like any other in it.
  ["password: correct paard batterij vergeten", `password: ${R}`],
];

// A passphrase at its line's end with a `!` or `?` after it goes whole, the mark with it (as a password's glued `!`
// does): the mark had kept the run from ending its line, and only the first word, or nothing, was redacted.
const PASSPHRASES_WITH_A_MARK: [string, string][] = [
  ["my password is correct horse battery staple!", `my password is ${R}`],
  ["password: purple monkey dishwasher elephant!", `password: ${R}`],
  ["my password is purple monkey dishwasher elephant?", `my password is ${R}`],
  ["Das Passwort ist pferd batterie heftklammer richtig!", `Das Passwort ist ${R}`],
  ["hasło: kot pies stół lampa!", `hasło: ${R}`],
  ["heslo je kočka pes stůl lampa!!", `heslo je ${R}`],
  ["--password purple monkey dishwasher elephant!", `--password ${R}`],
];

// "password is:" gives a value as "password is" and "password:" do (it was missed whole, a passphrase or a word).
const AFTER_IS_AND_A_COLON: [string, string][] = [
  ["My password is: hunter2", `My password is: ${R}`],
  ["the password for staging is: Xy7#kLm9pQ", `the password for staging is: ${R}`],
  ["my pw is: hunter2", `my pw is: ${R}`],
  ["My password is: purple monkey dishwasher elephant", `My password is: ${R}`],
];

const PROSE_AFTER_IS_AND_A_COLON: string[] = ["The password is: required", "The password is: stored in vault", "password is: unknown"];

describe("redactSecrets: a passphrase with a mark after it, and a value after `is:`", () => {
  it.each(PASSPHRASES_WITH_A_MARK)("redacts the passphrase whole: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(AFTER_IS_AND_A_COLON)("redacts the value: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(PROSE_AFTER_IS_AND_A_COLON)("leaves prose: %s", async (text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });
});

const NOT_PASSPHRASES: [string, string][] = [
  ["prose: a function word", "asked for the password: again and again"],
  ["prose: a verb's form first", "Password: rotated every single quarter"],
  ["prose: a third person verb first", "Password: expires next month anyway"],
  ["prose: a capital verb's form first", "Password: Rotated every single quarter"],
  ["prose: a pointer first", "password: see ops channel pinned"],
  ["prose: a German participle first", "Passwort: geändert letzte woche montag"],
  ["prose: a word of state after the first", "passphrase: kept somewhere safe vault"],
  ["prose: a sentence's full stop after a verb's form", "Password: rotated every single quarter."],
  ["prose: capitalised words after a verb's form", "Password: Rotated Every Single Quarter"],
  ["prose: a word of state first, then words", "password: none needed here"],
  ["prose: a German placeholder first, then words", "Passwort: unbekannt seit gestern"],
  ["prose: a Dutch participle after its label", "wachtwoord: gewijzigd vorige week maandag"],
  ["prose: a Dutch word of state after the first, after its label", "wachtwoord: correct paard batterij vergeten"],
  ["three words after a sign", "password: correct horse battery"],
  ["three words after a verb", "Mi contraseña es perro gato casa"],
  ["prose after a verb: a function word", "La contraseña es demasiado corta para este sitio"],
  ["prose after a verb: a French function word", "le mot de passe est stocké dans le coffre"],
  ["prose after a verb: a Dutch word of state first", "Het wachtwoord is verlopen sinds gisteren avond"],
  ["prose after a verb: a German function word", "Das Passwort ist seit gestern abgelaufen"],
  ["prose after a verb: a Polish pronoun", "Hasło to twoje imię plus rok urodzenia"],
  ["prose after a verb: an Italian participle", "la password è scaduta ieri sera"],
  ["a verb after a password's word far before", "La contraseña que me diste ayer no funciona es perro gato casa luna"],
  ["prose: a passphrase's label and a function word", "passphrase: stored in vault"],
];

// After `=` a shell reads one word: the command after it stays.
const ONE_WORD: [string, string][] = [
  ["$ PGPASSWORD=postgres psql mydb", `$ PGPASSWORD=${R} psql mydb`],
  ["export PASSWORD=hunter npm run dev", `export PASSWORD=${R} npm run dev`],
  ["`PASSWORD=hunter npm run dev now`", `\`PASSWORD=${R} npm run dev now\``],
  ["password: swordfish for staging", `password: ${R} for staging`],
  ["DB_PASSWORD=correct horse battery staple", `DB_PASSWORD=${R} horse battery staple`],
  ["DB_PASSWORD=секретный npm run migrate", `DB_PASSWORD=${R} npm run migrate`],
  // A word that says how a password is, in prose after `:`, is the value after `=`; a placeholder stays one.
  ["PASSWORD=correct", `PASSWORD=${R}`],
  ['password = "same"', `password = "${R}"`],
];

const STATES_LEFT: string[] = ["password: correct", "PASSWORD=none", "password == correct", "PASSWORD=changeme"];

describe("redactSecrets: a passphrase of words, and prose after a label", () => {
  it.each(PASSPHRASES)("redacts the passphrase whole: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(NOT_PASSPHRASES)("leaves %s", async (_name, text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });

  it.each(ONE_WORD)("redacts one word: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(STATES_LEFT)("leaves a state or a placeholder: %s", async (text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });
});

// After a password's flag a shell passes one word, the next flag is the command's (`--password hunter2 --user bob`); a
// run of words as long as a passphrase's is the passphrase, whole, however the note quotes it. Prose that names the flag
// stays.
const FLAG_PASSPHRASES: [string, string][] = [
  ["--password correct horse battery staple", `--password ${R}`],
  ["tool --password purple monkey dishwasher staple", `tool --password ${R}`],
  ["tool --password correct horse battery staple --user bob", `tool --password ${R} --user bob`],
  ["run `tool --password correct horse battery staple` then check", `run \`tool --password ${R}\` then check`],
  ["tool --password correct horse battery staple | tee out.log", `tool --password ${R} | tee out.log`],
  // The command ends at a redirection, a continued line, or the bracket or quote mark around it.
  ["tool --password purple monkey dishwasher elephant > out.txt", `tool --password ${R} > out.txt`],
  ["tool --password purple monkey dishwasher elephant 2>&1", `tool --password ${R} 2>&1`],
  ["tool --password purple monkey dishwasher elephant < in.sql", `tool --password ${R} < in.sql`],
  ["tool --password purple monkey dishwasher elephant \\\n  --host db", `tool --password ${R} \\\n  --host db`],
  ["(tool --password purple monkey dishwasher elephant)", `(tool --password ${R})`],
  ['sh -c "tool --password purple monkey dishwasher elephant"', `sh -c "tool --password ${R}"`],
  ["gpg --passphrase correct horse battery", `gpg --passphrase ${R}`],
  ["app --db-password wrong horse battery staple # prod", `app --db-password ${R} # prod`],
  ['--password "correct horse battery staple"', `--password "${R}"`],
  ["--password 'correct horse battery staple' --user bob", `--password '${R}' --user bob`],
  ["tool --password=correct horse battery staple", `tool --password=${R}`],
];

const FLAG_ONE_WORD: [string, string][] = [
  ["--password hunter2 --user bob", `--password ${R} --user bob`],
  // Fewer words than a passphrase's: the command's arguments.
  ["pg_dump --password hunter mydb", `pg_dump --password ${R} mydb`],
  ["tool --password purple monkey dishwasher", `tool --password ${R} monkey dishwasher`],
  ["tool --password=hunter mydb", `tool --password=${R} mydb`],
];

const FLAG_PROSE: string[] = [
  "use --password to set it",
  "pass --password when prompted",
  "the --password flag is deprecated",
  "the --password option takes a file",
  "--password is required",
  "tool --password rotated every single quarter",
  "mysql --password secret mydb",
  // A placeholder, then the command's arguments.
  "`mysqldump -u root --password secret mydb users orders`",
];

describe("redactSecrets: a passphrase after a password's flag", () => {
  it.each(FLAG_PASSPHRASES)("redacts the passphrase whole: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(FLAG_ONE_WORD)("redacts one word: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(FLAG_PROSE)("leaves prose about the flag: %s", async (text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });
});

// A passphrase the sentence goes on after, past a comma, a semicolon, a sentence's end, a bracket or a dash, goes whole
// and the rest stays (the run had to end its line: the first word alone, or nothing, was redacted). A German label's
// nouns have capitals; English's words of state are words like any other after another language's label.
const CLAUSE_PASSPHRASES: [string, string][] = [
  ["The wifi password is correct horse battery staple, ask Dana if it fails", `The wifi password is ${R}, ask Dana if it fails`],
  ["The wifi password is correct horse battery staple; ask Dana if it fails", `The wifi password is ${R}; ask Dana if it fails`],
  ["The wifi password is correct horse battery staple. Ask Dana if it fails", `The wifi password is ${R}. Ask Dana if it fails`],
  ["wifi password: purple monkey dishwasher, ask Dana", `wifi password: ${R}, ask Dana`],
  ["wifi password is correct horse battery staple (ask Dana)", `wifi password is ${R} (ask Dana)`],
  ["wifi password is correct horse battery staple - ask Dana", `wifi password is ${R} - ask Dana`],
  ["my password is purple monkey dishwasher elephant! Ask Dana", `my password is ${R} Ask Dana`],
  ["my password is correct horse battery staple, ask Dana", `my password is ${R}, ask Dana`],
  ["Das Passwort ist Pferd Batterie Heftklammer korrekt, frag Dana", `Das Passwort ist ${R}, frag Dana`],
  ["Das Passwort ist pferd batterie heftklammer korrekt; frag Dana", `Das Passwort ist ${R}; frag Dana`],
  ["Das Passwort lautet Pferd Batterie Heftklammer korrekt. Frag Dana", `Das Passwort lautet ${R}. Frag Dana`],
  ["Passwort: Pferd Batterie Heftklammer korrekt", `Passwort: ${R}`],
  ["Mi contraseña es perro gato casa luna, pregunta a Dana", `Mi contraseña es ${R}, pregunta a Dana`],
  // Was left whole as "the sentence goes on": the passphrase is the same with `creo` (I think) after it.
  ["Mi contraseña es perro gato casa luna, creo", `Mi contraseña es ${R}, creo`],
  ["le mot de passe est cheval batterie agrafe correcte, demande à Dana", `le mot de passe est ${R}, demande à Dana`],
  ["hasło to kot pies stół lampa. Zapytaj Danę", `hasło to ${R}. Zapytaj Danę`],
  ["tool --password purple monkey dishwasher elephant, then check the logs", `tool --password ${R}, then check the logs`],
  ["het wachtwoord is paard batterij nietje correct", `het wachtwoord is ${R}`],
];

const CLAUSE_PROSE: string[] = [
  "the password is stored in the vault, ask Dana",
  "the password is stored in the vault (ask Dana)",
  "the password was changed last week by ops, ask Dana",
  "my password is too short, I need a longer one",
  "my password was reset yesterday, check email",
  "Password: rotated every single quarter, as agreed",
  "Password: rotated every single quarter. See the policy.",
  "Password: rotated every single quarter - see policy",
  "password: see ops channel pinned, thanks",
  "the password was rotated yesterday. Ask Dana for the new one.",
  "Das Passwort ist seit gestern abgelaufen, frag Dana",
  "Das Passwort ist im Tresor gespeichert, siehe Wiki",
  "La contraseña es demasiado corta para este sitio, creo",
  "Hasło to twoje imię plus rok urodzenia, pamiętaj",
  "het wachtwoord is nu weer correct",
  "wachtwoord: correct paard batterij vergeten, zie ticket",
];

describe("redactSecrets: a passphrase the sentence goes on after", () => {
  it.each(CLAUSE_PASSPHRASES)("redacts the passphrase whole, the rest stays: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(CLAUSE_PROSE)("leaves prose: %s", async (text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });
});

// A password's label in the past tense, in the languages the reader knows: a note says what the password was.
const PAST_PASSPHRASES: [string, string][] = [
  ["het wachtwoord was paard batterij nietje correct", `het wachtwoord was ${R}`],
  ["Das Passwort lautete pferd batterie heftklammer richtig", `Das Passwort lautete ${R}`],
  ["le mot de passe c'était cheval batterie agrafe lampe", `le mot de passe c'était ${R}`],
  ["lösenordet var häst batteri häftklammer lampa", `lösenordet var ${R}`],
  ["passordet var hest batteri stift lampe", `passordet var ${R}`],
  ["adgangskoden var hest batteri hæfteklamme lampe", `adgangskoden var ${R}`],
  ["salasana oli hevonen akku nitoja lamppu", `salasana oli ${R}`],
  ["hasło było kot pies stół lampa", `hasło było ${R}`],
  ["heslo bylo kočka pes stůl lampa", `heslo bylo ${R}`],
  ["пароль был лошадь батарея скрепка лампа", `пароль был ${R}`],
  // One word of a password's shape.
  ["het wachtwoord was Hunter2024", `het wachtwoord was ${R}`],
  ["lösenordet var Hunter2024", `lösenordet var ${R}`],
  ["salasana oli Hunter2024", `salasana oli ${R}`],
  ["hasło było Hunter2024", `hasło było ${R}`],
  ["пароль был Hunter2024", `пароль был ${R}`],
  ["Das Passwort lautete Hunter2024", `Das Passwort lautete ${R}`],
];

// Those that English's, German's, French's, Spanish's, Portuguese's and Italian's past tenses were already read as.
const PAST_ALREADY: [string, string][] = [
  ["the password was correct horse battery staple", `the password was ${R}`],
  ["das Passwort war Pferd Batterie Heftklammer korrekt, frag Dana", `das Passwort war ${R}, frag Dana`],
  ["la contraseña era perro gato casa luna, pregunta a Dana", `la contraseña era ${R}, pregunta a Dana`],
  ["the password was Hunter2024", `the password was ${R}`],
  ["le mot de passe était cheval batterie agrafe correcte", `le mot de passe était ${R}`],
  ["a senha era cavalo bateria grampo lâmpada", `a senha era ${R}`],
  ["la password era cavallo batteria graffetta lampada", `la password era ${R}`],
];

const PAST_PROSE: string[] = [
  "password was rotated last week",
  "the password was changed",
  "das Passwort war abgelaufen",
  "Das Passwort war Teil der alten Konfiguration",
  "Das Passwort lautete anders, frag Dana",
  "het wachtwoord was verlopen sinds gisteren avond",
  "het wachtwoord was gisteren verlopen, vraag Dana",
  "le mot de passe était trop court, change-le",
  "le mot de passe était expiré depuis hier",
  "la contraseña era demasiado corta, cámbiala",
  "lösenordet var för kort, byt det",
  "passordet var feil, prøv igjen",
  "salasana oli liian lyhyt, vaihda se",
  "hasło było za krótkie, zmień je",
  "heslo bylo příliš krátké",
  "пароль был слишком короткий, смени его",
];

describe("redactSecrets: a passphrase or a password after a past tense's label", () => {
  it.each([...PAST_PASSPHRASES, ...PAST_ALREADY])("redacts it: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(PAST_PROSE)("leaves prose: %s", async (text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });
});

// A possessive glued to the word (Finnish `salasanani`, my password; Turkish `şifrem`, `şifreniz`, your password).
const POSSESSIVE_PASSPHRASES: [string, string][] = [
  ["salasanani on hevonen akku nitoja oikein", `salasanani on ${R}`],
  ["salasanamme on hevonen akku nitoja lamppu, kysy Danalta", `salasanamme on ${R}, kysy Danalta`],
  ["salasanasi: Hunter2024", `salasanasi: ${R}`],
  ["şifrem: kedi köpek masa lamba", `şifrem: ${R}`],
  ["Şifremiz: Hunter2024", `Şifremiz: ${R}`],
  ["ŞİFREM: Hunter2024", `ŞİFREM: ${R}`],
  ["şifreniz: Hunter2024", `şifreniz: ${R}`],
  ["parolam: Hunter2024", `parolam: ${R}`],
  // English's and the others' possessive is a word of its own, read already.
  ["our wifi password is correct horse battery staple", `our wifi password is ${R}`],
  ["mijn wachtwoord is Hunter2024", `mijn wachtwoord is ${R}`],
];

const POSSESSIVE_PROSE: string[] = [
  "my password is too short",
  "salasanani on liian lyhyt",
  "salasanani on vanhentunut",
  "şifreniz: yok",
  "Şifreniz başarıyla değiştirildi.",
  "şifremi unuttum, sıfırla",
  "parolam yanlış",
];

describe("redactSecrets: a passphrase or a password after a possessive's label", () => {
  it.each(POSSESSIVE_PASSPHRASES)("redacts it: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(POSSESSIVE_PROSE)("leaves prose: %s", async (text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });
});

// The sentence goes on after the passphrase in the other ways notes write it: an ASCII dash, an ellipsis, a colon, a
// closing bracket, quote mark or emphasis, a slash or a bar between spaces, a space before the comma. Each left the
// passphrase whole, where a comma took it.
const CLAUSE_NEAR_FORMS: [string, string][] = [
  ["wifi password is correct horse battery staple -- ask Dana", `wifi password is ${R} -- ask Dana`],
  ["wifi password is correct horse battery staple... ask Dana", `wifi password is ${R}... ask Dana`],
  ["wifi password is correct horse battery staple… ask Dana", `wifi password is ${R}… ask Dana`],
  ["wifi password is correct horse battery staple: ask Dana", `wifi password is ${R}: ask Dana`],
  ["wifi password is correct horse battery staple—ask Dana", `wifi password is ${R}—ask Dana`],
  ["(wifi password is correct horse battery staple), ask Dana", `(wifi password is ${R}), ask Dana`],
  ["[wifi password is correct horse battery staple] ask Dana", `[wifi password is ${R}] ask Dana`],
  ["she wrote: wifi password is correct horse battery staple” and left", `she wrote: wifi password is ${R}” and left`],
  ["**wifi password is correct horse battery staple**, ask Dana", `**wifi password is ${R}**, ask Dana`],
  ["wifi password is correct horse battery staple / ask Dana", `wifi password is ${R} / ask Dana`],
  ["| wifi password is correct horse battery staple | ask Dana |", `| wifi password is ${R} | ask Dana |`],
  ["wifi password is correct horse battery staple , ask Dana", `wifi password is ${R} , ask Dana`],
  ["wifi password is correct horse battery staple!, ask Dana", `wifi password is ${R}, ask Dana`],
];

const CLAUSE_NEAR_PROSE: string[] = [
  "Password: rotated every single quarter -- see policy",
  "the password is stored in the vault... ask Dana",
  "the password is kept in the team vault: see docs",
  "(the password was changed last week by ops), ask Dana",
  "password: see ops channel pinned / thanks",
  "**the password is stored in the vault**, see the runbook",
  "the wifi password's length is twelve characters -- fine",
  "password rotation: monthly via cron job… automated",
];

describe("redactSecrets: a passphrase the sentence goes on after, in the other ways it does", () => {
  it.each(CLAUSE_NEAR_FORMS)("redacts the passphrase whole, the rest stays: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(CLAUSE_NEAR_PROSE)("leaves prose: %s", async (text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });
});

// After another language's label one of English's words of state is a word like any other (`het wachtwoord is paard
// batterij nietje correct`), but notes mix languages: two of them say an English sentence after the label.
describe("redactSecrets: English prose after another language's label", () => {
  it.each([
    "wachtwoord: still broken today morning, fixing",
    "wachtwoord: still broken today morning",
    "Passwort: still broken seit deploy gestern",
    "wachtwoord: weak short reused everywhere",
    "salasana: still wrong today morning",
  ])("leaves it: %s", async (text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });

  it("still takes a passphrase with one such word", async () => {
    expect((await redactSecrets("het wachtwoord is paard batterij nietje correct")).text).toBe(`het wachtwoord is ${R}`);
    expect((await redactSecrets("wachtwoord: paard batterij correct nietje, vraag Dana")).text).toBe(`wachtwoord: ${R}, vraag Dana`);
  });
});

// The Nordic languages put the possessive after the word (`passordet mitt`, my password), as Finnish and Turkish glue it on.
describe("redactSecrets: a password after a Nordic possessive's label", () => {
  it.each([
    ["passordet mitt er Hunter2024", `passordet mitt er ${R}`],
    ["lösenordet mitt är Hunter2024", `lösenordet mitt är ${R}`],
    ["adgangskoden min er Hunter2024", `adgangskoden min er ${R}`],
    ["lösenordet vårt var häst batteri häftklammer lampa", `lösenordet vårt var ${R}`],
    ["Passordet vårt: Hunter2024", `Passordet vårt: ${R}`],
  ])("redacts it: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(["lösenordet mitt är för kort", "passordet mitt er feil", "adgangskoden min er glemt", "lösenordet mitt var fel igår kväll, fråga Dana"])(
    "leaves prose: %s",
    async (text) => {
      expect((await redactSecrets(text)).text).toBe(text);
    },
  );
});

// A few words between a password's label and its colon, then the password (`the password is as follows: x`): a phrase
// about the password, the value of a password's shape. Prose is written so as often: a noun after the label (`password
// policy`, `password reset`, `password hash`), a word of state (`was rotated at:`), a preposition before the colon (`is
// in:`), a sentence's end between; and an address, a digest, a time, a URL, a path, a version or a date after it.
const WORDS_BEFORE_THE_COLON: [string, string][] = [
  ["the password is as follows: Hunter2024", `the password is as follows: ${R}`],
  ["the password for the new staging box is now: Xk9#pq", `the password for the new staging box is now: ${R}`],
  ["das Passwort ist wie folgt: Sommer2024!", `das Passwort ist wie folgt: ${R}`],
  ["şifreniz şu: Kedi2024!", `şifreniz şu: ${R}`],
  ["Passwort (neu): Sommer2024!", `Passwort (neu): ${R}`],
  ["Passwort (neu für Staging): Sommer2024!", `Passwort (neu für Staging): ${R}`],
  ["Passwort für den Server (neu): Sommer2024!", `Passwort für den Server (neu): ${R}`],
  ["the password I gave you yesterday: Xk9#pq", `the password I gave you yesterday: ${R}`],
  ["the password to use for the demo: Demo2024!", `the password to use for the demo: ${R}`],
  ["**Password for staging**: Xk9#pq", `**Password for staging**: ${R}`],
  ["**Password** for staging: Xk9#pq", `**Password** for staging: ${R}`],
  ["the password is as follows: Hunter2024 (rotate monthly)", `the password is as follows: ${R} (rotate monthly)`],
  ["le mot de passe est le suivant : Soleil2024!", `le mot de passe est le suivant : ${R}`],
  // As already: phrases the older rows read.
  ["new password for bob@host: hunter2-Quail", `new password for bob@host: ${R}`],
  ["the wifi passphrase for guests is now: Guest-2024", `the wifi passphrase for guests is now: ${R}`],
  ["the password of the day: Tr0ub4dor&3", `the password of the day: ${R}`],
];

const PROSE_BEFORE_THE_COLON: string[] = [
  "the password policy is as follows: 12 characters minimum",
  "password reset for these users: alice, bob",
  "the password was rotated at: 10:30",
  "the password was rotated at: 10:30am",
  "password reset link sent to: bob@example.com",
  "the password for the admin account was sent to: dana@example.com",
  "the password for the vault entry is at: https://vault.example.com/item/42",
  "the password hash for admin: 5f4dcc3b5aa765d61d8327deb882cf99",
  "the password for admin (bcrypt): $2b$12$abcdefghijklmnopqrstuv",
  "the password for admin (md5): 5F4DCC3B5AA765D61D8327DEB882CF99",
  "the password for the backup is in: /etc/secrets/db.pass",
  "the password for the box was changed in: PR#1234",
  "the password for the box is in: vault-01",
  "Password for: db01",
  "password manager of choice: 1Password",
  "the password field accepts: UTF-8",
  "the password changed. New one for bob: Xk9#pq",
  "the password hint for bob: Blue7",
  "the password for the router is now: 192.168.1.1",
  "the password for the jump host is now: v1.2.3",
  "the password expires on: 2024-06-12",
  "the password for bob expires on: 2024-06-12T10:30:00Z",
  "das Passwort wurde geändert am: 12.06.2024",
  "the password length for admins: 16chars",
  "the password for the db is kept in: 1Password",
  "Password (hashed): c2VjcmV0MTIz",
  "Password (encrypted): U2FsdGVkX1+abc",
  "Fixed the password validation for signup: PR#482",
  "password strength meter for signup: zxcvbn4",
];

describe("redactSecrets: words between a password's label and its colon", () => {
  it.each(WORDS_BEFORE_THE_COLON)("redacts the password: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(PROSE_BEFORE_THE_COLON)("leaves prose: %s", async (text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });

  it("reads words before a colon in time linear in the line", { timeout: 10_000 }, async () => {
    // A colon's look behind reads at most eight words of at most 64 characters: a line of them is read once.
    for (const piece of ["password a b c d e f g h i: ", "the password is as follows: Ab1 ", "password x: ", `password ${"a".repeat(70)} :A1 `]) {
      const line = piece.repeat(Math.ceil(200_000 / piece.length));
      expect((await redactSecrets(`${line}\nthe password is as follows: Hunter2024\n`)).text.endsWith(`follows: ${R}\n`)).toBe(true);
    }
  });
});

// A passphrase whose words hold one function word (diceware's list has them) went out but for its first word; so did
// every password listed after the first a label gives.
const PASSPHRASES_WITH_A_FUNCTION_WORD: [string, string][] = [
  ["password: purple monkey same dishwasher", `password: ${R}`],
  ["wifi password: orange tiger over staple", `wifi password: ${R}`],
  ["my password is purple monkey same dishwasher.", `my password is ${R}.`],
];

// Prose after a password of one word: a function word first, several, one in a short run or beside a word of state.
const PROSE_AFTER_A_PASSWORD: [string, string][] = [
  ["password: hunter rotated by ops", `password: ${R} rotated by ops`],
  ["password: correcthorse for the staging db", `password: ${R} for the staging db`],
  ["password: swordfish until friday", `password: ${R} until friday`],
  ["password: swordfish kept in the vault", `password: ${R} kept in the vault`],
  ["password: swordfish although nobody knows why exactly", `password: ${R} although nobody knows why exactly`],
  // After another language's label, one function word makes prose: diceware's lists with them are English.
  ["пароль: рыбамеч работает снова сегодня", `пароль: ${R} работает снова сегодня`],
  ["senha: peixeespada mudou ontem com alice", `senha: ${R} mudou ontem com alice`],
  ["wachtwoord: zwaardvis gewijzigd gisteren door alice", `wachtwoord: ${R} gewijzigd gisteren door alice`],
];

// A verb in -ed after the label and a passive auxiliary may be the password (`the password was wicked until Tuesday`);
// with a password after it and `as` or `to`, both go. A verb that gives a password its value stays, with or without
// one after it (`was reverted to`, `was mistyped twice`).
const PASSIVE_AFTER_A_PASSWORD: [string, string][] = [
  ["the password was mistyped as Hunter2024!", `the password was mistyped as ${R}`],
  ["the wifi password was reverted to Winter2023!", `the wifi password was reverted to ${R}`],
  ["the password was rolled back to Autumn2023!", `the password was rolled back to ${R}`],
  ["the password was mistyped twice before lockout", "the password was mistyped twice before lockout"],
  ["the password was entered Hunter2024! by mistake", `the password was entered ${R} by mistake`],
  ["the password was wicked to Hunter2024!", `the password was ${R} to ${R}`],
  ["the password was wicked until Tuesday", `the password was ${R} until Tuesday`],
  ["The WiFi password was sacred geometry, do not share", `The WiFi password was ${R}, do not share`],
  ["the password was hunter2 then", `the password was ${R} then`],
];

const LISTED_PASSWORDS: [string, string][] = [
  ["passwords: Prod2024!, Stage2024!", `passwords: ${R}, ${R}`],
  ["the password is as follows: Prod2024!, Stage2024!", `the password is as follows: ${R}, ${R}`],
  ["password: Prod2024! and Stage2024!", `password: ${R} and ${R}`],
  ["password: Prod2024! or Stage2024!.", `password: ${R} or ${R}.`],
  ["password: Hunter2024 / Winter2025 / Spring2026", `password: ${R} / ${R} / ${R}`],
  ["Passwort: Sommer2024! und Winter2025!", `Passwort: ${R} und ${R}`],
];

// What follows a password in a list and is not one: no password's shape, a host, a path, a time, a setting, a count.
const NOT_LISTED_AFTER_A_PASSWORD: [string, string][] = [
  ["password: Hunter2024!, host db01.internal", `password: ${R}, host db01.internal`],
  ["password: Hunter2024!, db01.internal", `password: ${R}, db01.internal`],
  ["password: Hunter2024!, see the wiki", `password: ${R}, see the wiki`],
  ["password: Hunter2024!, rotated 2024-01-01", `password: ${R}, rotated 2024-01-01`],
  ["password: Hunter2024!, user=bob1234", `password: ${R}, user=bob1234`],
  ["password: Hunter2024!, 12chars", `password: ${R}, 12chars`],
  ["password: Hunter2024! and /etc/app2/secrets", `password: ${R} and /etc/app2/secrets`],
  ["password: Hunter2024!, at 10:30pm", `password: ${R}, at 10:30pm`],
  // A name of letters and digits a word goes on from: prose, in any language.
  ["password: Hunter2024!, retries3 failed, so I gave up", `password: ${R}, retries3 failed, so I gave up`],
  ["password: hunter2 and deploy2 done", `password: ${R} and deploy2 done`],
  ["password: Hunter2024!, iPhone15 and Pixel8 tested", `password: ${R}, iPhone15 and Pixel8 tested`],
  ["password: Hunter2024!, sha256 matches", `password: ${R}, sha256 matches`],
  ["password: Hunter2024! e server2 pronto", `password: ${R} e server2 pronto`],
  ["password: Hunter2024! и сервер2 работает", `password: ${R} и сервер2 работает`],
  ["password: Hunter2024!, note1: call bob", `password: ${R}, note1: call bob`],
  ["password: Hunter2024! for prod, retries3 failed", `password: ${R} for prod, retries3 failed`],
  ["password: Hunter2024!, iPhone15 for testing and more words here", `password: ${R}, iPhone15 for testing and more words here`],
  // A name is no password for what it is for.
  ["passwords: Prod2024!, python3 for scripts", `passwords: ${R}, python3 for scripts`],
  ["password: Hunter2024! and node18 for the frontend", `password: ${R} and node18 for the frontend`],
  ["password: Hunter2024! for user alice2024, bob2024", `password: ${R} for user alice2024, bob2024`],
];

// Passwords listed that end their item, hold a sign, or are quoted.
const LISTED_PASSWORDS_MORE: [string, string][] = [
  ["passwords: Prod2024!, Stage2024! for prod and stage", `passwords: ${R}, ${R} for prod and stage`],
  ["(passwords: Prod2024, Stage2024)", `(passwords: ${R}, ${R})`],
  ["password: Prod2024 and Stage2024 and Dev2024!", `password: ${R} and ${R} and ${R}`],
  ['password: "Prod2024", "Stage2024" (both rotated)', `password: "${R}", "${R}" (both rotated)`],
  ["password: `Prod2024!` / `Stage2024!`", `password: \`${R}\` / \`${R}\``],
  // What each is for, after it, ends its item.
  ["password: Prod2024, Stage2024 for prod", `password: ${R}, ${R} for prod`],
  ["passwords: Prod2024, Stage2024 for the staging box.", `passwords: ${R}, ${R} for the staging box.`],
  ["password: Prod2024 for prod, Stage2024 for stage", `password: ${R} for prod, ${R} for stage`],
  ["password: Prod2024! for prod; Stage2024! for stage", `password: ${R} for prod; ${R} for stage`],
  ["password: Hunter2024! for prod and Winter2024 for dev", `password: ${R} for prod and ${R} for dev`],
];

describe("redactSecrets: passphrases with a function word, and passwords in a list", () => {
  it.each(PASSPHRASES_WITH_A_FUNCTION_WORD)("redacts the passphrase whole: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(PROSE_AFTER_A_PASSWORD)("redacts the password and leaves the prose: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(PASSIVE_AFTER_A_PASSWORD)("redacts a word in -ed after the label, and a password it is followed by: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(LISTED_PASSWORDS)("redacts every password listed: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(LISTED_PASSWORDS_MORE)("redacts every password listed, quoted or before prose: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each(NOT_LISTED_AFTER_A_PASSWORD)("leaves what is no password: %s", async (text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it("reads a long list in time linear in the line", { timeout: 10_000 }, async () => {
    const line = `passwords: Prod2024!${", Stage2024!".repeat(20_000)}`;
    const redacted = (await redactSecrets(line)).text;
    expect(redacted.includes("Stage2024!")).toBe(false);
    expect(redacted.split(R).length - 1).toBe(20_001);
  });

  it("reads a line of labels, each with its list and what it is for, in time linear in the line", { timeout: 10_000 }, async () => {
    const line = "password: Prod2024, Stage2024 for prod. ".repeat(5_000);
    const redacted = (await redactSecrets(line)).text;
    expect(redacted.includes("2024")).toBe(false);
    expect(redacted.split(R).length - 1).toBe(10_000);
  });
});
