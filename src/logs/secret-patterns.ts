/**
 * The one table of secret forms, beside secretlint's recommended rules.
 * A row's group `value` (or `value2`, in an alternative of its own; without
 * either, the whole match) is what gets redacted, and always ends the match
 * (context after it is a lookahead).
 * A group `words` holds the words between a password's label and its colon: the match counts only when they read as a
 * phrase about the password (`aboutThePassword`).
 * Rows earlier in the table win when two find the same span, so
 * vendor-specific rows come first and the generic ones last.
 */
export interface SecretPattern {
  /** Short, stable name shown in `[REDACTED:kind]`. */
  kind: string;
  /** Global regular expression. */
  pattern: RegExp;
  /** Text every match holds (or is near, for a pattern): a text without it is not searched (a cheap test before a costly pattern). */
  needs?: string | RegExp;
  /**
   * Every match lies in one line that holds `needs` (a pattern): only those lines are searched. For rows found from a
   * common word (`is`, `it's`) with their label looked for behind it, which searched every line of a log otherwise.
   */
  inLine?: true;
  /** A test the value must pass too, one the pattern cannot make under its `i` flag (letter case). */
  valueTest?: RegExp;
  /**
   * The value counts only as the first word of a passphrase of words, which is taken whole (`passphraseEnd`): no
   * run of words after it, nothing is taken.
   */
  passphrase?: true;
  /** `positive` must be redacted with this kind; `lookAlike` must be left untouched. */
  examples: { positive: string; lookAlike: string };
}

const ALNUM = "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5bC7dE9fG1hJ3kL5mN7pQ9rS1tU3vW5xY7z";
const HEX = "9f8e7d6c5b4a3f2e1d0c8b7a6f5e4d3c";

/** A credential-shaped string built at run time, so no literal secret sits in the repository. */
/** Where Mailgun is named: its newer keys are told by that name up to 300 characters away. */
export const MAILGUN_NAMED = /mailgun/i;

export function exampleSecret(prefix: string, length: number, alphabet: "alnum" | "hex" = "alnum"): string {
  const chars = alphabet === "hex" ? HEX : ALNUM;
  return prefix + chars.repeat(Math.ceil(length / chars.length)).slice(0, length);
}
const fake = exampleSecret;

// Keys are matched in any case; `pass` only after a separator (`DB_PASS`, not "tests pass:"), `pw` only as a word.
// Patterns start with a literal where they can: a leading lookbehind or alternation makes V8 try every position.
// A look ahead is bounded: unbounded, it rescans a long run from every place a match may start (quadratic).
const PASSWORD_WORD = "p(?:ass(?:word|wd|phrase)|wd|(?<=[_.-]p)ass|(?<![a-z0-9]p)w)";
const SECRET_WORD = "(?:secret(?:[_.-]?key(?:[_.-]?base)?)?|(?:private|signing|encryption|preshared)[_.-]?key)";
const TOKEN_WORD = "token";
const API_KEY_WORD = "(?:api[_.-]?key|(?:access|app|application|subscription|auth|routing|integration)[_.-]?key)";

// Unquoted values stop at whitespace, quotes and the characters that end a value in prose or tables.
const BARE = "[^\\s\"'`,;|<>\\u3000-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uff00-\\uffef]";
// A letter of any alphabet a password is typed in (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic): no `u` flag for `\p{L}`.
const LETTER = "A-Za-z\\u00c0-\\u024f\\u0370-\\u03ff\\u0400-\\u052f\\u0531-\\u0587\\u05d0-\\u05ea\\u0620-\\u064a";
// What passwords are hashed or encrypted with.
const ALGORITHMS = "sha|md5|aes|des|bcrypt|scrypt|argon|pbkdf|rsa|hmac|base64";
// What prose says a password is made of or hashed with, not the password: `sha512`, `AES-256`, `v3-format`, `12chars`.
// The algorithm is a word of its own (`SHA256-hashed`, not `Shadow99`); either ends the value, or its sentence.
const NOT_THE_PASSWORD = String.raw`(?!(?:v\d+(?:\.\d+)*(?:-[a-z]+\d*)*|(?:${ALGORITHMS})(?![a-z])[\w-]*|\d+-?(?:chars?|characters?|words?|digits?|letters?|days?|d|hours?|h|mins?|minutes?|bits?|bytes?))[.)]?(?![^\s\`"',;]))`;

// A bare value of a password's shape, after a label prose follows as often (`Password - Dash456Pw`): a digit or a symbol and a
// letter, ending before a sentence's punctuation (which `gluedTailEnd` gives back when it is `!` or `?`).
const PASSWORD_SHAPED = String.raw`(?<value>(?=[^\s\`"',;]{0,300}[\d!@#$%^&*])(?=[^\s\`"',;]{0,300}[${LETTER}])[^\s\`"',;]{3,}[^\s\`"',;.!?)])`;

// A literal `|` in a value: escaped, as a markdown table's cell (`pa\|ss`) or a shell word holds it.
const ESCAPED_PIPE = String.raw`(?<=\\)\|`;

/**
 * The longest run of a bare value one match takes: an AWS session token runs to a thousand characters and
 * more. Bounded, as from every key in a run of `password=password=…` the rest of the run would be read
 * (quadratic); a value that goes on past it is taken to its end by the caller (`bareValueEnd`).
 */
export const LONGEST_VALUE = 4096;
const BARE_RUN = new RegExp(`(?:${BARE}|${ESCAPED_PIPE})*`, "y");

// A URL's query parameter's value (`?token=…&page=2`) ends where the next parameter starts: `&` and `#` come encoded
// in it. Told by what is before it (`?` or `&`, a parameter's name, `=`), so a value read from a key's start is not
// read again from the next `&`. One test, asked two ways: `value()` puts it in its patterns as a look behind (its
// values stop at `&` in the pattern itself), and `inQuery` asks it of a value any row found, to cut that value at
// the next parameter (rows with values of their own shape: `?key=`, a session cookie's, `X-Amz-Security-Token=`).
const QUERY_NAME = String.raw`[?&][\w.[\]-]{1,64}=`;
const QUERY_VALUE = `(?<=${QUERY_NAME})`;
const NOT_QUERY_VALUE = `(?<!${QUERY_NAME})`;
const QUERY_ENDS = "&#";
const QUERY_CHAR = BARE.replace("[^", `[^${QUERY_ENDS}`);
const QUERY_RUN = new RegExp(`${QUERY_CHAR}*`, "y");
const QUERY_BEFORE = new RegExp(`${QUERY_NAME}$`);
const QUERY_END = new RegExp(`[${QUERY_ENDS}]`);

/** Whether a value starting at `at` is a URL's query parameter's (`?access_token=…`, `&user[password]=…`). */
export function inQuery(text: string, at: number): boolean {
  // The name is at most 64 characters: `?`, the name and `=` fit in the 66 before the value.
  return text[at - 1] === "=" && QUERY_BEFORE.test(text.slice(Math.max(0, at - 66), at));
}

/** Where a query parameter's value found from `start` to `end` ends: at the next parameter (`&`, `#`) if before `end`. */
export function queryValueEnd(text: string, start: number, end: number): number {
  const next = QUERY_END.exec(text.slice(start, end));
  return next ? start + next.index : end;
}

/** Where a bare value that goes on at `at` ends (a URL's query parameter's, at the next parameter). */
export function bareValueEnd(text: string, at: number, query = false): number {
  const run = query ? QUERY_RUN : BARE_RUN;
  run.lastIndex = at;
  run.test(text);
  return run.lastIndex;
}

/**
 * A value: quoted (the quotes are dropped when redacting) or bare. `min` is the
 * shortest value taken; `letter` asks for at least one letter (so a count is not a token).
 * A quoted value is taken whole at any length: it ends at the next quote of its kind, so
 * no character is read from two keys' starts.
 */
function value({ min = 3, letter = false } = {}): string {
  // Bounded as the value is: an unbounded look ahead rescans a long run of value characters from each start (quadratic).
  const need = (chars: string) => (letter ? `(?=${chars}{0,500}[A-Za-z])` : "");
  const bare = `${QUERY_VALUE}${need(QUERY_CHAR)}${QUERY_CHAR}{${min},${LONGEST_VALUE}}|${NOT_QUERY_VALUE}${need(BARE)}(?:${BARE}|${ESCAPED_PIPE}){${min},${LONGEST_VALUE}}`;
  return `(?<value>"${need('[^"\\n]')}[^"\\n]{${min},}"|'${need("[^'\\n]")}[^'\\n]{${min},}'|\`${need("[^`\\n]")}[^\`\\n]{${min},}\`|${bare})`;
}

// Between a key's name and its value: its closing quote (escaped in JSON held in a string: `\"`), a
// subscript's end (`environ["X"] =`) or markdown emphasis (`**Password:**`), around `=`, `:`,
// `=>`, `:=` or a full-width colon; and an escaped quote opening the value.
const NAME_END = String.raw`(?:\\?["'\`]|["']\]|\*{1,2})?`;
const ASSIGN = String.raw`[ \t]*(?:=>|:=|=(?!=)|:(?!:)|：)(?:\*{1,2})?[ \t]*\\?`;

// A tool's name where a command starts it (not in `backup.zip` or `mongo-express`), its arguments on
// the line up to a flag (bounded: read to the line's end from each name, a line of names costs its
// square), and the flag's value, which is neither the next flag nor a port mapping (`-p 27017:27017`).
// (`\b` first: a look behind alone is tried at every position, twice the time.)
const TOOL_START = String.raw`\b(?<![.-])`;
const TOOL_ARGS = String.raw`(?![\w.-])[^\n|;&]{0,300}?`;
const TOOL_VALUE = String.raw`(?!-|\d+:\d+\b)${value({ min: 1 })}`;

// Commands that print a secret (with the flags that make them print it alone).
const ARGS = String.raw`[^\n|;&]{0,300}?[ \t]`;
const PRINTS_A_SECRET = [
  String.raw`op[ \t]+read`,
  String.raw`op[ \t]+item[ \t]+get${ARGS}--fields?[ =]`,
  String.raw`(?:vault|bao)[ \t]+(?:kv[ \t]+get|read)${ARGS}-field=`,
  String.raw`gcloud[ \t]+secrets[ \t]+versions[ \t]+access`,
  String.raw`aws[ \t]+secretsmanager[ \t]+get-secret-value${ARGS}--output[ =]text`,
  String.raw`security[ \t]+find-(?:generic|internet)-password${ARGS}-w\b`,
  String.raw`(?:pass|gopass)[ \t]+show`,
  String.raw`bw[ \t]+get[ \t]+password`,
  String.raw`doppler[ \t]+secrets[ \t]+get${ARGS}--plain`,
  String.raw`heroku[ \t]+(?:config:get|auth:token)`,
  String.raw`kubectl[ \t]+get[ \t]+secrets?\b[^\n]{0,300}?\|[ \t]*base64[ \t]+(?:-d|--decode|-D)`,
  // A variable named for a secret, echoed alone (`$PWD` is a directory).
  String.raw`(?:echo|printenv)[ \t]+["']?\$?\{?[A-Z0-9_]*(?:PASSWORD|PASSWD|_PASS|_PWD|SECRET|TOKEN|API_?KEY|ACCESS_KEY)\}?["']?[ \t]*(?=\r?\n)`,
].join("|");

// A word saying what a password is for: a name, a path, a quoted path.
const ABOUT_WORD = String.raw`(?:[\w.@~/-]+|'[^'\n]{1,256}')`;

// A value that looks generated, in `chars`: a digit, a letter, and a run of 16 letters, digits or `%`
// somewhere (a session named "2024-06-12-keynote-track-b" or a Windows SID is no credential).
function generated(chars: string): string {
  return String.raw`(?=${chars}{0,64}\d)(?=${chars}{0,64}[A-Za-z])(?=${chars}{0,300}?[A-Za-z0-9%]{16})${chars}{16,${LONGEST_VALUE}}`;
}

// A label in Chinese, Japanese or Korean (`密码：`, `パスワードは`, `토큰:`) and its value. In CJK prose a
// label is often followed by a technical word in Latin letters (`令牌：JWT格式`, `密码：bcrypt加密`), so the
// value must have a secret's shape: a digit and a letter, six characters or more, taken whole, not run
// on into CJK text, nor the name of what a password is hashed or encrypted with (`AES-256-GCM`, `SHA256`).
const NOT_AN_ALGORITHM = String.raw`(?!(?:${ALGORITHMS})[\w-]*(?![\w-]))`;

// What ends a sentence right after a password in Japanese, Korean and Chinese, written with no space
// (`パスワードはx9Lion7です`, `비밀번호는 x9Lion7입니다`, `密码是x9Lion7吗`). Tokens and keys are left to
// the stricter end: a model's or a format's name comes before `です` as often (`トークンはJWT-RS256です`).
const PASSWORD_END = "(?=です|でした|だ|で[、。,]|になります|입니다|이고|이다|이에요|예요|吗|呢|。)";

function cjkLabel(words: string, ends = "(?!)"): RegExp {
  const join = String.raw`[ \t\u3000]*(?:[:：=＝]|是|为|為|は|는|은)?[ \t\u3000]*[「“"'\`]?`;
  const cjkLetter = String.raw`\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af`;
  return new RegExp(
    String.raw`(?:${words})${join}${NOT_AN_ALGORITHM}(?<value>(?=[!-~]{0,64}\d)(?=[!-~]{0,64}[A-Za-z])[A-Za-z0-9!#$%&*+./:=?@^_~-]{6,256})(?:${ends}|(?![A-Za-z0-9!#$%&*+./:=?@^_~\-${cjkLetter}]))`,
    "gi",
  );
}

// A label ending its line in a colon (a few words before it, `for <name>` or `is` after it, markdown
// around it), and on the next line (or the one after a blank line), indented or in backticks, a value
// alone, maybe with a comment after it. `value` gives its shape, in `VALUE_CHAR`s.
const VALUE_CHAR = "[^\\s`\"']";

function nextLineValue(word: string, value: string): RegExp {
  const emphasis = String.raw`(?:\*\*|__)?`;
  // Words are runs of their own characters between spaces, at most 64 long: a run of `a_a_…` split
  // into words in every way took the cube of its length.
  const words = String.raw`(?:[\w.@'’-]{1,64}[ \t]+){0,5}[\w.@-]{0,64}?`;
  const after = String.raw`(?:[ \t]+(?:for|of|on)[ \t]+(?:the[ \t]+)?[\w.@-]{1,64}(?:[ \t]+[\w.@-]{1,64})?)?(?:[ \t]+(?:is|was))?`;
  const quote = String.raw`(?:>[ \t]*){0,3}`;
  const label = String.raw`^[ \t]*${quote}(?:[-*+][ \t]+|#{1,6}[ \t]+)?${emphasis}${words}${word}s?${after}${emphasis}[ \t]*[:：]`;
  // The value on its own line, maybe in a fence of its own (a fence line, the value, a fence line).
  const fence = String.raw`(?:${quote}(?:\`{3,}|~{3,})[\w-]{0,20}[ \t]*\r?\n)?`;
  // YAML's block scalar (`password: |`, `token: >-`).
  const block = String.raw`(?:[ \t]+[|>][-+]?[1-9]?)?`;
  // Found from the colon, the label checked behind it: from each line's start the label's words were read again.
  return new RegExp(
    String.raw`[:：](?=${block}${emphasis}[ \t]*\r?\n)(?<=${label})${block}${emphasis}[ \t]*\r?\n(?:[ \t]*${quote}\r?\n)?[ \t]*${fence}[ \t]*${quote}[\`"']?(?<value>${value})(?=[\`"']?[ \t]*(?:#[^\n]*)?$)`,
    "gim",
  );
}

// A label in German, French, Spanish, Portuguese, Dutch, the Nordic languages, Polish, Czech, Turkish or
// Russian (`Passwort:`, `le mot de passe est`, `la contraseña de la base es`, `пароль —`, `API-Schlüssel:`) and a value of
// the given shape: prose follows such labels as often, in words no table of ours can list.
// Letters of the Latin and Cyrillic scripts: no `u` flag, under which each row took twice the time.
const LOCAL_LETTER = "A-Za-z\\u00c0-\\u024f\\u0400-\\u04ff";
// Finnish and Turkish glue a possessive to the word (`salasanani on`, my password is; `şifrem:`, `şifreniz:`, your password);
// the Nordic languages put it after the word (`passordet mitt er`, `lösenordet vårt är`, `adgangskoden min er`).
export const LOCAL_PASSWORD_WORDS =
  "passwort|kennwort|mot[ -]de[ -]passe|mdp|contraseña|contrasena|clave de acceso|senha|palavra-passe|wachtwoord|lösenord(?:et(?: (?:mitt|vårt|ditt|ert))?)?|passord(?:et(?: (?:mitt|vårt|ditt|deres))?)?|adgangskode(?:n(?: (?:min|vores|din|jeres))?)?|salasana(?:ni|si|mme|nne|nsa)?|hasło|haslo|heslo|şifre(?:si|m|miz|n|niz)?|ŞİFRE(?:Sİ|M|MİZ|N|NİZ)?|sifre(?:si|m|miz|n|niz)?|parola(?:m|m[ıi]z|n|n[ıi]z|s[ıi])?|пароль";
// Their verbs' past tenses (`het wachtwoord was`, `lösenordet var`, `salasana oli`, `hasło było`, `пароль был`): a note
// says what a password was as often as what it is. Not the passive's auxiliaries (`fue`, `foi`): `fue cambiada` is prose.
export const PAST_VERBS = "lautete|c['’]était|var|oli|było|bylo|был";
const LOCAL_VALUE = "[^\\s\"'`,;«»„“”]";
const LOCAL_VALUE_END = "[^\\s\"'`,;«»„“”.?)]";
// Counts and descriptions in those languages (`12Zeichen`, `16-stellig`, `2FA-geschützt`), not the password.
const NOT_A_LOCAL_PASSWORD = String.raw`(?!\d+-?(?:zeichen|stellig|stellen|caract[eè]res|tekens|tecken|tegn|merkki|znak|karakter|символ)|2fa)`;

// A password of letters alone in an alphabet with cases other than Latin's (`ЗолотаяРыбка`), as a table's cell holds it.
const CASED = String.raw`[\u0370-\u03ff\u0400-\u052f\u0531-\u0587]{6,64}`;
// A password of letters alone in any alphabet, maybe quoted, after a sign or `это` (`пароль: секретслово`, `Пароль —
// ЗолотаяРыбка`, `Passwort: geheimwort`): the password unless prose puts it there (a function word, a count, a word of
// NOT_SECRETS), as after an English label. Not a path's or a name's start (`siehe vault.example.com`).
const LETTER_WORD = String.raw`(?<=(?:[:=：\-–—]|[ \t]это)[ \t*„«“]{0,4})(?:"[${LETTER}]{4,64}"|'[${LETTER}]{4,64}'|[${LETTER}]{4,64}(?![${LETTER}0-9_@/\\-]|\.[^\s]))`;
// A passphrase's first word, a word of letters with more after it (`passphraseEnd` reads the rest).
const PASSPHRASE_WORD = `[${LETTER}]{1,32}(?=[ \t]+[${LETTER}])`;
// A password's mark: a digit or a symbol, or a capital after a small letter.
const PASSWORD_MARK = /[\d!@#$%^&*]|[a-z\u00df-\u00ff\u03ac-\u03ce\u0430-\u045f\u0561-\u0587][A-Z\u00c0-\u00de\u0386-\u03ab\u0400-\u042f\u0531-\u0556]/;

/** A value of a secret's shape after a local label: `min`+ characters with a letter and a `mark`, or quoted. */
function localValue(min: number, mark: string, not = ""): string {
  const shape = (chars: string) => `(?=${chars}{0,300}${mark})(?=${chars}{0,300}[${LOCAL_LETTER}])`;
  return String.raw`"${shape('[^"\\n]')}[^"\n]{${min},}"|'${shape("[^'\\n]")}[^'\n]{${min},}'|${not}${shape(LOCAL_VALUE)}${LOCAL_VALUE}{${min - 1},4095}${LOCAL_VALUE_END}`;
}

function localLabel(words: string, value: string, { borrowed = false } = {}): RegExp {
  // Whole words: the value is not what is left of a word cut short.
  const word = `[${LOCAL_LETTER}0-9._@'’-]{1,40}(?![${LOCAL_LETTER}0-9._@-])`;
  const bold = String.raw`(?:\*\*)?`;
  const sign = String.raw`${bold}[ \t]*(?:[:=：]|[-–—](?=[ \t]))${bold}`;
  // The verbs English shares (`is`, `was`, `to`, `on`) and a dash are left to the English rows after an English word.
  const foreignVerb = String.raw`[ \t]+(?:ist|lautet|war|est|était|c'est|c’est|es|era|é|è|är|er|jest|je|это|${PAST_VERBS})`;
  const verb = borrowed ? foreignVerb : String.raw`[ \t]+(?:ist|lautet|war|est|était|c'est|c’est|es|era|é|è|is|was|är|er|on|jest|to|je|это|—|${PAST_VERBS})`;
  // A word of time after the verb (`ist jetzt x`, `est maintenant x`, `sigue siendo`: `es ahora x`).
  const now = String.raw`(?:[ \t]+(?:jetzt|nun|noch|immer[ \t]+noch|maintenant|désormais|toujours|ahora|todavía|ora|ancora|nu|nog|teraz|nadal|сейчас|теперь|agora|ainda))?`;
  // What the password is for (`für den Server`, `de la base de données`, `от почты`): then a verb or a sign must follow,
  // or the next word is taken for the value (`Passwort für Nutzer admin2 zurückgesetzt`).
  const about = String.raw`[ \t]+(?:für|von|vom|zum|des|der|de|du|d'|la|le|l'|pour|del|da|do|dos|das|di|della|per|voor|van|för|til|dla|do|k|ke|для|от|к)[ \t]*${word}(?:[ \t]+${word}){0,5}`;
  // A word borrowed from English (`Das Password für den Server ist x`) needs the other language's words after it.
  const alone = borrowed ? `${verb}${now}(?:[ \t]*${sign})?` : String.raw`(?:${verb}${now})?(?:[ \t]*${sign})?`;
  const join = String.raw`(?:${about}(?:${verb}${now}(?:[ \t]*${sign})?|[ \t]*${sign})|${alone})`;
  // The value after a space, a sign or a quote mark: not glued to the label (`?q=passwort&page=2`).
  return new RegExp(
    String.raw`(?:${words})(?<=(?:^|[^${LOCAL_LETTER}0-9_])(?:${words}))(?![${LOCAL_LETTER}0-9_./-])${bold}${join}[ \t]*(?:[„«“][ \t]?)?(?<=[ \t:=：„«“*—–-])(?<value>${value})`,
    "gi",
  );
}

// `KEY = value`, `KEY: value`, `"key": "value"`, `key => value`, `export KEY="value"`. Any key
// ending in the word counts (`DB_PASSWORD`, `dbPassword`), so the match starts at the word itself.
// Not a URL's user (`https://x-access-token:…@host`): the URL's password is what follows, not the rest of the URL.
function assignment(word: string, valueSpec: { min?: number; letter?: boolean }): RegExp {
  return new RegExp(String.raw`${word}(?<!:\/\/[^\s/@]{0,100})${NAME_END}${ASSIGN}${value(valueSpec)}`, "gi");
}

// A row's pattern and the text every match of it holds (see `SecretPattern.needs`).
type Found = Pick<SecretPattern, "pattern" | "needs">;

function found(needs: string, source: string, flags: string): Found {
  return { pattern: new RegExp(source, flags), needs };
}

// `--password x`, `--db-password=x`, but not `--password-stdin`.
// Also as two strings of a JSON array (`"--api-key", "x"`), as an MCP server's config gives its command line.
function cliFlag(word: string, valueSpec: { min?: number; letter?: boolean }): Found {
  return found("--", String.raw`(?<![\w-])--(?:[a-z0-9]+-)*${word}(?:=|[ \t]+|["'][ \t]*,[ \t]*(?=["']))(?!["']?-)${value(valueSpec)}`, "gi");
}

// `<password>x</password>`, `<dbPassword>x</dbPassword>` (Maven's settings.xml, .NET configs): an element
// named for the word, holding one word (`<ResetPassword>Click here</ResetPassword>` is a label).
function xmlElement(word: string, valueSpec: { min?: number; letter?: boolean }): Found {
  const { min = 3, letter = false } = valueSpec;
  // Not over a `>`: from each of a run of `password>` the value would be scanned thousands of characters on.
  const letterAhead = letter ? String.raw`(?=[^<>\s]{0,500}[A-Za-z])` : "";
  return found("</", String.raw`<[\w.:-]*${word}>(?<value>${letterAhead}[^<>\s]{${min},${LONGEST_VALUE}})(?=</)`, "gi");
}

// A character of a cell's value of no spaces: `|` only escaped (`\|`, a literal pipe in GFM).
const CELL_CHAR = String.raw`(?:[^|\n\s\`]|${ESCAPED_PIPE})`;

// A markdown table row `| [label |] key | value |` that is not a header row (no `|---|` line after it),
// also as a list item (`- | staging | password | x |`). The key may follow a few words (`AWS secret access
// key`), each of letters, digits and dots and one separator: a run of `a_a_…` splits into them one way only.
// `value`: the cell's shape (any text, by default).
function tableCell(word: string, value = String.raw`(?:[^|\n\`]|${ESCAPED_PIPE})*(?:[^|\n\`\s]|${ESCAPED_PIPE})`): Found {
  return found(
    "|",
    String.raw`^[ \t]*(?:[-*+][ \t]+)?\|(?:[^|\n]*\|)*?[ \t]*(?:\*\*|\`)?(?:[A-Za-z0-9.]{1,64}[ _-]){0,3}${word}(?:\*\*|\`)?[ \t]*\|[ \t]*\`?(?<value>${value})(?=\`?[ \t]*\|(?![^\n]*\n[ \t]*\|?[ \t]*:?-{2,}))`,
    "gim",
  );
}

// A PEM private key encoded once more in base64, as kubeconfigs (`client-key-data:`) and Kubernetes secrets hold
// it: the encodings of its BEGIN lines, as far as they depend on the line alone.
const BASE64_PRIVATE_KEY = ["", "RSA ", "EC ", "DSA ", "OPENSSH ", "ENCRYPTED "]
  .map((kind) => `-----BEGIN ${kind}PRIVATE KEY-----`)
  .concat("-----BEGIN PGP PRIVATE KEY BLOCK-----")
  .map((line) =>
    Buffer.from(line)
      .toString("base64")
      .slice(0, Math.floor((line.length * 8) / 6)),
  );

// A credential in an Authorization header (`Authorization: Bearer abc123def`, `"authorization": "token x9k2m7"`), after
// curl's header flag (`-H "Bearer …"`, `--header=…`), in a scheme: any length from six, as the header says it is one.
// Not a placeholder (`<token>`, `$TOKEN`, `\${TOKEN}`, `xxx`, `...`: none of them is read as a value, or isPlaceholder
// knows it), nor a word (`Authorization: Bearer tokens`): a digit, a symbol or a capital inside. `more`: alternatives.
const HEADER_VALUE = "[A-Za-z0-9._~+/=-]{6,4096}";
const HEADER_VALUE_MARK = /[\d._~+/=-]|[a-z][A-Z]/;

function headerCredential(schemes: string, more = ""): Found {
  return {
    needs: new RegExp(schemes, "i"),
    pattern: new RegExp(
      String.raw`(?:Authorization["']?[ \t]*[:=][ \t]*["']?|(?<![\w-])-(?:H|-header)(?:[ \t]+|=)["']?)${schemes}[ \t]+(?<value>${HEADER_VALUE})${more}`,
      "gi",
    ),
  };
}

// What comes between a password and the verb that changed it (`the password got reverted to x`, `passwords were reset to x`).
const PASSWORD_AUXILIARY = String.raw`(?:is|are|was|were|got|gets|get|(?:has|have|had)(?:[ \t]+(?:now|just|already|finally|since|also))?[ \t]+been|been|will[ \t]+be|now)`;
const CHANGE_ADVERB = "(?:now|just|finally|temporarily|also|then|since|already|quickly|all|both|simply|still|actually)";
// When, between the verb and its value (`was changed yesterday to x`).
const WHEN_CHANGED = String.raw`(?:again|yesterday|today|tonight|earlier|(?:this|last|on|by)[ \t]+[\w'’-]+|[\w'’-]+[ \t]+ago)`;
// Verbs that give a password a new value: after them `to` or `as` names the value, not where the password went.
const CHANGE_VERB = String.raw`(?:set|changed|reset|updated|rotated|switched|reverted|restored|rolled[ \t]+back|put[ \t]+back|defaulted|bumped|flipped|modified|altered|regenerated|renewed|cycled|typed|mistyped|entered|retyped)`;
// Before a code's value: its verb in the languages of its labels (`PIN is 7391`, `die PIN ist 4711`, `le code est 2748`).
// Before a code's label that says whose it is or which (`the alarm code`, `our door code`), or a line's start: `code`
// alone, and an alarm's, are a program's or a machine's as often (`Error code for the door lock`, `UPS alarm code is 0142`).
const CODE_OWNER = String.raw`(?:^|\n|^[ \t]*(?:[-*+][ \t]+)?|[:;(][ \t]*|\b(?:[Tt]he|[Aa]|[Oo]ur|[Mm]y|[Yy]our|[Tt]heir|[Hh]is|[Hh]er|[Nn]ew|[Oo]ld|[Cc]urrent|[Tt]emporary)[ \t]+)`;
const CODE_AUXILIARY = `(?:${PASSWORD_AUXILIARY}|became|becomes|reads|ist|lautet|war|wurde|est|était|es|era|è|é|now|jetzt|maintenant|ahora)`;
/** A verb that gives a password a new value (`rolled`, `reverted`): after it `to` or `as` names the value. */
export const CHANGE_VERB_WORD = new RegExp(`^(?:${CHANGE_VERB}|rolled)$`, "i");

// A password's label in English or another language (`the password`, `das Passwort`, `şifreniz`), as a whole word.
const PHRASE_LABEL = String.raw`(?:\bp(?:ass(?:word|wd|phrase)|wd|w)s?\b|(?<![${LOCAL_LETTER}0-9_])(?:${LOCAL_PASSWORD_WORDS})(?![${LOCAL_LETTER}0-9_]))`;
// A passphrase of words in quote marks (`is "orange tractor whispers loudly"`).
const QUOTED_WORDS = String.raw`["“'][^"“”'\n]{0,127}[ \t][^"“”'\n]{0,127}["”']`;
// A password's verb before its value, in the languages of its labels (`is`, `ist`, `lautet`, `est`, `es`, `è`, `jest`).
const COPULA = "(?:is|are|was|were|became|becomes|reads|ist|sind|war|lautet|est|sont|était|es|son|era|è|é|är|er|jest|je)";
// A word of time between the verb and the value (`is now`, `ist immer noch`, `est toujours`).
const STILL = String.raw`(?:now|still|actually|really|simply|now[ \t]+reads|jetzt|nun|noch|immer[ \t]+noch|maintenant|désormais|toujours|ahora|todavía|ora|ancora|nu|nog|teraz|nadal|agora|ainda)`;
// A value with more of a password's shape, where only a password named a few words back says what it is (`the new one
// is x`): a sign, or capitals, small letters and digits, eight or more; not a ticket (`OPS-771`), a measure (`512Mi`,
// `1500ms`) or a name with a digit (`bcryptjs2`, `pod-7f9c4`, `shard4`).
const STRONG_PASSWORD =
  /^(?![~$#@!/+])(?![A-Z]{2,}-\d)(?!.*[=/?]|.*@\d|.*[a-z]V\d+$|.*-[a-z]{3,}(?:-|$))(?:.*[^\s!?][!@#$%^&*+?~]|.*[!@#$%^&*+~][^\s!?]|(?=.*\d)(?=.*[A-Z])(?=.*[a-z])(?![A-Z0-9]+-)(?!.*-[A-Z0-9]+$).{8})/u;
// Words that say a password was changed, before or after its label on the line.
const CHANGED_WORD = "(?:changed?|changes|reset|rotated?|updated?|regenerated|set|leaked|expired|replaced)";
// After the label, the verbs alone: `password reset`, `password change` name a thing as often (`the password reset mailer`).
const CHANGED_AFTER = "(?:changed|(?:was|got|been|is|has[ \\t]+been)[ \\t]+reset|rotated|updated|regenerated|leaked|expired|replaced)";
// The label ends its phrase, and a verb says it changed, after it or before it: a word after the label makes another thing
// of it (`changed the password hashing library, it's now bcryptjs`, `updated the password reset template`). Checked in
// the row's look behind, which also asks for a verb of change before the label when none follows it.
const LABEL_THEN_CHANGED = String.raw`(?:(?<=\b${CHANGED_WORD}\b[^\n]{0,60}?${PHRASE_LABEL})(?:[ \t]+(?:again|too|also))?(?:[ \t]*[,;.:—–]|[ \t]+-[ \t]|[ \t]+and\b)|[ \t]+(?:again[ \t]+)?${CHANGED_AFTER}\b|[ \t]+(?:reset|change)[ \t]+(?:done|complete|completed|finished)\b)`;
// After them, a value of letters and digits as people choose them: a word of five letters or more and two digits or more
// (`sunflower77`, `welcome123`), digits between letters (`p4ssw0rd`), or a sign inside. Not a name with a digit or two
// (`staging2`, `shard4`), a host (`ldap02.corp`), a setting or a path.
const CHANGED_PASSWORD =
  /^(?=.*[a-z])(?![~$#@!/+])(?!.*[=/@.]|.*[a-z]V\d+$)(?!(?:varchar|char|int|shard|pod|node|build|room|release|sprint|week|batch|cluster|floor|ticket|v)\d)(?:[A-Za-z]{5,}\d{2,}[!?]*|.*[A-Za-z]\d+[A-Za-z].*|.*[^\s!?][!#$%^&*+?~].*)$/u;
// "The new one" in the languages of password labels (`das neue ist x`, `le nouveau est x`, `la nueva es x`, `a nova é x`).
const NEW_ONE_ELSEWHERE =
  "(?:das|der|die)[ \\t]+neue|(?:le[ \\t]+nouveau|la[ \\t]+nouvelle)|(?:el[ \\t]+nuevo|la[ \\t]+nueva)|(?:il[ \\t]+nuovo|la[ \\t]+nuova)|(?:o[ \\t]+novo|a[ \\t]+nova)|(?:het|de)[ \\t]+nieuwe";
// A code's label in the other languages (`Türcode`, `code PIN`, `código de la alarma`, `codice della porta`, `deurcode`).
const LOCAL_CODE_WORDS = String.raw`t(?:ü|ue)rcode|alarmcode|tresorcode|zugangscode|pin-?code|deurcode|code[ \t]+(?:de[ \t]+la[ \t]+porte|pin|d['’]acc[eè]s)|c[oó]digo(?:[ \t]+(?:de[ \t]+la[ \t]+alarma|de[ \t]+la[ \t]+puerta|da[ \t]+porta|de[ \t]+acesso|pin))?|codice(?:[ \t]+(?:della[ \t]+porta|pin))?|pin`;
// A participle of change in those languages (`geändert`, `changé`, `restableció`, `alterado`, `cambiato`, `veranderd`).
const CHANGED_PARTICIPLE =
  "(?:ge(?:ä|ae)ndert|gesetzt|zur(?:ü|ue)ckgesetzt|zur(?:ü|ue)ckgestellt|umgestellt|festgelegt|(?:chang|modifi|r[ée]initialis|d[ée]fini|remplac)(?:é|ée|és|ées)|remis|cambi(?:ado|ada|ados|adas|é|ó|ato|ata)|restablec(?:ido|ida|idos|idas|ió|í)|puest[oa]s?|alterad[oa]s?|redefinid[oa]s?|trocad[oa]s?|mudad[oa]s?|reimpostat[oa]|impostat[oa]|veranderd|gewijzigd|ingesteld|teruggezet|(?:ä|a)ndrat?s?|(?:ä|a)ndrades|(?:å|a)terst(?:ä|a)llt|endret|tilbakestilt|zmienion[eoa]|zmieniono|ustawion[eoa]|изменён|изменен|сброшен|установлен)";
// The value itself: digits alone, or a password's shape. Bounded, as a look behind or ahead follows it: a word of a
// hundred thousand characters was read again from each of its characters (quadratic).
const CHANGED_VALUE = String.raw`(?!(?:19|20)\d{2}(?![\w-]|\.\d)|\d{1,2}[:h]\d{2}\b)\d{4,12}(?![\w-]|\.\d)|(?!\d{1,2}h\d{2}\b)(?=[^\s\`"',;]{0,300}[\d!@#$%^&*])(?=[^\s\`"',;]{0,300}[${LETTER}])[^\s\`"',;«»„“”]{2,255}[^\s\`"',;.!?)«»„“”]`;
// The preposition before the new value (`auf`, `en`, `à`, `a`, `para`, `in`, `naar`, `op`, `till`, `na`, `на`).
const CHANGED_TO = "(?:auf|en|à|a|para|in|naar|op|till|til|på|na|на|sur|pour)";
// The lines that may hold one of those labels: a code's label in English alone (`PIN`, `code`) is left to the English rows.
const LOCAL_CHANGE_HINT = new RegExp(
  String.raw`p(?:ass|wd?)|${LOCAL_PASSWORD_WORDS}|t(?:ü|ue)rcode|alarmcode|tresorcode|zugangscode|pin-?code|deurcode|code[ \t]+(?:pin|de[ \t]+la)|c[oó]digo|codice`,
  "i",
);
// Where a line names its password again (`the new one is`, `it's now`, `New one:`, `current:`, `le nouveau est`).
const NAMED_AGAIN = String.raw`(?:(?:(?:the|a|my|our|its|his|her|their)[ \t]+)?(?:new|old|current|temporary|temp|previous|default|updated|real|actual|correct|right|final)(?:[ \t]+new)?(?:[ \t]+(?:one|value|pw|pwd|password|passphrase|passcode))?(?:[ \t]*[:：]|[ \t]+(?:is|was)|['’]s)|it['’]s|now[ \t]+it['’]s|it[ \t]+is|it[ \t]+was|now[ \t]*[:：]|(?:${NEW_ONE_ELSEWHERE})[ \t]+${COPULA})(?:[ \t]+(?:now|still|actually))?(?:[ \t]*:)?[ \t]+`;
// The lines that may hold a password's label (any word it starts, whole or not): rows that look behind for one search
// only those. The label itself, looked for in every line, cost more than the rows.
const PASSWORD_LABEL = new RegExp(`p(?:ass|wd?)|${LOCAL_PASSWORD_WORDS}`, "i");
// A word between it and its colon: no colon, nor the end of a sentence or a clause (`;`, `!`, `?`, a final `.` or `,`).
const PHRASE_WORD = String.raw`[^\s:：;!?]{0,63}[^\s:：;!?.,]`;
// An e-mail address, a digest (hex of one case, a crypt string: `$2b$12$…`) or a time (`10:30am`): what a colon after
// prose about a password points at, not the password.
const NOT_AN_ADDRESS = String.raw`(?!(?:[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){0,8}\.[A-Za-z]{2,24}|[0-9a-f]{16,512}|[0-9A-F]{16,512}|\$(?:\d[a-z]?|[a-z]|argon2(?:id|i|d)|scrypt|pbkdf2[\w-]{0,16}|sha\d{1,3})\$[^\s\`"',;]*|\d{1,2}(?::\d{2}){1,2}(?:[ap]\.?m\.?|h|z)?)(?![^\s\`"',;.!?)]))`;

// A time of day written without a colon (`10pm`, `9.30am`): what prose about a password says it was changed at.
const NOT_A_CLOCK = String.raw`(?!\d{1,2}(?:[.:]\d{2})?[ap]\.?m\.?(?![^\s\`"',;.!?)]))`;

export const SECRET_PATTERNS: SecretPattern[] = [
  {
    kind: "private-key",
    // Up to the END line; when it is missing, over the header and base64 lines that follow (JSON `\n` too),
    // each maybe numbered (`cat -n`, a read tool's `→`) or a diff's line, the blank line after the headers too.
    // No END is looked for past the next BEGIN: a log of BEGIN lines would be scanned to its end from each.
    // A header (`Proc-Type: 4,ENCRYPTED`) is tried first: its name alone would pass for base64. A blank line or
    // two (a renderer that doubled the line breaks) when a whole line of base64 follows them.
    pattern:
      /-----BEGIN[ A-Z0-9]*(?:PRIVATE|SECRET) KEY(?: BLOCK)?-----(?:(?:[^-]|-(?!----BEGIN))*?-----END[ A-Z0-9]*(?:PRIVATE|SECRET) KEY(?: BLOCK)?-----|(?:(?:\r?\n|\\n)[ \t>]*(?:\d+(?:\t|→|:|\|)[ \t]*)?[-+]?(?:[A-Za-z-]+: [^\n\\]*(?:(?:\r?\n|\\n)(?=\r?\n|\\n))?|[A-Za-z0-9+/=]+[ \t]*(?=\r?\n|\\n|$|["'`]|\.\.\.|…)|[ \t]*(?=(?:(?:\r?\n|\\n)[ \t>]*)?(?:\r?\n|\\n)[ \t>]*(?:\d+(?:\t|→|:|\|)[ \t]*)?[-+]?[A-Za-z0-9+/]{40,}={0,2}[ \t]*(?:\r?\n|\\n|$))))*)/g,
    examples: {
      positive: `-----BEGIN RSA PRIVATE KEY-----\n${fake("MIIEow", 64)}\n${fake("AoGBAK", 40)}`,
      lookAlike: "-----BEGIN PUBLIC KEY----- blocks are fine to share",
    },
  },
  {
    kind: "private-key",
    // The SSH.com (RFC 4716) form: four dashes and spaces; its headers and base64 lines up to its END line.
    pattern: /---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----(?:\r?\n(?:[A-Za-z-]+:[^\n]*|[A-Za-z0-9+/=\\]+[ \t]*|---- END SSH2 ENCRYPTED PRIVATE KEY ----))*/g,
    examples: {
      positive: `---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: "k"\n${fake("P2/56w", 64)}\n---- END SSH2 ENCRYPTED PRIVATE KEY ----`,
      lookAlike: "---- BEGIN SSH2 PUBLIC KEY ---- blocks are public",
    },
  },
  {
    kind: "private-key",
    // Its folded lines too: each a line of base64 alone, not all letters (a word on the line after it).
    needs: "LS0tLS1CRUdJTi",
    pattern: new RegExp(
      `(?:${BASE64_PRIVATE_KEY.join("|")})[A-Za-z0-9+/]*={0,2}(?:\\r?\\n[ \\t]*(?=[A-Za-z]*[0-9+/=])[A-Za-z0-9+/]+={0,2}[ \\t]*(?=\\r?\\n|$))*`,
      "g",
    ),
    examples: {
      positive: `    client-key-data: ${Buffer.from(`-----BEGIN RSA PRIVATE KEY-----\n${fake("MIIEow", 64)}\n`).toString("base64")}`,
      lookAlike: `    client-certificate-data: ${Buffer.from("-----BEGIN CERTIFICATE-----\nMIIC\n").toString("base64")}`,
    },
  },
  {
    kind: "anthropic-key",
    pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/g,
    examples: { positive: `ANTHROPIC=${fake("sk-ant-api03-", 40)}`, lookAlike: "keys start with sk-ant-api03- and are long" },
  },
  {
    kind: "openrouter-key",
    pattern: /\bsk-or-v1-[A-Za-z0-9]{32,}/g,
    examples: { positive: `router ${fake("sk-or-v1-", 64, "hex")}`, lookAlike: "set an sk-or-v1- key in the config" },
  },
  {
    kind: "openai-key",
    // Generated: a run of 12 letters and digits, not all of one case (a branch `sk-1423-fix-payment-retry` is no key).
    pattern:
      /\bsk-(?:proj-|svcacct-|admin-|live-|test-)?(?=[A-Za-z0-9_-]{0,200}\d)(?=[A-Za-z0-9_-]{0,200}?(?![a-z]{12}|[A-Z]{12}|\d{12})[A-Za-z0-9]{12})[A-Za-z0-9_-]{20,}/g,
    examples: { positive: `use ${fake("sk-proj-", 48)} now`, lookAlike: "git checkout -b sk-1423-fix-payment-webhook-retry-logic" },
  },
  {
    kind: "stripe-key",
    pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|\bwhsec_[A-Za-z0-9]{24,}/g,
    examples: { positive: `charge with ${fake("sk_live_", 24)}`, lookAlike: "never commit sk_live_ keys; pk_live_51Hx is public" },
  },
  {
    kind: "github-token",
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})\b/g,
    examples: { positive: `token ${fake("ghp_", 36)}`, lookAlike: "classic tokens start with ghp_ and fine-grained ones with github_pat_" },
  },
  {
    kind: "gitlab-token",
    pattern: /\bgl(?:pat|ptt|dt|rt|cbt|soat|ft|imt|agent|oas|ffct)-[A-Za-z0-9_-]{20,}|\bGR1348941[A-Za-z0-9_-]{20,}/g,
    examples: { positive: `Private-Token: ${fake("glpat-", 20)}`, lookAlike: "create a glpat-scoped token in GitLab settings" },
  },
  {
    kind: "huggingface-token",
    pattern: /\b(?:hf_|api_org_)[A-Za-z0-9]{30,}\b/g,
    examples: { positive: `HF ${fake("hf_", 34)}`, lookAlike: "call hf_hub_download for the weights" },
  },
  {
    kind: "digitalocean-token",
    pattern: /\bdo[opr]_v1_[a-f0-9]{64}\b/g,
    examples: { positive: `doctl auth init -t ${fake("dop_v1_", 64, "hex")}`, lookAlike: "tokens look like dop_v1_ followed by hex" },
  },
  {
    kind: "slack-token",
    pattern: /\b(?:xox[abposrecd]|xapp)-(?=[A-Za-z0-9-]{0,200}\d)[A-Za-z0-9-]{10,}/g,
    examples: { positive: `bot ${fake("xoxb-1234567890-", 24)}`, lookAlike: "xoxb- tokens belong to bots, xoxp- ones to users" },
  },
  {
    kind: "slack-webhook",
    // Also workflow and trigger webhooks.
    pattern:
      /https:\/\/hooks\.slack\.com\/(?:services\/T[A-Za-z0-9]+\/B[A-Za-z0-9]+\/[A-Za-z0-9]+|(?:workflows|triggers)\/T[A-Za-z0-9]+(?:\/[A-Za-z0-9]+){2,3})/g,
    examples: {
      positive: `post to https://hooks.slack.com/services/T0123ABCD/B0456EFGH/${fake("", 24)}`,
      lookAlike: "incoming webhooks live under https://hooks.slack.com/services/ (see the Slack docs)",
    },
  },
  {
    kind: "teams-webhook",
    pattern: /https:\/\/[\w-]+\.webhook\.office\.com\/webhookb2\/[\w@/-]{20,}/g,
    examples: {
      positive: `post to https://contoso.webhook.office.com/webhookb2/${fake("", 36)}/IncomingWebhook/${fake("", 32)}`,
      lookAlike: "Teams webhooks live under https://contoso.webhook.office.com/",
    },
  },
  {
    kind: "discord-webhook",
    // Whole, as Slack's and Teams' are: a webhook's URL is its credential.
    pattern: /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]{30,}/g,
    examples: {
      positive: `hook https://discord.com/api/webhooks/123456789012345678/${fake("", 68)}`,
      lookAlike: "https://discord.com/developers/docs/resources/webhook",
    },
  },
  {
    kind: "discord-token",
    pattern: /\b[MNO](?=[A-Za-z0-9]{0,25}\d)[A-Za-z0-9]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}\b/g,
    examples: { positive: `bot ${fake("MTk4NjIyNDgzNDcxOTI1MjQ4", 0)}.${fake("Cl2FMQ", 0)}.${fake("", 27)}`, lookAlike: "Minecraft.server.properties" },
  },
  {
    kind: "telegram-token",
    // In a Bot API URL, the token whatever its shape (`/bot123456:ABC-DEF…/sendMessage`, as Telegram's docs write it).
    ...found("api.telegram.org", String.raw`api\.telegram\.org\/(?:file\/)?bot(?<value>\d{1,20}:[A-Za-z0-9_-]{1,256})`, "g"),
    examples: {
      positive: "curl https://api.telegram.org/bot123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11/getMe",
      lookAlike: "see https://api.telegram.org/bots/api",
    },
  },
  {
    kind: "telegram-token",
    // Not after a word boundary: the Bot API's URLs glue the token to `bot` (`/bot123…:AA…/sendMessage`).
    pattern: /(?<!\d)\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/g,
    examples: { positive: `bot ${fake("1234567890:AA", 33)}`, lookAlike: "at 2026-03-04 12:30:00 the bot restarted" },
  },
  {
    kind: "service-token",
    // Prefixes that name the service: PyPI, Docker Hub, Tailscale, HashiCorp Vault, age, LangSmith, Pinecone,
    // Atlassian, Grafana, Postman, New Relic, Sentry, Supabase, Square, Meta, Doppler, Databricks, Firebase,
    // Airtable, Figma, Pulumi, Netlify, Render.
    pattern:
      /\b(?:pypi-AgE[A-Za-z0-9_-]{50,}|dckr_(?:pat|oat)_[A-Za-z0-9_-]{20,}|tskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9-]{20,}|hv[sbr]\.[A-Za-z0-9_-]{24,}|AGE-SECRET-KEY-1[A-Z0-9]{58}|lsv2_(?:pt|sk)_[A-Za-z0-9_]{30,}|pcsk_[A-Za-z0-9_]{40,}|ATATT3x[A-Za-z0-9_=-]{100,}|glsa_[A-Za-z0-9_]{30,}|PMAK-[A-Za-z0-9-]{40,}|NRAK-[A-Z0-9]{27}|sntry[su]_[A-Za-z0-9+/=_]{40,}|sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{30,}|sq0(?:atp|csp)-[A-Za-z0-9_-]{22,}|EAA(?=[A-Za-z0-9]{0,200}\d)[A-Za-z0-9]{90,}|dp\.(?:pt|st|sa|ct|scim|audit)\.(?:[\w-]{1,64}\.)?[A-Za-z0-9]{40,}|dapi[a-f0-9]{32}(?:-\d+)?|AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{60,}|glc_[A-Za-z0-9+/=_]{32,}|pat[A-Za-z0-9]{14}\.[a-f0-9]{64}|figd_[A-Za-z0-9_-]{40,}|pul-[a-f0-9]{40}|nfp_[A-Za-z0-9]{36}|rnd_[A-Za-z0-9]{32}|ATBB[A-Za-z0-9]{32}|ATCTT3xFfGN0[A-Za-z0-9_=-]{100,}|pat-(?:na|eu)\d-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|NRII-[A-Za-z0-9_-]{32}|rubygems_[a-f0-9]{48}|oy2[a-z0-9]{43}|pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.=-]{32,}|sgp_(?:[a-fA-F0-9]{16}_)?[a-fA-F0-9]{40}|xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}|CFPAT-[A-Za-z0-9_-]{43}|tfp_[A-Za-z0-9_.=-]{40,}|squ_[a-f0-9]{40}|bkua_[a-f0-9]{40}|CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}|rdme_[a-z0-9]{70}|pnu_[A-Za-z0-9]{36}|dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}|fo1_[A-Za-z0-9_-]{39,}|AKCp[A-Za-z0-9]{69}|eyJrIjoi[A-Za-z0-9+/=]{50,}|HRKU-AA[A-Za-z0-9_-]{58}|cf(?:ut|at|k)_[A-Za-z0-9]{40,}|ABSK[A-Za-z0-9+/=]{100,}|LTAI[A-Za-z0-9]{12,24}|AAAAAAAAAAAAAAAAAAAAA[A-Za-z0-9%]{30,}|sk\.eyJ[A-Za-z0-9_-]{50,}\.[A-Za-z0-9_-]{20,}|v1\.0-[a-f0-9]{24}-[a-f0-9]{146}|s\.(?=[A-Za-z0-9]{0,24}\d)(?=[A-Za-z0-9]{0,24}[A-Z])(?=[A-Za-z0-9]{0,24}[a-z])[A-Za-z0-9]{24}(?![\w.-]))/g,
    examples: { positive: `login ${fake("dckr_pat_", 27)}`, lookAlike: "Docker Hub tokens start with dckr_pat_ and Vault's with hvs." },
  },
  {
    kind: "twilio-key",
    pattern: /\b(?:SK|AC)[0-9a-f]{32}\b/g,
    examples: { positive: `sid ${fake("SK", 32, "hex")}`, lookAlike: "commit ac9f8e7d6c5b4a3f2e1d0c8b7a6f5e4d3c2b1a09" },
  },
  {
    kind: "mailgun-key",
    pattern: /\bkey-[0-9a-zA-Z]{32}\b/g,
    examples: { positive: `MG ${fake("key-", 32, "hex")}`, lookAlike: "a key-value store with key-based sharding" },
  },
  {
    kind: "mailgun-key",
    // The newer private API and signing keys: 32 hex, 8, 8. No prefix marks them, so only where Mailgun
    // is named near them (`MAILGUN_API_KEY=`, `api:…@api.mailgun.net`), looked for from the key, not before each word.
    needs: MAILGUN_NAMED,
    pattern: /\b[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}\b(?:(?<=mailgun[\s\S]{0,300})|(?=[\s\S]{0,300}mailgun))/gi,
    examples: {
      positive: `MAILGUN_SIGNING_KEY=${fake("", 32, "hex")}-${fake("", 8, "hex")}-${fake("", 8, "hex")}`,
      lookAlike: `build ${fake("", 32, "hex")}-${fake("", 8, "hex")}-${fake("", 8, "hex")} of the mail service`,
    },
  },
  {
    kind: "sendgrid-key",
    pattern: /\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}\b/g,
    examples: { positive: `mail ${fake("SG.", 22)}.${fake("", 43)}`, lookAlike: "the SG.Mail.Send scope" },
  },
  {
    kind: "npm-token",
    pattern: /\bnpm_[A-Za-z0-9]{36}\b|_authToken=(?<value>[^\s$][^\s]*)/g,
    examples: { positive: `//registry.npmjs.org/:_authToken=${fake("npm_", 36)}`, lookAlike: "read npm_config_cache and npm_package_version" },
  },
  {
    kind: "linear-key",
    pattern: /\blin_api_[A-Za-z0-9]{32,}/g,
    examples: { positive: `LINEAR ${fake("lin_api_", 40)}`, lookAlike: "lin_api_ keys come from the Linear settings" },
  },
  {
    kind: "shopify-token",
    pattern: /\bshp(?:at|ca|pa|ss)_[A-Za-z0-9]{32,}/g,
    examples: { positive: `shop ${fake("shpat_", 32, "hex")}`, lookAlike: "an shpat_ token is an admin token" },
  },
  {
    kind: "onepassword-token",
    pattern: /\bops_ey[A-Za-z0-9+/=_-]{50,}/g,
    examples: { positive: `OP ${fake("ops_eyJ", 120)}`, lookAlike: "the 1Password CLI reads OP_SERVICE_ACCOUNT_TOKEN" },
  },
  {
    kind: "aws-access-key",
    // AWS's documented example key (…EXAMPLE) is not a secret.
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)(?![A-Z0-9]*EXAMPLE)[A-Z0-9]{16}\b/g,
    examples: { positive: "id AKIAQWERTYUIOPASDFGH ok", lookAlike: "the docs use AKIAIOSFODNN7EXAMPLE" },
  },
  {
    kind: "aws-secret-key",
    // Also as `aws configure` asks for it: `AWS Secret Access Key [****************ABCD]: …`.
    pattern:
      /\b(?:aws[_ ]?)?secret[_ ]?access[_ ]?key["']?(?:[ \t]*\[[^\]\n]{0,64}\])?(?:\s*(?:=>|=|:)\s*|[ \t]+)["']?(?<value>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
    examples: { positive: `AWS Secret Access Key [None]: ${fake("", 40)}`, lookAlike: "set aws_secret_access_key in ~/.aws/credentials" },
  },
  {
    kind: "token",
    // The session token as `aws configure` asks for it, or `aws configure set` takes it.
    pattern: /\baws[_ ]session[_ ]token(?:[ \t]*\[[^\]\n]{0,64}\][ \t]*:|[ \t]+)[ \t]*["']?(?<value>[A-Za-z0-9/+=]{100,4096})(?![A-Za-z0-9/+=])/gi,
    examples: { positive: `AWS Session Token [None]: ${fake("IQoJb3JpZ2luX2Vj", 300)}`, lookAlike: "AWS Session Token [None]: (blank for long-term keys)" },
  },
  {
    kind: "google-api-key",
    pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g,
    examples: { positive: `maps ${fake("AIzaSy", 33)}`, lookAlike: "browser keys start with AIza and are restricted" },
  },
  {
    kind: "google-oauth",
    // Client secrets, access tokens, and refresh tokens (`1//0…`).
    pattern: /\bGOCSPX-[A-Za-z0-9_-]{20,}|\bya29\.[A-Za-z0-9_-]{20,}|(?<![\w/])1\/\/0[A-Za-z0-9_-]{40,}/g,
    examples: { positive: `client ${fake("GOCSPX-", 28)}`, lookAlike: "OAuth client secrets start with GOCSPX-" },
  },
  {
    kind: "azure-key",
    pattern: /\b(?:AccountKey|SharedAccessKey)=(?<value>[A-Za-z0-9+/]{20,}={0,2})/g,
    examples: {
      positive: `DefaultEndpointsProtocol=https;AccountName=logs;AccountKey=${fake("", 86)}==;`,
      lookAlike: "AccountName=logs;AccountKey=$AZURE_STORAGE_KEY",
    },
  },
  {
    kind: "azure-sas",
    pattern: /[?&]sig=(?<value>[A-Za-z0-9%+/=]{20,})/g,
    examples: {
      positive: `https://logs.blob.core.windows.net/c?sv=2022-11-02&sig=${fake("", 43)}%3D`,
      lookAlike: "https://example.com/search?q=sig&page=2",
    },
  },
  {
    kind: "aws-signature",
    // A presigned URL's signature: whoever holds the URL has the object until it expires. Its session token too.
    ...found("X-Amz-", "[?&]X-Amz-Signature=(?<value>[0-9a-fA-F]{32,128})", "g"),
    examples: {
      positive: `https://b.s3.amazonaws.com/k?X-Amz-Expires=3600&X-Amz-Signature=${fake("", 64, "hex")}`,
      lookAlike: "the X-Amz-Signature= parameter",
    },
  },
  {
    kind: "token",
    ...found("X-Amz-", "[?&]X-Amz-Security-Token=(?<value>[A-Za-z0-9%+/=_-]{16,4096})", "g"),
    examples: {
      positive: `https://b.s3.amazonaws.com/k?X-Amz-Security-Token=${fake("IQoJb3JpZ2luX2Vj", 200)}&X-Amz-Date=1`,
      lookAlike: "https://b.s3.amazonaws.com/k?X-Amz-Security-Token=&X-Amz-Date=20240101T000000Z",
    },
  },
  {
    kind: "gcp-signature",
    ...found("X-Goog-", "[?&]X-Goog-Signature=(?<value>[0-9a-fA-F]{32,1024})", "g"),
    examples: { positive: `https://storage.googleapis.com/b/o?X-Goog-Expires=900&X-Goog-Signature=${fake("", 256, "hex")}`, lookAlike: "X-Goog-Signature=…" },
  },
  {
    kind: "ai-key",
    // Groq, xAI, Perplexity, Replicate, Tavily, Notion.
    pattern:
      /\b(?:gsk_[A-Za-z0-9]{40,}|xai-[A-Za-z0-9]{40,}|pplx-[A-Za-z0-9]{40,}|r8_[A-Za-z0-9]{30,}|tvly-(?:dev-)?[A-Za-z0-9]{20,}|(?:secret|ntn)_[A-Za-z0-9]{40,})\b/g,
    examples: { positive: `GROQ ${fake("gsk_", 52)}`, lookAlike: "the xai-sdk and pplx-api packages" },
  },
  {
    kind: "jwt",
    pattern: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{10,}/g,
    examples: { positive: `id_token ${fake("eyJhbGciOiJIUzI1NiJ9", 0)}.${fake("eyJzdWIiOiIx", 20)}.${fake("", 43)}`, lookAlike: "a JWT starts with eyJ" },
  },
  {
    kind: "basic-auth",
    pattern: /\bAuthorization["']?\s*[:=]\s*["']?Basic\s+(?<value>[A-Za-z0-9+/=._~-]{6,})/gi,
    examples: { positive: `curl -H "Authorization: Basic ${fake("YWRtaW46", 16)}"`, lookAlike: "HTTP Basic authentication is disabled" },
  },
  {
    kind: "bearer-token",
    // In an Authorization header (`Authorization: Bearer abc123def`, `"authorization": "token x9k2m7"`), after curl's
    // header flag (`-H "Bearer …"`) or a key named for it (`bearer: …`), a credential of any length from six: the
    // header says it is one. Not a placeholder (`<token>`, `$TOKEN`, `\${TOKEN}`, `xxx`, `...`: none of them is read as a
    // value, or isPlaceholder knows it), nor a word (`Authorization: Bearer tokens`): a digit, a symbol or a capital inside.
    ...headerCredential("Bearer", String.raw`|\bBearer["']?[ \t]*[:=][ \t]*["']?(?<value2>${HEADER_VALUE})`),
    valueTest: HEADER_VALUE_MARK,
    examples: {
      positive: 'curl -H "Authorization: Bearer abc123def" https://api.example.com',
      lookAlike: 'curl -H "Authorization: Bearer $TOKEN", Authorization: Bearer <token>, send Authorization: Bearer tokens',
    },
  },
  {
    kind: "token",
    // The header's other schemes, as short (`Authorization: Token abc123`, `-H "Authorization: Bot x9k2m7"`).
    ...headerCredential("(?:Token|Bot|JWT|ApiKey|SSWS|OAuth)"),
    valueTest: HEADER_VALUE_MARK,
    examples: { positive: 'curl -H "Authorization: Token abc123" https://x.test', lookAlike: "Authorization: Token <token>, Authorization: Token auth" },
  },
  {
    kind: "bearer-token",
    pattern: /\bBearer\s+(?<value>(?=[A-Za-z0-9._~+/=-]{0,4096}\d)[A-Za-z0-9._~+/=-]{16,})/gi,
    examples: { positive: `Authorization: Bearer ${fake("", 32)}`, lookAlike: 'curl -H "Authorization: Bearer $API_TOKEN" (bearer tokens are stateless)' },
  },
  {
    kind: "token",
    // Other schemes (`Token x`, `Bot x`) and bare values in an Authorization header.
    pattern: new RegExp(
      String.raw`\bAuthorization["']?[ \t]*[:=][ \t]*["']?(?:(?:Token|Bot|ApiKey|Key|SSWS|OAuth)[ \t]+)?(?!["']?(?:Bearer|Basic|Digest|Negotiate)\b|["'](?:Token|Bot|ApiKey|Key|SSWS|OAuth)[ \t])${value({ min: 8, letter: true })}`,
      "gi",
    ),
    examples: { positive: `-H "Authorization: Token ${fake("", 40, "hex")}"`, lookAlike: "Authorization: see the runbook" },
  },
  {
    kind: "github-token",
    // The token sits in the user part: `https://TOKEN:x-oauth-basic@github.com/`.
    pattern: /\bhttps?:\/\/(?<value>[^\s:/@]+)(?=:x-oauth-basic@)/g,
    examples: { positive: `git clone https://${fake("", 40, "hex")}:x-oauth-basic@github.com/org/repo.git`, lookAlike: "https://github.com/org/repo.git" },
  },
  {
    kind: "url-token",
    // A token as a URL's whole user: `https://<token>@github.com/…`.
    // Generated: a run of 12 letters and digits, not all of one case (`deploy-bot-runner-2024@build01` is a user).
    pattern:
      /:\/\/(?<value>(?=[A-Za-z0-9_-]{0,256}\d)(?=[A-Za-z0-9_-]{0,256}[A-Za-z])(?=[A-Za-z0-9_-]{0,256}?(?![a-z]{12}|[A-Z]{12}|\d{12})[A-Za-z0-9]{12})[A-Za-z0-9_-]{20,256})(?=@[^\s/?#@]+)/g,
    examples: { positive: `git clone https://${fake("", 40, "hex")}@github.com/o/r.git`, lookAlike: "git clone https://dana.lee@example.com/o/r.git" },
  },
  {
    kind: "url-password",
    // `scheme://user:pw@host` and `scheme://:pw@host`; the password may hold an unencoded `@`, and `/`, `?`
    // or `#` (generated passwords do) unless it is a port (`host:8080/a@b` is a path) or the user a host name.
    pattern:
      /:\/\/(?<=[a-z0-9]:\/\/)[^\s:/@]*:(?<value>(?!\d+[/?#])(?:(?<=\/\/[^\s:/@.[\]]*:)[^\s@[\]]{1,256}?|[^\s/?#@]{1,256}?)(?:@[^\s/?#@]+)*)(?=@[^\s/?#@]+)/gi,
    examples: { positive: "cache at redis://:s3cr3tPass@cache.internal:6379/0", lookAlike: "ssh://git@github.com:22/org/repo.git at http://localhost:8080/x" },
  },
  {
    kind: "password",
    // `-p x` / `-px` after the tools that take a password that way.
    pattern: new RegExp(
      String.raw`${TOOL_START}(?:sshpass|mysql|mysqldump|mysqladmin|mariadb|mongosh|mongo|mongodump|mongorestore|mongoexport|mongoimport|(?:docker|podman|nerdctl|buildah|az) login)${TOOL_ARGS}[ \t]-p[ \t]*${TOOL_VALUE}`,
      "g",
    ),
    examples: { positive: "sshpass -p 'hunter2' ssh deploy@10.0.0.5", lookAlike: "mkdir -p build && ssh -p 2222 deploy@10.0.0.5" },
  },
  {
    kind: "password",
    // 7-Zip takes its password attached: `7z a -pSECRET`.
    pattern: new RegExp(String.raw`${TOOL_START}(?:7z[az]?|unrar|rar)(?:\.exe)?${TOOL_ARGS}[ \t]-p(?=[^\s-])${value({ min: 1 })}`, "g"),
    examples: { positive: "7z a -pZebra7Lion backup.7z data/", lookAlike: "7z a -p backup.7z data/ (asks for it)" },
  },
  {
    kind: "password",
    // `-P x` after the tools that take a password that way.
    pattern: new RegExp(String.raw`${TOOL_START}(?:sqlcmd|mssql-cli|bcp|zip|unzip|mosquitto_(?:pub|sub|rr))${TOOL_ARGS}[ \t]-[a-z]*P[ \t]*${TOOL_VALUE}`, "g"),
    examples: { positive: "zip -r -P Zebra7Lion backup.zip data/", lookAlike: "zip -r backup.zip data/ && ls -P" },
  },
  {
    kind: "password",
    // What an expect script (or Python's pexpect) sends to a password prompt: `expect "*password:"` then
    // `send "x\r"`, on its line or the next; `child.expect('Password:')` then `child.sendline('x')`.
    // The prompt's word is taken once, atomically (a lookahead's capture): tried at every `assword` of a line of
    // them, each with every place a `send` could start and every object before it, a 100,000-character line of
    // `expect.assword` took 14 s. On the prompt's line `send` starts a word (`child.sendline`); on the next, an
    // object may come first.
    ...found(
      "expect",
      String.raw`expect\b(?=(?<prompt>[^\n]{0,200}?(?:assword|assphrase)))\k<prompt>[^\n]{0,200}?(?:\r?\n[ \t]*(?:\{[ \t]*)?(?:[\w.]{1,64}\.)?)?\bsend(?:line)?(?:[ \t]+(?:--[ \t]+)?|\([ \t]*)(?:"(?<value>[^"\n]{1,256}?)(?=(?:\\[rn])?")|'(?<value2>[^'\n]{1,256}?)(?=(?:\\[rn])?'))`,
      "gi",
    ),
    examples: { positive: 'spawn ssh deploy@db\nexpect "password:"\nsend "Zebra7Lion\\r"', lookAlike: 'expect "password:"\nsend "$env(PW)\\r"' },
  },
  {
    kind: "password",
    // An LDAP bind's password: `ldapsearch … -w x` (`-W` asks for it).
    ...found("ldap", String.raw`${TOOL_START}ldap(?:search|add|modify|delete|whoami|passwd|compare|modrdn)${TOOL_ARGS}[ \t]-w[ \t]*${TOOL_VALUE}`, "g"),
    examples: { positive: 'ldapsearch -x -D "cn=admin,dc=x" -w Zebra7Lion -b dc=x', lookAlike: 'ldapsearch -x -D "cn=admin,dc=x" -W -b dc=x' },
  },
  {
    kind: "password",
    // A password given with a user's name: `rabbitmqctl add_user app x`, and `net user admin x /add` where a
    // command starts (a line, a prompt, inline code: "net user base grew" is prose).
    needs: /net[ \t]+user|rabbitmqctl/i,
    pattern: new RegExp(
      String.raw`${TOOL_START}(?:net[ \t]+user(?<=^[ \t]*(?:[$>#][ \t]*|[A-Za-z]:\\[^>\n]{0,200}>[ \t]*|PS[^>\n]{0,200}>[ \t]*|\`)?net[ \t]+user)|rabbitmqctl[ \t]+(?:add_user|change_password))[ \t]+["']?[\w.@$-]{1,64}["']?[ \t]+(?![/*])${value({ min: 1 })}`,
      "gim",
    ),
    examples: { positive: "net user admin Zebra7Lion /add", lookAlike: "net user admin * /add\nnet user admin /active:yes\nthe net user base grew" },
  },
  {
    kind: "secret",
    // MinIO's client: `mc alias set NAME URL ACCESS_KEY SECRET_KEY`.
    ...found("mc ", String.raw`${TOOL_START}mc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)[ \t]+\S+[ \t]+\S+[ \t]+\S+[ \t]+${value({ min: 1 })}`, "g"),
    examples: {
      positive: `mc alias set s3 https://s3.example.com minio ${fake("", 40)}`,
      lookAlike: "mc alias set s3 https://s3.example.com (asks for the keys)",
    },
  },
  {
    kind: "password",
    // `openssl enc … -k x`: the passphrase itself.
    pattern: new RegExp(String.raw`${TOOL_START}openssl${TOOL_ARGS}[ \t]-k[ \t]+${TOOL_VALUE}`, "g"),
    examples: { positive: "openssl enc -aes-256-cbc -in f -out f.enc -k Zebra7Lion", lookAlike: "openssl enc -aes-256-cbc -in f -out f.enc -kfile key.txt" },
  },
  {
    kind: "password",
    // OpenSSL's `-passin pass:x`, `-passout 'pass:x'`, `-password pass:x`.
    pattern: new RegExp(String.raw`-pass(?:in|out|word)?[ \t]+["']?pass:${value({ min: 1 })}`, "g"),
    examples: { positive: "openssl rsa -in k.pem -passin pass:Zebra7Lion", lookAlike: "openssl rsa -in k.pem -passin env:KEY_PASS" },
  },
  {
    kind: "session-cookie",
    // A session cookie (`Cookie:`, `Set-Cookie:`, `curl -b`): whoever holds it is logged in. The names
    // frameworks give it (Rails' `_app_session`, not `TMUX_SESSION` or a log's `session_id`); cookies
    // named for tokens are assignments. Found from `sess…=`, its whole name checked behind it.
    pattern:
      /(?:sess(?:ion)?(?:_?id)?|sid|sess[0-9a-f]{32})=(?<=(?:^|[\s;"':?&(,])(?:_[\w.-]*_session|user_session|laravel_session|session|sessionid|sessid|sid|phpsessid|jsessionid|asp\.net_sessionid|\.aspnetcore\.session|s?sess[0-9a-f]{32}|connect\.sid)=)(?<value>(?=[^;&\s"']{0,64}\d)(?=[^;&\s"']{0,64}[A-Za-z])[^;&\s"']{16,4096})/gim,
    examples: { positive: `Cookie: lang=en; sessionid=${fake("", 32)}`, lookAlike: "Cookie: theme=dark; sessionid=; lang=en-US" },
  },
  {
    kind: "session-cookie",
    // A session cookie as a dict or JSON holds it (`{"sessionid": "…"}`, Python's `requests` cookies).
    pattern: new RegExp(
      String.raw`["'](?:_[\w.-]*_session|user_session|laravel_session|session|session_?id|sessid|sid|phpsessid|jsessionid|asp\.net_sessionid|\.aspnetcore\.session|s?sess[0-9a-f]{32}|connect\.sid)["'][ \t]*:[ \t]*["'](?<value>${generated("[^\\s\"']")})(?=["'])`,
      "gi",
    ),
    examples: { positive: `cookies = {"sessionid": "${fake("", 32)}"}`, lookAlike: '{"session": "keynote-and-closing-panel"}' },
  },
  {
    kind: "session-cookie",
    // A line of a cookie jar (curl's `-c`, the Netscape format): domain, flag, path, secure, expiry, name, value.
    // Found from its first flag, the domain checked behind it: from every line's start it cost as much as any row.
    ...found(
      "\t",
      String.raw`\t(?:TRUE|FALSE)\t(?<=^(?:#HttpOnly_)?[^\s#][^\t\n]*\t(?:TRUE|FALSE)\t)[^\t\n]*\t(?:TRUE|FALSE)\t\d+\t[^\t\n]+\t(?<value>${generated("[^\\t\\n]")})$`,
      "gm",
    ),
    examples: { positive: `.example.com\tTRUE\t/\tTRUE\t1735689600\tsessionid\t${fake("", 32)}`, lookAlike: ".example.com\tTRUE\t/\tFALSE\t0\ttheme\tdark" },
  },
  {
    kind: "api-key",
    // `?key=` and `&auth=` with a generated value, letters and digits only (a cache or object key has words
    // between `_`, `-` or `/`); `api_key=` and `access_token=` are assignments.
    pattern: /[?&](?:key|auth)=(?<value>(?=[A-Za-z0-9]{0,200}\d)(?=[A-Za-z0-9]{0,200}[A-Za-z])[A-Za-z0-9]{20,4096})(?![\w.-])/g,
    examples: { positive: `boards?key=${fake("", 32, "hex")}&fields=name`, lookAlike: "search?key=value&page=2" },
  },
  {
    kind: "password",
    // A password piped to a login that reads it from its input: `echo "x" | docker login --password-stdin`.
    // Also `printf '%s' x`, and piped to `gh secret set`.
    pattern: new RegExp(
      String.raw`${TOOL_START}(?:echo|printf)[ \t]+(?:-[en]+[ \t]+)?(?:(["'])%s(?:\\n)?\1[ \t]+)?${value({ min: 4 })}(?=[ \t]*\|[^|\n]{0,200}(?:--password-stdin|\bgh[ \t]+secret[ \t]+set\b))`,
      "g",
    ),
    examples: { positive: 'echo "Zebra7Lion" | docker login -u me --password-stdin', lookAlike: 'echo "$PW" | docker login -u me --password-stdin' },
  },
  {
    kind: "password",
    // `docker login --password-stdin <<< x`.
    pattern: new RegExp(String.raw`--password-stdin[^|\n]{0,200}?<<<[ \t]*${value({ min: 4 })}`, "g"),
    examples: { positive: 'docker login -u me --password-stdin <<< "Zebra7Lion"', lookAlike: 'docker login -u me --password-stdin <<< "$PW"' },
  },

  {
    kind: "secret",
    // A secret a command prints, alone on the line after it: `op read op://…`, `vault kv get -field=password …`,
    // `kubectl get secret … | base64 -d`, `security find-generic-password … -w`, `echo $DB_PASSWORD`.
    pattern: new RegExp(String.raw`${TOOL_START}(?:${PRINTS_A_SECRET})[^\n]{0,300}\r?\n[ \t]*(?<value>[^\s\`]{4,${LONGEST_VALUE}})(?=[ \t]*(?:\r?\n|$))`, "g"),
    examples: { positive: "$ vault kv get -field=password secret/db\nZebra7Lion\n$ ls", lookAlike: "$ vault kv get secret/db\n====== Data ======" },
  },
  {
    kind: "secret",
    // `gh secret set NAME --body x`: the secret itself.
    pattern: new RegExp(String.raw`${TOOL_START}gh[ \t]+secret[ \t]+set${TOOL_ARGS}[ \t](?:--body(?:=|[ \t]+)|-b[ \t]*)${TOOL_VALUE}`, "g"),
    examples: { positive: 'gh secret set DEPLOY_KEY --body "8fA2kQ9zLm3xP0"', lookAlike: "gh secret set DEPLOY_KEY < key.txt" },
  },
  {
    kind: "secret",
    // A secret piped to a command that stores it: `echo x | wrangler secret put NAME`, `| fly secrets import`, `| vercel env add`.
    pattern: new RegExp(
      String.raw`${TOOL_START}(?:echo|printf)[ \t]+(?:-[en]+[ \t]+)?(?:(["'])%s(?:\\n)?\1[ \t]+)?${value({ min: 4 })}(?=[ \t]*\|[ \t]*(?:npx[ \t]+)?(?:wrangler[ \t]+(?:pages[ \t]+)?secret[ \t]+put|vercel[ \t]+env[ \t]+add|netlify[ \t]+env:set|fly(?:ctl)?[ \t]+secrets[ \t]+(?:set|import)|heroku[ \t]+config:set|supabase[ \t]+secrets[ \t]+set)\b)`,
      "g",
    ),
    examples: { positive: 'echo "8fA2kQ9zLm3xP0" | npx wrangler secret put API_KEY', lookAlike: 'echo "$API_KEY" | wrangler secret put API_KEY' },
  },
  {
    kind: "token",
    // A token given to a CLI's login: `wandb login x`, `ngrok config add-authtoken x`, `cloudflared service install x`.
    ...found("wandb", String.raw`${TOOL_START}wandb[ \t]+login(?:[ \t]+--?[a-z-]+(?:=\S+)?)*[ \t]+(?!-)${value({ min: 16, letter: true })}`, "g"),
    examples: { positive: `wandb login ${fake("", 40, "hex")}`, lookAlike: "wandb login --relogin" },
  },
  {
    kind: "token",
    ...found("ngrok", String.raw`${TOOL_START}ngrok[ \t]+(?:config[ \t]+add-authtoken|authtoken)[ \t]+(?!-)${value({ min: 16, letter: true })}`, "g"),
    examples: { positive: `ngrok config add-authtoken ${fake("", 40)}`, lookAlike: "ngrok config add-authtoken --help" },
  },
  {
    kind: "token",
    ...found("cloudflared", String.raw`${TOOL_START}cloudflared(?:\.exe)?[ \t]+service[ \t]+install[ \t]+(?!-)${value({ min: 16, letter: true })}`, "g"),
    examples: { positive: `sudo cloudflared service install ${fake("eyJhIjoi", 120)}`, lookAlike: "cloudflared service install --help" },
  },
  {
    kind: "mailchimp-key",
    // Hex, then the data centre (`-us21`).
    ...found("-us", String.raw`\b[a-f0-9]{32}-us\d{1,2}\b`, "g"),
    examples: { positive: `MC ${fake("", 32, "hex")}-us21`, lookAlike: "commit 9f8e7d6c5b4a3f2e1d0c8b7a6f5e4d3c-usable" },
  },
  {
    kind: "service-token",
    // A New Relic license key: hex and its mark.
    ...found("NRAL", String.raw`\b[a-f0-9]{36}NRAL\b`, "g"),
    examples: { positive: `license ${fake("", 36, "hex")}NRAL`, lookAlike: "the NRAL suffix marks license keys" },
  },
  {
    kind: "service-token",
    // A Terraform Cloud token.
    ...found(".atlasv1.", String.raw`\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,}`, "g"),
    examples: { positive: `TFE ${fake("", 14)}.atlasv1.${fake("", 67)}`, lookAlike: "app.terraform.io/api/v2 and the .atlasv1. mark" },
  },
  {
    kind: "service-token",
    // An Azure DevOps personal access token (84 characters, `AZDO` near its end).
    ...found("AZDO", String.raw`\b[A-Za-z0-9]{76}AZDO[A-Za-z0-9]{4}\b`, "g"),
    examples: { positive: `PAT ${fake("", 76)}AZDO${fake("", 4)}`, lookAlike: "AZDO pipelines run on every push" },
  },
  {
    kind: "azure-key",
    // An Entra ID (Azure AD) client secret: three characters, a digit, `Q~`, then 31–34 more.
    ...found("Q~", String.raw`(?<![\w~.-])[\w~.-]{3}\dQ~[\w~.-]{31,34}(?![\w~.-])`, "g"),
    examples: { positive: `client secret Xy78Q~${fake("", 31)}`, lookAlike: "the Q~ marker in Entra secrets" },
  },
  {
    kind: "azure-key",
    // A function key in an Azure Functions URL (`?code=`), long and generated (not an OAuth sample's `?code=abc`).
    pattern: /[?&]code=(?<value>(?=[A-Za-z0-9_%-]{0,200}\d)[A-Za-z0-9_%-]{40,4096}={0,2})/g,
    examples: { positive: `https://fn.azurewebsites.net/api/hook?code=${fake("", 54)}==`, lookAlike: "https://example.com/callback?code=abc123&state=xyz" },
  },
  {
    kind: "private-key",
    // A service account's JSON, base64-encoded (`GOOGLE_CREDENTIALS_B64=…`): `{"type":"service_account"`, compact or indented.
    pattern: /\b(?:eyJ0eXBlIjoic2VydmljZV9hY2NvdW50I|ewogICJ0eXBlIjogInNlcnZpY2VfYWNjb3VudC|eyAidHlwZSI6ICJzZXJ2aWNlX2FjY291bnQi)[A-Za-z0-9+/]*={0,2}/g,
    examples: {
      positive: `GOOGLE_CREDENTIALS_B64=${Buffer.from('{"type":"service_account","private_key":"x"}').toString("base64")}`,
      lookAlike: "the type is service_account",
    },
  },
  {
    kind: "secret",
    // OpenVPN's static key (`tls-auth`, `tls-crypt`, inline in a `.ovpn`): a shared secret, its hex lines to its END line.
    ...found(
      "OpenVPN Static key",
      String.raw`-----BEGIN OpenVPN Static key V1-----(?:\r?\n[ \t>]*[0-9a-fA-F]+[ \t]*)*(?:\r?\n[ \t>]*-----END OpenVPN Static key V1-----)?`,
      "g",
    ),
    examples: {
      positive: `<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n${fake("", 32, "hex")}\n${fake("", 32, "hex")}\n-----END OpenVPN Static key V1-----\n</tls-auth>`,
      lookAlike: "tls-auth ta.key 1 (an OpenVPN Static key file)",
    },
  },
  {
    kind: "private-key",
    // A PuTTY key file's private lines.
    ...found(
      "Private-Lines",
      String.raw`Private-Lines:[ \t]*\d+[ \t]*\r?\n(?<value>[A-Za-z0-9+/=]+(?=[ \t]*(?:\r?\n|$))(?:\r?\n[A-Za-z0-9+/=]+(?=[ \t]*(?:\r?\n|$))){0,63})`,
      "g",
    ),
    examples: {
      positive: `PuTTY-User-Key-File-3: ssh-ed25519\nPrivate-Lines: 1\n${fake("AAAAI", 44)}\nPrivate-MAC: 0`,
      lookAlike: "Private-Lines: counts the lines",
    },
  },
  {
    kind: "private-key",
    // A JSON Web Key's private members.
    ...found('"kty"', String.raw`"(?:d|p|q|dp|dq|qi|k)"(?<="kty"[^{}]{0,2000}"\w{1,2}")[ \t]*:[ \t]*"(?<value>[A-Za-z0-9_-]{16,4096})(?=")`, "g"),
    examples: { positive: `{"kty":"EC","crv":"P-256","d":"${fake("", 43)}"}`, lookAlike: `{"kty":"EC","crv":"P-256","x":"${fake("", 43)}"}` },
  },
  {
    kind: "password",
    // SQL: `IDENTIFIED BY 'x'` (MySQL, Oracle).
    pattern: /\bIDENTIFIED(?:[ \t]+WITH[ \t]+\w+)?[ \t]+BY(?:[ \t]+PASSWORD)?[ \t]*(?:'(?<value>[^'\n]{1,256})(?=')|"(?<value2>[^"\n]{1,256})(?="))/gi,
    examples: { positive: "ALTER USER 'app'@'%' IDENTIFIED BY 'Zebra7Lion';", lookAlike: "IDENTIFIED BY clauses" },
  },
  {
    kind: "password",
    // SQL: `WITH PASSWORD 'x'` (Postgres, SQL Server), found from `PASSWORD` and checked behind it: `with` starts too much prose.
    pattern:
      /PASSWORD(?<=\b(?:WITH(?:[ \t]+[A-Z]{1,16}){0,4}|ENCRYPTED|UNENCRYPTED)[ \t]+PASSWORD)[ \t]*=?[ \t]*(?:'(?<value>[^'\n]{1,256})(?=')|"(?<value2>[^"\n]{1,256})(?="))/gi,
    examples: { positive: "CREATE ROLE app WITH LOGIN PASSWORD 'Zebra7Lion';", lookAlike: "CREATE ROLE app WITH PASSWORD NULL" },
  },
  {
    kind: "password",
    // `user/password@host` as Oracle's tools and its JDBC URLs take it.
    pattern: /\b(?:sqlplus|sqlldr|expdp|impdp|rman)(?![\w-])(?:[ \t]+-\w+)*[ \t]+["']?[\w$#.]{1,64}\/(?<value>[^\s@/"']{1,128})(?=@)/g,
    examples: { positive: "sqlplus system/Zebra7Lion@//db:1521/ORCLPDB1", lookAlike: "sqlplus /nolog and sqlplus / as sysdba" },
  },
  {
    kind: "password",
    ...found("jdbc:oracle:", String.raw`jdbc:oracle:(?:thin|oci):["']?[\w$#.]{1,64}\/(?<value>[^\s@/"']{1,128})(?=@)`, "g"),
    examples: { positive: "jdbc:oracle:thin:scott/Tiger77x@db:1521:ORCL", lookAlike: "jdbc:oracle:thin:@db:1521:ORCL" },
  },
  {
    kind: "password",
    // Redis: `requirepass x`, `masterauth x`, and `AUTH [user] x` typed at its prompt.
    pattern: /\b(?:requirepass|masterauth)[ \t]+["']?(?<value>[^\s"']{1,256})/g,
    examples: { positive: "requirepass Zebra7Lion", lookAlike: "requirepass is set in redis.conf" },
  },
  {
    kind: "password",
    ...found(
      "AUTH ",
      String.raw`AUTH[ \t]+(?<=^(?:[^\n>]{0,64}>[ \t]*)?AUTH[ \t]+)(?:[\w.@-]{1,64}[ \t]+)?(?<value>(?=[^\s]{0,128}[\d!@#$%^&*])[^\s]{4,128})(?=[ \t]*$)`,
      "gm",
    ),
    examples: { positive: "127.0.0.1:6379> AUTH default Zebra7Lion", lookAlike: "AUTH failed for the default user" },
  },
  {
    kind: "password",
    // A password as the second string of a login call: `db.auth("admin", "x")`, `smtp.login("me", "x")`.
    pattern: /\.(?:auth|login|authenticate|connect|bind)\([ \t]*(["'])[^"'\n]{1,128}\1[ \t]*,[ \t]*(["'])(?<value>[^"'\n]{1,256})(?=\2)/g,
    examples: { positive: 'db.auth("admin", "Zebra7Lion")', lookAlike: 'app.login("admin", password)' },
  },
  {
    kind: "password",
    // HTTP basic auth in code: `requests.get(url, auth=("admin", "x"))`, `HTTPBasicAuth("admin", "x")`, `aiohttp.BasicAuth(…)`.
    pattern: /(?:auth[ \t]*=[ \t]*|(?:Basic|Digest)Auth)\([ \t]*(["'])[^"'\n]{1,128}\1[ \t]*,[ \t]*(["'])(?<value>[^"'\n]{1,256})(?=\2)/g,
    examples: { positive: 'requests.get(url, auth=("admin", "Zebra7Lion"))', lookAlike: 'requests.get(url, auth=("admin", password))' },
  },
  {
    kind: "password",
    // PowerShell's `ConvertTo-SecureString "x" -AsPlainText -Force`: the string is the password.
    needs: /securestring/i,
    pattern: /ConvertTo-SecureString(?:[ \t]+-\w+)*[ \t]+(?:-String[ \t]+)?(?:"(?<value>[^"\n]{1,256})(?=")|'(?<value2>[^'\n]{1,256})(?='))/gi,
    examples: {
      positive: '$pw = ConvertTo-SecureString "Zebra7Lion" -AsPlainText -Force',
      lookAlike: "$pw = ConvertTo-SecureString $env:PW -AsPlainText -Force",
    },
  },
  {
    kind: "password",
    // A setter named for the secret: `setPassword("x")`, `set_api_key('x')`.
    pattern: /\bset_?(?:password|passwd|secret|token|api_?key|access_?key)\([ \t]*(["'])(?<value>[^"'\n]{1,256})(?=\1)/gi,
    examples: { positive: 'ds.setPassword("Zebra7Lion");', lookAlike: "ds.setPassword(config.password);" },
  },
  {
    kind: "password",
    // `echo 'user:x' | chpasswd`.
    ...found(
      "chpasswd",
      String.raw`${TOOL_START}(?:echo|printf)[ \t]+["']?[\w.-]{1,64}:(?<value>[^\s'":]{1,256})(?=["']?[ \t]*\|[ \t]*(?:sudo[ \t]+)?chpasswd\b)`,
      "g",
    ),
    examples: { positive: "echo 'deploy:Zebra7Lion' | chpasswd", lookAlike: "echo 'deploy:x' >> users.txt; chpasswd < users.txt" },
  },
  {
    kind: "password",
    // `htpasswd -b [-c] FILE USER x`, and `htpasswd -nb USER x` (no file): the flags first, then the arguments.
    ...found(
      "htpasswd",
      String.raw`${TOOL_START}htpasswd(?=(?:[ \t]+-[a-zA-Z]+)*[ \t]+-[a-zA-Z]*b)(?:(?=(?:[ \t]+-[a-zA-Z]+)*[ \t]+-[a-zA-Z]*n)(?:[ \t]+-[a-zA-Z]+)+|(?:[ \t]+-[a-zA-Z]+)+[ \t]+[^\s-][^\s]*)[ \t]+[^\s-][^\s]*[ \t]+(?<value>[^\s|;&<>]+)`,
      "g",
    ),
    examples: { positive: "htpasswd -b -c .htpasswd admin Zebra7Lion 2>/dev/null", lookAlike: "htpasswd -c .htpasswd admin" },
  },
  {
    kind: "password",
    // SMB: `smbclient -U user%x`, `net use \\srv\share /user:admin x` (as typed: lower case).
    ...found(
      "-U",
      String.raw`${TOOL_START}(?:smbclient|rpcclient|smbmap|smbget|mount\.cifs|crackmapexec|nxc|netexec|net)${TOOL_ARGS}-U[ \t]*["']?[^\s%'"]{1,64}%(?<value>[^\s'"]{1,256})`,
      "g",
    ),
    examples: { positive: "smbclient //nas/share -U admin%Zebra7Lion", lookAlike: "smbclient //nas/share -U admin -m SMB3 (100%)" },
  },
  {
    kind: "password",
    ...found("/user:", String.raw`${TOOL_START}net[ \t]+use${TOOL_ARGS}[ \t]/user:[^\s]+[ \t]+(?<value>(?![/*])[^\s]{1,256})`, "g"),
    examples: { positive: "net use \\\\srv\\share /user:corp\\admin Zebra7Lion", lookAlike: "net use \\\\srv\\share /user:corp\\admin *" },
  },
  {
    kind: "password",
    // Java keystores: `-storepass x`, `-srckeypass x`; then SSH key passphrases, `ssh-keygen -N x`.
    pattern: new RegExp(String.raw`(?<![\w-])-(?:src|dest|new)?(?:store|key)pass[ \t]+(?!:)${TOOL_VALUE}`, "g"),
    examples: { positive: "keytool -importkeystore -srcstorepass Zebra7Lion", lookAlike: "keytool -list -storepass:env STORE_PASS" },
  },
  {
    kind: "password",
    // Every passphrase on the line (`-p -P old -N new`): found from the flag, the command checked behind it.
    ...found("ssh-keygen", String.raw`-[NP](?<=${TOOL_START}ssh-keygen(?![\w.-])[^\n|;&]{0,300}[ \t]-[NP])[ \t]*${TOOL_VALUE}`, "g"),
    examples: { positive: "ssh-keygen -p -P 'old7Pass' -N 'Zebra7Lion' -f key", lookAlike: "ssh-keygen -t ed25519 -f key" },
  },
  {
    kind: "secret",
    // PHP constants (`define('DB_PASSWORD', 'x')`, WordPress' keys and salts) and .NET settings (`<add key="…Password" value="x" />`).
    pattern: /\bdefine\([ \t]*(["'])\w*(?:PASSWORD|PASS|KEY|SALT|SECRET|TOKEN)\1[ \t]*,[ \t]*(["'])(?<value>[^"'\n]+)(?=\2)/gi,
    examples: { positive: "define('DB_PASSWORD', 'Zebra7Lion');", lookAlike: "define('DB_NAME', 'wordpress');" },
  },
  {
    kind: "secret",
    pattern: /<add[ \t]+key=(["'])[^"'\n]{0,64}(?:password|secret|token|key|pwd)\1[ \t]+value=(["'])(?<value>[^"'\n]+)(?=\2)/gi,
    examples: { positive: '<add key="ClearTextPassword" value="Zebra7Lion" />', lookAlike: '<add key="Username" value="deploy" />' },
  },
  {
    kind: "secret",
    // A wallet's seed phrase: twelve words or more.
    pattern: /\b(?:mnemonic|seed[ _-]?phrase|recovery[ _-]?phrase)["']?[ \t]*[:=][ \t]*(["'])(?<value>[a-z]+(?:[ \t]+[a-z]+){11,23})(?=\1)/gi,
    examples: { positive: `MNEMONIC="${"abandon ".repeat(11)}about"`, lookAlike: 'mnemonic: "use the first letters"' },
  },
  {
    kind: "secret",
    // Keys named for credentials without saying which (`REDIS_AUTH`, `DB_CREDS`, `AUTH_SALT`, `WIFI_PSK`), for a
    // value that looks generated.
    pattern: new RegExp(
      String.raw`(?:auth|creds|credentials|salt|psk)(?<=[A-Za-z][\w.-]{0,64}[_.-](?:auth|creds|credentials|salt|psk))${NAME_END}${ASSIGN}["'\`]?(?<value>${generated(String.raw`[^\s"'\`,;]`)})`,
      "gi",
    ),
    examples: { positive: `REDIS_AUTH=${fake("", 32)}`, lookAlike: "OAUTH_PROVIDER=github-enterprise-2024, AUTH_MODE=oauth2" },
  },
  {
    kind: "basic-auth",
    // A registry's base64 `user:password` (Docker's config.json `"auth"`, npm's `_auth=`).
    pattern: /auth(?<=(?:^|[\s"'{,:/;])_?auth)["']?[ \t]*[:=][ \t]*["']?(?<value>(?=[A-Za-z0-9+/]{0,200}\d)[A-Za-z0-9+/]{16,4096}={0,2})(?![A-Za-z0-9+/=])/gm,
    examples: {
      positive: `{"auths": {"ghcr.io": {"auth": "${Buffer.from("me:Zebra7Lion").toString("base64")}"}}}`,
      lookAlike: '"auth": "oauth2", auth=required',
    },
  },
  {
    kind: "password",
    // A line of a `.pgpass` file: host, port, database, user, password.
    // Indented or listed as a log quotes it; the password has a digit or a symbol and a letter, `\:` escapes a colon.
    // Found from its port, the host checked behind it.
    pattern: new RegExp(
      String.raw`:(?:\d{2,5}|\*):(?<=^[ \t]*(?:[-*+][ \t]+)?\`?[^:\s#\`]*[A-Za-z.*][^:\s#\`]*:(?:\d{2,5}|\*):)(?!\d+:)[^:\s]+:(?!\d+:)[^:\s]+:(?<value>(?=[^\s\`]{0,300}[\d!@#$%^&*])(?=[^\s\`]{0,300}[${LETTER}])(?:\\.|[^\s:\`\\]){6,4096})(?=\`?[ \t]*$)`,
      "gm",
    ),
    examples: { positive: "db.internal:5432:app:appuser:Zebra7Lion", lookAlike: "src/main.ts:42:10:error:TS2345" },
  },
  {
    kind: "password",
    pattern: new RegExp(String.raw`${TOOL_START}redis-cli${TOOL_ARGS}[ \t]-a[ \t]+${TOOL_VALUE}`, "g"),
    examples: { positive: "redis-cli -h cache.internal -a s3cr3tPass ping", lookAlike: "redis-cli -h cache.internal ping" },
  },
  {
    kind: "password",
    // curl's `-u user:password`, HTTPie's `-a user:password`; quoted, the password runs to the closing quote, or to
    // the end of its word when the quote never closes (`curl -u "admin:x https://…`).
    pattern: new RegExp(
      String.raw`${TOOL_START}(?:curl${TOOL_ARGS}[ \t](?:-u|--user)|https?(?!:)${TOOL_ARGS}[ \t](?:-a|--auth))(?:=|[ \t]+)(?:(["'])[^\s:"']+:(?<value2>(?:(?!\1)[^\n]){1,256}(?=\1)|(?:(?!\1)\S){1,256})|[^\s:"']+:${value({ min: 1 })})`,
      "g",
    ),
    examples: { positive: 'curl -u "admin:Zebra Lion7" https://ci.internal/api', lookAlike: "curl -u admin https://ci.internal/api (prompts)" },
  },
  {
    kind: "password",
    ...cliFlag(PASSWORD_WORD, { min: 1 }),
    examples: { positive: "docker login --password hunter2 registry.io", lookAlike: "echo $PW | docker login --password-stdin registry.io" },
  },
  {
    kind: "secret",
    ...cliFlag(SECRET_WORD, { min: 6 }),
    examples: { positive: "app --client-secret 8fA2kQ9zLm3x", lookAlike: "app --secret-file ./secret.txt" },
  },
  {
    kind: "token",
    ...cliFlag(TOKEN_WORD, { min: 6, letter: true }),
    examples: { positive: "gh run --token=4f9e2a8b7c6d5e1f", lookAlike: "llm --max-token 4096 --token-budget 500" },
  },
  {
    kind: "api-key",
    ...cliFlag(API_KEY_WORD, { min: 6, letter: true }),
    examples: { positive: "tool --api-key a1b2c3d4e5f6g7h8", lookAlike: "tool --api-key-env OPENAI_API_KEY" },
  },
  {
    kind: "secret",
    // A setting given by name and value (Kubernetes and ECS env entries, cookie dumps): the name says it is a secret.
    pattern: new RegExp(
      String.raw`name["']?[ \t]*:[ \t]*["']?[\w.-]*(?:${PASSWORD_WORD}|${SECRET_WORD}|${TOKEN_WORD}|${API_KEY_WORD}|session(?:[_.-]?id)?|sessid)(?![\w.-])["']?[ \t]*,?[ \t]*(?:\r?\n[ \t]*)?["']?value["']?[ \t]*:[ \t]*${value({ min: 4, letter: true })}`,
      "gi",
    ),
    examples: { positive: '- name: DB_PASSWORD\n  value: "hunter2"', lookAlike: '- name: MAX_TOKENS\n  value: "4096"' },
  },
  {
    kind: "password",
    pattern: assignment(PASSWORD_WORD, { min: 1 }),
    examples: { positive: "DB_PASSWORD=hunter2", lookAlike: "password reset flow: shipped" },
  },
  {
    kind: "secret",
    pattern: assignment(SECRET_WORD, { min: 6 }),
    examples: { positive: 'client_secret="8fA2kQ9zLm3xP0"', lookAlike: "secret sauce: caching" },
  },
  {
    kind: "token",
    pattern: assignment(TOKEN_WORD, { min: 6, letter: true }),
    examples: { positive: 'export GH_TOKEN="a9f8e7d6c5b4a3f2"', lookAlike: "tokens: 1234, token: 5678, max_tokens: 4096" },
  },
  {
    kind: "api-key",
    pattern: assignment(API_KEY_WORD, { min: 6, letter: true }),
    examples: { positive: '{"api_key": "a1b2c3d4e5f6g7h8"}', lookAlike: "apiKeyEnv: OPENAI_API_KEY" },
  },
  {
    kind: "password",
    pattern: cjkLabel("密码|密碼|パスワード|비밀번호|암호|暗証番号", PASSWORD_END),
    examples: { positive: "数据库密码：Zebra7Lion", lookAlike: "密码：bcrypt加密存储，至少8位" },
  },
  {
    kind: "secret",
    pattern: cjkLabel("密钥|密鑰|秘钥|私钥|私鑰|秘密鍵|シークレット|비밀 ?키|APIキー|API ?키|액세스 ?키"),
    examples: { positive: `API密钥：${fake("", 32)}`, lookAlike: "加密密钥：AES-256-GCM" },
  },
  {
    kind: "token",
    pattern: cjkLabel("令牌|トークン|토큰"),
    examples: { positive: `访问令牌: ${fake("", 32)}`, lookAlike: "トークン: gpt-4o-miniで計測、令牌数: 4096" },
  },
  {
    kind: "password",
    pattern: localLabel(LOCAL_PASSWORD_WORDS, `${localValue(6, "[\\d!@#$%^&*]", `${NOT_THE_PASSWORD}${NOT_A_LOCAL_PASSWORD}`)}|${LETTER_WORD}`),
    examples: {
      positive: "Das Passwort für Staging lautet Zebra7Lion.\nпароль: ЗолотаяРыбка\nпароль: секретслово для входа",
      lookAlike: "Passwort: siehe Vault, пароль: отсутствует, пароль: не менее 8 символов",
    },
  },
  {
    kind: "password",
    // A passphrase of words after a verb or a sign (`Mi contraseña es perro gato casa luna`, `hasło to koń bateria zszywka
    // poprawna`), taken whole or not at all: the first word alone after a verb is prose as often (`Das Passwort ist falsch`).
    pattern: localLabel(LOCAL_PASSWORD_WORDS, PASSPHRASE_WORD),
    passphrase: true,
    examples: { positive: "Mi contraseña es perro gato casa luna", lookAlike: "La contraseña es demasiado corta para este sitio" },
  },
  {
    kind: "password",
    // The same after the English words as the other languages borrow them (`la password è cavallo batteria graffetta
    // corretta`, `Die Passphrase ist pferd batterie heftklammer`).
    pattern: localLabel("password|passphrase", PASSPHRASE_WORD, { borrowed: true }),
    passphrase: true,
    examples: { positive: "la password è cavallo batteria graffetta corretta", lookAlike: "la password è scaduta ieri sera" },
  },
  {
    kind: "password",
    // The English word as the other languages borrow it (`Das Password für den Server ist x`, `la password del server è x`).
    pattern: localLabel("password", `${localValue(6, "[\\d!@#$%^&*]", `${NOT_THE_PASSWORD}${NOT_A_LOCAL_PASSWORD}`)}|${LETTER_WORD}`, { borrowed: true }),
    examples: { positive: "Das Password für den Server ist Zebra7Lion", lookAlike: "Das Password muss mindestens 12 Zeichen haben" },
  },
  {
    kind: "token",
    pattern: localLabel(
      "api-schlüssel|api-schluessel|zugangstoken|(?:geheimer |privater )?schlüssel|geheimnis|totp-schlüssel|clé (?:d['’])?api|clé secrète|clé privée|(?:token|jeton) d['’]accès|clave (?:de )?api|token de acceso|chave (?:de )?api|token de acesso|chiave api|api-sleutel|api-nyckel|api-nøgle|api-ключ|ключ api|секретный ключ|токен(?: доступа)?|jeton",
      // Generated: a run of 16 letters and digits ("gpt-4o-mini-2024-07-18" is no token).
      localValue(12, "\\d", `(?=${LOCAL_VALUE}{0,300}?[A-Za-z0-9]{16})`),
    ),
    examples: { positive: `API-Schlüssel: ${fake("", 32)}`, lookAlike: "API-Schlüssel: im Tresor, токен: 4096" },
  },
  {
    kind: "api-key",
    // A bold label of two words, as agents write notes (`**API Key:** x`, `- **Access Token**: x`): the
    // value must look generated, as prose follows such a label as often.
    pattern:
      /\*\*(?:api|access|auth|secret|private|client)[ _-](?:key|token|secret)s?:?\*\*:?[ \t]*`?(?<value>(?=[A-Za-z0-9_+/=.-]{0,200}\d)(?=[A-Za-z0-9_+/=.-]{0,200}[A-Za-z])[A-Za-z0-9_+/=.-]{12,4096})(?![^\s`,;)])/gi,
    examples: { positive: `**API Key:** ${fake("", 32)}`, lookAlike: "**API Key:** stored in Vault, see item 42" },
  },
  {
    kind: "password",
    ...xmlElement(PASSWORD_WORD, { min: 1 }),
    examples: { positive: "<password>hunter2</password>", lookAlike: "<password-policy>strict</password-policy>" },
  },
  {
    kind: "api-key",
    ...xmlElement(API_KEY_WORD, { min: 6, letter: true }),
    examples: { positive: "<apiKey>a1b2c3d4e5f6g7h8</apiKey>", lookAlike: "<apiKey></apiKey> is left empty" },
  },
  {
    kind: "secret",
    ...xmlElement(`(?:${SECRET_WORD}|${TOKEN_WORD})`, { min: 6, letter: true }),
    examples: { positive: "<clientSecret>8fA2kQ9zLm3xP0</clientSecret>", lookAlike: "<token-count>4096</token-count>" },
  },
  {
    kind: "api-key",
    // Upper-case env names ending in _KEY, when the value looks generated.
    pattern:
      /\b[A-Z][A-Z0-9_]*_KEY(?<!(?:CACHE|SORT|PARTITION|PRIMARY|FOREIGN|OBJECT|PUBLIC|PUBLISHABLE|IDEMPOTENCY|ROUTING|HASH|RANGE|LOOKUP|UNIQUE|GROUP)_KEY)["']?[ \t]*(?:=|:(?!:)|：)[ \t]*["']?(?<value>(?=[A-Za-z0-9_+/=.-]{0,500}\d)(?=[A-Za-z0-9_+/=.-]{0,500}[A-Za-z])[A-Za-z0-9_+/=.-]{16,})/g,
    examples: { positive: `MAPBOX_KEY=${fake("", 32)}`, lookAlike: "SORT_KEY=created_at PRIMARY_KEY=id" },
  },
  {
    kind: "password",
    ...tableCell(PASSWORD_WORD),
    examples: { positive: "| staging db | password | hunter2 |", lookAlike: "| Reset password | done |" },
  },
  {
    kind: "password",
    // In the other languages only a cell with a password's shape: no list of their words says "done".
    ...tableCell(`(?:${LOCAL_PASSWORD_WORDS})`, String.raw`(?=[^|\n\s\`]{0,300}[\d!@#$%^&*])(?=[^|\n\s\`]{0,300}[${LETTER}])${CELL_CHAR}{6,255}|${CASED}`),
    valueTest: PASSWORD_MARK,
    examples: { positive: "| Staging-DB | Passwort | Zebra7Lion |\n| пароль | ЗолотаяРыбка |", lookAlike: "| Passwort | geändert |\n| пароль | изменён |" },
  },
  {
    kind: "secret",
    ...tableCell(`(?:${SECRET_WORD}|${TOKEN_WORD}|${API_KEY_WORD}|api key|access token)`),
    examples: { positive: "| api key | a1b2c3d4e5f6g7h8 |", lookAlike: "| token | notes |\n|---|---|\n| budget | 2000 |" },
  },
  {
    kind: "secret",
    // Keys named in two words (`| AWS secret access key | … |`): only a value of a key's shape, with no
    // space, as notes sit in such cells as often (`| Access key | rotate monthly |`).
    ...tableCell("(?:access key|secret key|private key|auth token)", String.raw`(?=[^|\n\s\`]{0,300}\d)(?=[^|\n\s\`]{0,300}[A-Za-z])${CELL_CHAR}{8,4096}`),
    examples: { positive: `| AWS secret access key | ${fake("", 40)} |`, lookAlike: "| Access key | rotate monthly |" },
  },
  {
    kind: "password",
    // "the password for staging is hunter2", "my password is: hunter2", "the db passphrase: x9!k", and ssh's prompt for a key's passphrase as an
    // agent answers it ("Enter passphrase for key '/home/u/.ssh/id_ed25519': x9!k").
    pattern: new RegExp(
      String.raw`\bp(?:ass(?:word|wd|phrase)|wd)s?\b\`?(?:[ \t]+(?:for|of|on|to|in|at)[ \t]+(?:the[ \t]+)?${ABOUT_WORD}(?:[ \t]+${ABOUT_WORD})?)?(?:[ \t]+(?:is|was)(?:[ \t]+(?:now|still))?(?:[ \t]*:)?[ \t]+|['’]s[ \t]+(?:now|still)[ \t]+|[ \t]*(?::|=|->|→|=>)[ \t]*)${value({ min: 3 })}`,
      "gi",
    ),
    examples: { positive: "the password for staging is hunter2, ask Dana", lookAlike: "the password reset flow is live and the password is stored in Vault" },
  },
  {
    kind: "password",
    // "changed the password to Tr0ub4dor", "the password was set to Blue7Gold", "the password got changed
    // to Fal7con99", "the passwords for the guest wifi were rotated to Sun7!": after "to", only a value with a digit or
    // symbol, and only after a verb that changes it ("the password was moved to 1Password" says where it went).
    pattern: new RegExp(
      String.raw`\b(?:pass(?:word|wd|phrase)s?|pwd?)\b(?:[ \t]+(?:for|of|on|in|at|from)(?:[ \t]+(?!${PASSWORD_AUXILIARY}[ \t])[\w.@'’-]+){1,6}?)?(?:[ \t]+${PASSWORD_AUXILIARY})?(?:[ \t]+${CHANGE_ADVERB})?(?:[ \t]+${CHANGE_VERB}(?:[ \t]+back)?(?:[ \t]+${WHEN_CHANGED})?[ \t]+(?:to|as)|[ \t]+to|[ \t]+turn(?:ed|s)[ \t]+out[ \t]+to[ \t]+be|[ \t]+ended[ \t]+up[ \t]+(?:being|as))[ \t]+[\`"']?${NOT_THE_PASSWORD}(?<value>(?=[^\s\`"',;]{0,300}[\d!@#$%^&*])[^\s\`"',;]{3,}[^\s\`"',;.!?)])`,
      "gi",
    ),
    examples: {
      positive: "the DB password was set to Blue7Gold today; the passwords for the guest wifi were rotated to Sun7Moon!",
      lookAlike: "moved the password reset flow to v2.1.0; the password was updated to AES-256 encryption; the password was moved to 1Password",
    },
  },
  {
    kind: "password",
    // "Password - Dash456Pw", "password – x9!kq": a dash as the sign, for a value with a digit or a symbol and a letter.
    pattern: new RegExp(String.raw`\bp(?:ass(?:word|wd|phrase)|wd)\b[ \t]+[-–—][ \t]+[\`"']?${NOT_THE_PASSWORD}${PASSWORD_SHAPED}`, "gi"),
    examples: { positive: "Decided Password - Dash456Pw for now", lookAlike: "Password - 12chars minimum, password – SHA256 hashed" },
  },
  {
    kind: "password",
    // A few words between a password's label and its colon (`the password is as follows: x`, `the password for the new
    // staging box is now: x`, `das Passwort ist wie folgt: x`, `şifreniz şu: x`, `Passwort (neu): x`): at most eight, none
    // ending a sentence or a clause. Prose is written so as often (`the password policy is as follows: 12 characters
    // minimum`, `password reset for these users: alice, bob`): the value has a password's shape, is no address, digest or
    // time, and the words read as a phrase about the password (`aboutThePassword`). Found from the colon, the label checked
    // behind it once the value has a digit or a symbol and a letter (a colon's look behind cost as much as the row).
    pattern: new RegExp(
      String.raw`(?:[:：](?!(?<=\d[:：])\d)|->|→|=>)(?=(?:\*{1,2})?[ \t]*[\`"']?(?=[^\s\`"',;]{0,300}[\d!@#$%^&*])[^\s\`"',;]{0,300}[${LETTER}])(?<=${PHRASE_LABEL}(?:\*{1,2}|_{1,2}|\`)?(?<words>(?:[ \t]+${PHRASE_WORD}){1,8})[ \t]*(?:[:：]|->|→|=>))(?:\*{1,2})?[ \t]*[\`"']?${NOT_THE_PASSWORD}${NOT_AN_ADDRESS}${PASSWORD_SHAPED}`,
      "gi",
    ),
    examples: {
      positive: "the password for the new staging box is now: Xk9#pq\nPasswort (neu): Sommer2024!\npw for the Hetzner robot account -> H3tzner!Robot",
      lookAlike:
        "the password policy is as follows: 12 characters minimum; password reset for these users: alice, bob; the password for the team is at 10:30am",
    },
  },
  {
    kind: "password",
    // The same words before a verb instead of a colon (`the wifi password for the guest network upstairs is x`, `the
    // passwords we use on the lab boxes are x`): the value has a password's shape, and the words read as a phrase about the
    // password. Found from the verb, the label checked behind it.
    needs: PASSWORD_LABEL,
    inLine: true,
    pattern: new RegExp(
      String.raw`[ \t]${COPULA}(?:[ \t]+${STILL})?(?:\*{1,2})?[ \t]+(?=(?:\*{1,2})?[\`"']?(?=[^\s\`"',;]{0,300}[\d!@#$%^&*])[^\s\`"',;]{0,300}[${LETTER}]|${QUOTED_WORDS})(?<=${PHRASE_LABEL}(?:\*{1,2}|_{1,2}|\`)?(?<words>(?:[ \t]+${PHRASE_WORD}){1,12})?[ \t]+${COPULA}(?:[ \t]+${STILL})?(?:\*{1,2})?[ \t]+)(?:(?:\*{1,2})?[\`"']?${NOT_THE_PASSWORD}${NOT_AN_ADDRESS}${NOT_A_CLOCK}${PASSWORD_SHAPED}|["“'](?<value2>(?!\[REDACTED)[^"“”'\n]{6,128})(?=["”']))`,
      "gi",
    ),
    examples: {
      positive: "the wifi password for the guest network upstairs is Tr0ub4dor&3",
      lookAlike: "the password reset for the three users is JIRA-1234; the password manager for the whole team is 1Password",
    },
  },
  {
    kind: "password",
    // A password named again a few words on, in the same line (`rotated the admin password; the new one is x`, `changed
    // the root password, it's now x`, `Reset Tom's password. New one: x`, `old one leaked; current: x`): a value of a
    // password's shape.
    needs: PASSWORD_LABEL,
    inLine: true,
    pattern: new RegExp(
      String.raw`\b${NAMED_AGAIN}(?<=${PHRASE_LABEL}[^\n]{1,160}?)[\`"']?${NOT_THE_PASSWORD}${NOT_AN_ADDRESS}${NOT_A_CLOCK}(?<value>(?=[^\s\`"',;]{0,300}[\d!@#$%^&*])(?=[^\s\`"',;]{0,300}[${LETTER}])[^\s\`"',;]{3,}[^\s\`"',;.!?)](?:[!?]+(?![^\s)]))?)`,
      "gi",
    ),
    valueTest: STRONG_PASSWORD,
    examples: {
      positive: "rotated the staging admin password; the new one is Blue2024!",
      lookAlike: "password reset shipped, it's now v2.1 and the new one is SHA-256 based; the password policy: it is now 12chars, it's now 10pm",
    },
  },
  {
    kind: "password",
    // The same after a line that says the password was changed (`changed the wifi password, it's now sunflower77`, `the wifi
    // password changed again, current: sunflower77`): letters and digits are enough there, the commonest password people
    // choose, or digits alone.
    needs: PASSWORD_LABEL,
    inLine: true,
    pattern: new RegExp(
      String.raw`\b${NAMED_AGAIN}(?<=${PHRASE_LABEL}${LABEL_THEN_CHANGED}[^\n]{0,60}?)[\`"']?${NOT_THE_PASSWORD}${NOT_AN_ADDRESS}${NOT_A_CLOCK}(?<value>(?=[^\s\`"',;]{0,64}\d)(?=[^\s\`"',;]{0,64}[${LETTER}])[^\s\`"',;]{5,63}[^\s\`"',;.!?)](?:[!?]+(?![^\s)]))?)(?=[\`"']?(?:[ \t]*(?:$|[.,;)]|\(|[ \t]—|[ \t]-[ \t]|[ \t]+and[ \t])))`,
      "gi",
    ),
    valueTest: CHANGED_PASSWORD,
    examples: {
      positive: "changed the wifi password, it's now sunflower77",
      lookAlike:
        "changed the password column, it's now varchar255; rotated the password hashing, it's now argon2id; changed the password reset page, the new one is v2.3",
    },
  },
  {
    kind: "password",
    // A code that opens something (`the alarm PIN is now 7391`, `Door passcode for the server room got changed to 48213`,
    // `set the kiosk unlock code to 5529`, `Safe combination in the office is 31-17-08`): digits alone, four or more, or a
    // password's shape. Not a count (`the PIN is 4 digits`), a date or a time. `PIN` in capitals: `pin` is a verb too.
    needs: /PIN|[Pp]in\b|[Cc]ode|[Cc]ombo|[Cc]ombination|[Cc][oó]digo|[Cc]odice/,
    inLine: true,
    pattern: new RegExp(
      String.raw`(?<![\w-])(?:PIN(?:-?Codes?)?|[Pp]in[ -]?[Cc]odes?|[Pp]ass[ -]?codes?|(?:[Dd]oor|[Ee]ntry|[Aa]ccess|[Uu]nlock|[Ll]ock|[Ll]ockbox|[Dd]isarm|[Gg]ate|[Gg]arage|[Kk]eypad|[Ss]afe|[Kk]ey[ -]?safe|[Ss]creen|[Mm]aster|[Tt](?:ü|ue)r|[Dd]eur|[Pp]in)[ -]?[Cc]odes?|(?<=${CODE_OWNER})[Aa]larm[ -]?[Cc]odes?|\b(?:[Cc]ode[ \t]+de[ \t]+la[ \t]+porte|[Cc][oó]digo[ \t]+(?:de[ \t]+la[ \t]+(?:alarma|puerta)|da[ \t]+porta)|[Cc]odice[ \t]+della[ \t]+porta)|(?:(?:[Cc]ard|SIM|[Ss]im|[Vv]oicemail|[Bb]ank|[Pp]hone|[Dd]ebit|[Cc]redit|ATM)[ -][Pp]in)|(?<=${CODE_OWNER})(?:[Cc]odes?|[Cc]ombination|[Cc]ombo)(?=[ \t]+(?:for|of|to)[ \t](?:[^\n.;:]{0,60}?\b(?:door|gate|lock|lockbox|safe|alarm|garage|room|building|keypad|padlock|locker|cage|office|house|flat|apartment|entrance))\b(?!-))|\b(?:[Ss]afe|[Ll]ock|[Ll]ockbox|[Pp]adlock|[Ll]ocker|[Vv]ault)[ -][Cc]ombo|\b(?:[Ss]afe|[Ll]ock|[Ll]ockbox|[Pp]adlock|[Ll]ocker|[Vv]ault)[ -][Cc]ombination|\b[Tt]resorcode|\b[Cc]ode[ \t]+PIN)\b(?:[ \t]+(?:for|of|on|in|at|to|from|f[üu]r|de|du|pour|del|para)(?:[ \t]+(?!${CODE_AUXILIARY}[ \t])[\w.@'’-]+){1,6}?)?(?:[ \t]+${CODE_AUXILIARY})?(?:[ \t]+${CHANGE_ADVERB})?(?:[ \t]+${CHANGE_VERB}(?:[ \t]+back)?(?:[ \t]+${WHEN_CHANGED})?)?(?:[ \t]+(?:to|as|auf|à|a)[ \t]+|[ \t]*(?:[:=：]|->|→)[ \t]*|(?<=${CODE_AUXILIARY}|${CHANGE_ADVERB})[ \t]+)[\`"'«„]?[ \t]?(?<value>(?!\d{4}-\d{1,2}-\d{1,2}\b|\d{1,2}[:.]\d{2}\b)(?:\d{4,12}|\d{2,4}(?:-\d{2,4}){1,3}|(?<=[Pp]ass[ -]?codes?\b[^\n]{0,200})(?!\d+-?[A-Za-z]+\b)(?=[^\s\`"',;]{0,64}\d)(?=[^\s\`"',;]{0,64}[${LETTER}])[^\s\`"',;]{3,63}[^\s\`"',;.!?)]))(?![\w-]|[ \t]*(?:digits?|chars?|characters?|lines?|LOC|loc|bytes?|[KMG]i?B|ms|users?|files?|tests?|rows?|Ziffern|Stellen|chiffres|caract[eè]res|d[ií]gitos|cifre|%))`,
      "g",
    ),
    examples: {
      positive: "Alarm system PIN is now 7391; Door passcode for the server room got changed to 48213; Safe combination in the office is 31-17-08",
      lookAlike: "the PIN is 4 digits; pin the version: v1.2.3; the door code changed on 2024-11-03; the PIN is in the vault",
    },
  },
  {
    kind: "password",
    // A password or a code changed to a value in the other languages (`Das Kennwort wurde auf Winter#2025 gesetzt`, `le mot de
    // passe a été remis à Livebox#2022`, `la contraseña se restableció a Prueba$123`, `a senha foi redefinida para H0mol#BD22`,
    // `il codice della porta è stato cambiato in 1359`): a participle of change, then its preposition and the value (German
    // puts the participle after it). A value with a password's shape, or digits alone after a code's label.
    needs: LOCAL_CHANGE_HINT,
    inLine: true,
    pattern: new RegExp(
      String.raw`[ \t]${CHANGED_TO}[ \t]+(?=[\`"'«„]?[ \t]?[^\s\`"',;]{0,300}\d|[\`"'«„]?[ \t]?[^\s\`"',;]{0,300}[!@#$%^&*])(?<=(?:${PHRASE_LABEL}|(?<![${LOCAL_LETTER}0-9_])(?:${LOCAL_CODE_WORDS})(?![${LOCAL_LETTER}0-9_]))(?<words>(?:[ \t]+${PHRASE_WORD}){0,10}?)[ \t]+${CHANGED_TO}[ \t]+)[\`"'«„]?[ \t]?${NOT_THE_PASSWORD}${NOT_AN_ADDRESS}${NOT_A_CLOCK}(?:(?<=${CHANGED_PARTICIPLE}(?:[ \t]+${PHRASE_WORD}){0,2}?[ \t]+${CHANGED_TO}[ \t]+[\`"'«„]?[ \t]?)(?<value>${CHANGED_VALUE})|(?<=auf[ \t]+[\`"'«„]?[ \t]?)(?<value2>${CHANGED_VALUE})(?=[\`"'“]?[ \t]+${CHANGED_PARTICIPLE}))`,
      "gi",
    ),
    examples: {
      positive:
        "Das Kennwort wurde auf Winter#2025 gesetzt\nLe mot de passe du routeur a été remis à Livebox#2022\nIl codice della porta è stato cambiato in 1359.",
      lookAlike: "Das Passwort wurde in Vault2 gespeichert; le mot de passe a été changé à 10:30; la contraseña se cambió a las 9",
    },
  },
  {
    kind: "password",
    // A login in prose with the password it took (`log in as admin with Blue7Gold`, `logged in as root using password
    // Tr0ub4dor&3`): a password's shape, a symbol or a digit and letters of both cases (`log in as admin with SSO2` is no
    // password, nor `with Okta`).
    pattern: new RegExp(
      String.raw`\b(?:log(?:ged|s)?|sign(?:ed|s)?)[ \t-]?(?:in|on)(?:[ \t]+as)?[ \t]+[\w.@+-]{1,64}[ \t]+(?:with|using|w\/)[ \t]+(?:(?:the[ \t]+)?(?:password|passwd|pw|pass)[ \t]+)?[\`"']?${NOT_THE_PASSWORD}(?![@#])(?<value>(?:(?=[^\s\`"',;]{1,300}[!@#$%^&*])|(?=[^\s\`"',;]{0,300}[A-Za-z]\d+[A-Za-z])(?=[^\s\`"',;]{0,300}[A-Z])(?=[^\s\`"',;]{0,300}[a-z]))(?![^\s\`"',;]{0,300}\.(?:pem|key|ppk)\b)[^\s\`"',;]{5,255}[^\s\`"',;.!?)](?:[!?]+(?![^\s)]))?)(?=[\`"']?(?:[ \t]*(?:$|[.,;)]|\(|[ \t]—|[ \t]+(?:and|for)[ \t])))`,
      "gm",
    ),
    examples: {
      positive: "log in as admin with Blue7Gold; signed in as root using password Tr0ub4dor&3",
      lookAlike: "log in as admin with SSO2, logged in as root with sudo, sign in as bob with Okta",
    },
  },
  {
    kind: "password",
    // "user admin, pass: Zebra$Lion99": a bare `pass` as a key where a list of credentials puts it (a line's
    // start, after `,` `;` `/` `(` `|`), for a value with a digit or a symbol and a letter ("CI pass: build#4521" stays).
    pattern: new RegExp(
      String.raw`\bpass(?<=(?:^[ \t]*(?:[-*+][ \t]+)?|[,;(/|][ \t]*)pass)[ \t]*[:=][ \t]*[\`"']?(?<value>(?=[^\s\`"',;]{0,300}[\d!@#$%^&*])(?=[^\s\`"',;]{0,300}[${LETTER}])[^\s\`"',;]{6,}[^\s\`"',;.!?)])`,
      "gim",
    ),
    examples: { positive: "admin login, pass: Zebra$Lion99", lookAlike: "First pass: step1-cleanup, CI pass: build#4521" },
  },
  {
    kind: "token",
    // "the deploy token is 9f8e7d…", "api key: abcd1234…", "the AWS secret key is wJalr…": a value shaped
    // like a credential (a digit and a letter, 12 characters or more) after a verb or a sign.
    pattern:
      /\b(?:token|secret(?:[ _-]access)?(?:[ _-]key)?|api[ _-]?key|access[ _-]key|(?:private|signing|encryption)[ _-]key)\b`?(?<!:\/\/[^\s/@]{0,100})(?:[ \t]+(?:for|of|on)[ \t]+(?:the[ \t]+)?[\w.@-]+(?:[ \t]+[\w.@-]+)?)?(?:[ \t]+(?:is|was)[ \t]+|[ \t]*[:=][ \t]*)[`"']?(?<value>(?=[^\s`"',;]{0,300}\d)(?=[^\s`"',;]{0,300}[A-Za-z])[^\s`"',;]{12,})/gi,
    examples: { positive: "the AWS secret key is 9f8e7d6c5b4a3f2e1d0c, rotated", lookAlike: "the token budget is 200k and the API key is stored in Vault" },
  },
  {
    kind: "token",
    // "secret key wJalrXUtn…", "token 9f8e7d6c…" with no verb or sign: only a run of a credential's own
    // characters, 16 or more with a digit and a letter, that ends there ("token 预算](../x_100-token.md)" stays).
    pattern:
      /\b(?:token|secret(?:[ _-]access)?[ _-]key|api[ _-]?key|access[ _-]key|(?:private|signing|encryption)[ _-]key)[ \t]+[`"']?(?<value>(?=[A-Za-z0-9+/=_.-]{0,300}\d)(?=[A-Za-z0-9+/=_.-]{0,300}[A-Za-z])[A-Za-z0-9+/=_.-]{16,})(?=$|[\s`"',;!?)])/gim,
    examples: {
      positive: "rotated the secret key 9f8e7d6c5b4a3f2e1d0c today",
      lookAlike: "the token 预算](../feedback_100-token.md) and the api key rotation2024 plan",
    },
  },
  {
    kind: "password",
    // A label alone on its line and the value alone on the next (`Password:` then `  Tr0ub4dor&3`), as notes
    // and tool output put them: a value shaped like a password (a digit or a symbol and a letter), nothing after it.
    pattern: nextLineValue(
      `(?:p(?:ass(?:word|wd|phrase)|wd)|${LOCAL_PASSWORD_WORDS})`,
      String.raw`${NOT_THE_PASSWORD}(?=${VALUE_CHAR}{0,300}[\d!@#$%^&*])(?=${VALUE_CHAR}{0,300}[${LETTER}])${VALUE_CHAR}{6,${LONGEST_VALUE}}`,
    ),
    examples: { positive: "Staging DB password:\n  Tr0ub4dor&3", lookAlike: "Password:\n- rotate it every 90 days" },
  },
  {
    kind: "token",
    // Generated: a run of 16 letters and digits in it ("gpt-4o-2024-08-06" or a path is no token).
    pattern: nextLineValue(
      "(?:token|secret(?:[ _-]access)?(?:[ _-]key)?|api[ _-]?key|access[ _-]key)",
      String.raw`(?=${VALUE_CHAR}{0,300}?[A-Za-z0-9]{16})(?=${VALUE_CHAR}{0,300}\d)(?=${VALUE_CHAR}{0,300}[A-Za-z])${VALUE_CHAR}{16,${LONGEST_VALUE}}`,
    ),
    examples: { positive: `API key:\n${fake("", 32)}`, lookAlike: "Token:\ngpt-4o-mini, 4096 max" },
  },
  {
    kind: "password",
    // A user and a password given as a pair after a label (`creds: admin/Zebra7Lion`, `Zugangsdaten: admin / x`):
    // the password has a symbol, or a digit and letters of both cases (`login: admin/settings2` is a path); told
    // apart by case, so the labels are written in the cases they come in.
    pattern:
      /\b(?:[Cc]red(?:s|entials?)|CREDS|CREDENTIALS|[Ll]ogins?|LOGINS?|[Zz]ugangsdaten|[Aa]nmeldedaten|[Ii]dentifiants|[Cc]redenciales|[Cc]redenciais)(?:[ \t]*[:=][ \t]*|(?<=[Cc]red(?:s|entials?))[ \t]+(?:are|were)(?:[ \t]+(?:now|still))?[ \t]+(?=[\w.@+-]{1,64}\/[^\s/]{5,255}(?:[ \t]*(?:$|[.,;)]|\(|[ \t]+(?:for|on)[ \t]))))[`"']?(?!(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b)[\w.@+-]{1,64}[ \t]*[:/][ \t]*(?<value>(?:(?=[^\s`"',;/]{0,300}[!@#$%^&*])|(?=[^\s`"',;/]{0,300}\d)(?=[^\s`"',;/]{0,300}[A-Z])(?=[^\s`"',;/]{0,300}[a-z]))[^\s`"',;/]{5,255}[^\s`"',;/.!?)])(?![/\w])/g,
    examples: {
      positive: "creds: admin/Zebra7Lion for staging\ncreds are admin/Blue7Gold",
      lookAlike:
        "credentials: see vault/prod-db, login: admin/2024, login page/settings2, credentials are in vault/prod-db\nthe login flow / Dashboard2 redesign\ncreds are team/Infra2024 group in vault, creds are env:Prod_Db2",
    },
  },
  {
    kind: "secret",
    // The seed of one-time passwords (base32: capitals and the digits 2–7): whoever holds it makes the codes.
    pattern:
      /\b(?:[Tt]?[Oo][Tt][Pp]|2[Ff][Aa]|[Mm][Ff][Aa])[ _-]?(?:[Ss]ecret|SECRET|[Ss]eed|SEED|[Kk]ey|KEY)s?\b[ \t]*(?:[:=][ \t]*|is[ \t]+|[ \t]+)[`"']?(?<value>(?=[A-Z2-7]{0,128}[2-7])[A-Z2-7]{16,128}={0,6})(?![\w=])/g,
    examples: { positive: "TOTP seed JBSWY3DPEHPK3PXPJBSWY3DP", lookAlike: "TOTP seed rotation is due" },
  },
  {
    kind: "password",
    // "root pw is hunter2!": a bare `pw` counts only for a value with a digit or a symbol ("the pw is down").
    pattern: new RegExp(
      String.raw`\bpw\b(?:[ \t]+(?:for|of|on)[ \t]+(?:the[ \t]+)?[\w.@-]+(?:[ \t]+[\w.@-]+)?)?(?:[ \t]+(?:is|was)(?:[ \t]*:)?[ \t]+|[ \t]*[:=][ \t]*)[\`"']?${PASSWORD_SHAPED}`,
      "gi",
    ),
    examples: { positive: "root pw is hunter2!, ask Dana", lookAlike: "the pw is down today" },
  },
  {
    kind: "password",
    // "the admin password Tr0ub4dor&3": with no verb or sign, a run of a password's own characters
    // with a digit or a symbol and a letter, that ends there ("password reset v2" stays).
    pattern: new RegExp(
      String.raw`\b(?:pw|pass(?:word|wd|phrase))[ \t]+[\`"']?(?<value>(?=[${LETTER}0-9!@#$%^&*_+=.~-]{0,300}[\d!@#$%^&*])(?=[${LETTER}0-9!@#$%^&*_+=.~-]{0,300}[${LETTER}])[${LETTER}0-9!@#$%^&*_+=.~-]{6,})(?=$|[\s\`"',;?)])`,
      "gim",
    ),
    examples: { positive: "the admin password Tr0ub4dor&3 was rotated", lookAlike: "password reset flow v2 shipped, pw manager 1Password" },
  },
];

export const NOT_SECRETS = new Set(
  (
    "true false yes no none null nil undefined empty blank unset set not is was in on at the a an to be " +
    "required optional needed missing stored saved kept hidden masked redacted encrypted hashed rotated changed reset " +
    "correct wrong invalid expired valid same different known unknown here there now still done ok okay tbd todo pending " +
    "string str number int integer boolean bool any secret password token changeme example placeholder xxx n/a 1password " +
    "updated generated shared sent emailed leaked compromised revoked removed deleted added created configured moved " +
    "migrated synced enabled disabled accepted rejected verified checked tested fixed broken working weak strong long short " +
    // Prose after a label (`Password: see the vault`, `Token: expires tomorrow`).
    "see use ask check via from per expires refreshes rotates lives comes provided managed available your our my their its this that " +
    // Rules and states (`Password: min 8 characters`, `Password: unchanged since March`).
    "min max minimum maximum unchanged forgotten prompted keychain vault deprecated " +
    // Pointers and grammar's words in the other languages, prose after any label as `see` and `not` are (`Passwort: siehe
    // Vault`, `password: не задан`, `пароль: см. vault`). Their words of state are placeholders after a label of their
    // own language only (PLACEHOLDERS_BY_LABEL); `incorrect` is English's as well.
    "siehe см смотри не тот incorrect"
  ).split(" "),
);

// Words of that list that say how a password is, in prose (`password: correct`, `password: same as staging`): given
// with `=` they are the value (`DB_PASSWORD=correct`), as `=` gives a value, not a sentence. Placeholders stay so.
export const PROSE_STATES = new Set(
  "correct wrong invalid valid same different known weak strong long short working broken fixed here there now still done ok okay".split(" "),
);

// Short words of those lists that are also passwords people pick (see, empty, none, wrong, lack: `siehe`-like `voir`,
// `ver`, `zie`, `leer`, `ingen`, `tom`, `fel`, `brak`): prose only with the sentence going on after them (`Passwort:
// leer lassen`, `wachtwoord: zie vault`); alone (`password: tom`) each is the password.
// So are verbs that say to change it (`Contraseña: Cambiarla pronto`, `Lösenord: Byts varje månad`, `пароль:
// Поменять завтра`).
export const PROSE_BEFORE_A_WORD = new Set("voir ver zie leer ingen tom fel brak cambiar cambiarla byts bytt ändra поменять сменить изменить".split(" "));

// Those of them that say the password is empty, none or wrong are that state after a label of their own language
// (`Passwort: leer`, `hasło: brak`, `lösenord: ingen`), as `password: none` is; after another's they are a word
// like any other (`password: tom`). The labels each is read after, as LOCAL_PASSWORD_WORDS spells them.
const STATE_AFTER_ITS_LABEL: Record<string, RegExp> = {
  leer: /passwort|kennwort/i,
  brak: /hasło|haslo/i,
  ingen: /lösenord|passord|adgangskode/i,
  tom: /lösenord|passord|adgangskode/i,
  fel: /lösenord/i,
};

// Placeholders in the languages compact reads: unknown, none, empty, missing, hidden or redacted, removed, changed or
// unchanged, set, required, stored, forgotten, expired, wrong, encrypted, pending, reset, and where it is kept (a vault,
// a safe, a keychain), after a label of their own language (`Passwort: Unbekannt`,
// `Kennwort: Tresor`, `wachtwoord: kluis`), as `password: unknown` and `password: vault` are in English. After another
// language's label each is a word like any other, the password (`password: Tresor`, `password: valv`, `password:
// pendiente`, as `password: sunshine`). The labels as LOCAL_PASSWORD_WORDS spells them; Italian borrows English's, so
// its own is `password` in an Italian phrase (`La password è sconosciuta`, `password del server: nessuna`).
const PLACEHOLDERS_BY_LABEL: readonly (readonly [label: RegExp, words: string])[] = [
  [
    /passwort|kennwort/i,
    "unbekannt geschwärzt geschwaerzt entfernt gelöscht geloescht ausstehend verborgen versteckt maskiert zurückgesetzt " +
      "geaendert tresor schlüsselbund schluesselbund passwortmanager kein keins keines fehlt unverändert geändert gesetzt " +
      "erforderlich gespeichert vergessen abgelaufen falsch verschlüsselt",
  ],
  [
    /mot[ -]de[ -]passe|mdp/i,
    "inconnu inconnue néant neant masqué masquée caché cachée expurgé caviardé supprimé effacé réinitialisé changée " +
      "modifiée coffre coffre-fort trousseau aucun vide manquant inchangé changé modifié défini requis obligatoire stocké oublié " +
      "expiré chiffré",
  ],
  [
    /contraseña|contrasena|clave de acceso/i,
    "desconocida desconocido ningún oculta oculto censurada eliminada borrada restablecida pendiente vacia bóveda boveda llavero " +
      "ninguna ninguno vacía vacío falta cambiada cambiado requerida obligatoria guardada olvidada caducada incorrecta cifrada",
  ],
  [
    /parola|\b(?:la|una|sua|tua|nostra|vostra) password\b|\bpassword (?:del|della|dello|dell'|dei|di|per)\b|\bpassword[ \t]+è/i,
    "sconosciuta sconosciuto nessuna nessuno vuota vuoto nascosta oscurata rimossa cancellata cambiata modificata reimpostata " +
      "mancante scaduta obbligatoria salvata cifrata impostata cassaforte portachiavi",
  ],
  [
    /senha|palavra-passe/i,
    "desconhecida desconhecido nenhum escondida ocultada removida apagada redefinida pendente cofre chaveiro nenhuma vazia " +
      "alterada obrigatória esquecida expirada incorreta",
  ],
  [
    /wachtwoord/i,
    "onbekend verborgen gemaskeerd verwijderd gereset kluis sleutelhanger geen leeg ontbreekt gewijzigd verplicht opgeslagen " +
      "vergeten verlopen onjuist versleuteld",
  ],
  [
    /lösenord/i,
    "okänt okänd dolt dold borttaget borttagen återställt väntande valv kassaskåp nyckelring tomt saknas ändrat ändrad krävs sparat glömt krypterat",
  ],
  [/passord|adgangskode/i, "ukendt ukjent skjult ændret slettet mangler endret påkrevd lagret glemt feil"],
  // Turkish's labels, `ŞİFRE` spelled out: under `i` its dotted capital I folds to no small letter.
  [/şifre|ŞİFRE|sifre|parola/i, "yok boş eksik değişti gerekli kayıtlı unutuldu yanlış şifreli"],
  [/hasło|haslo/i, "nieznane nieznany puste ukryte usunięte zresetowane oczekujące sejf pusty zmienione wymagane zapisane zapomniane błędne"],
  [
    /пароль/i,
    "неизвестен неизвестно сейф хранилище нет да пусто пустой задан отсутствует обязателен изменён изменен сброшен скрыт хранится " +
      "прежний указан неверный истёк истек забыт удалён удален сменён сменен зашифрован",
  ],
];
const LABELS_OF_PLACEHOLDER = new Map<string, RegExp[]>();
for (const [label, words] of PLACEHOLDERS_BY_LABEL) {
  for (const word of words.split(" ")) LABELS_OF_PLACEHOLDER.set(word, [...(LABELS_OF_PLACEHOLDER.get(word) ?? []), label]);
}

/** The placeholders of each language and the labels they are read after, for the rules' fingerprint. */
export function localPlaceholders(): [string, string][] {
  return PLACEHOLDERS_BY_LABEL.map(([label, words]) => [label.source, words]);
}

/**
 * Whether `value` is a placeholder of a language after a label of that language (`label`, the text from a match's
 * start to its value, or a table's header), maybe in brackets (`Passwort: (unbekannt)`).
 */
export function placeholderAfterItsLabel(value: string, label: string): boolean {
  const word = (/^[[({]([^\])}]{1,32})[\])}]?$/.exec(value)?.[1] ?? value).toLowerCase();
  return LABELS_OF_PLACEHOLDER.get(word)?.some((own) => own.test(label)) ?? false;
}

/** Whether `word` says the password's state after `label` (the text from a match's start to its value). */
export function stateAfterItsLabel(word: string, label: string): boolean {
  return STATE_AFTER_ITS_LABEL[word]?.test(label) ?? false;
}

// Code that reads a secret from somewhere: a member access on an object code names so (`req.body.password`,
// `options.apiKey`, `tokenizer.eos_token`, `var.db_password`, `random_password.db.result`), maybe a call
// (`req.headers.authorization?.split`) or a default after it (`?? fallback`). Dotted words alone may be a
// passphrase (`correct.horse.battery`): only these first names say code.
const CODE_OBJECTS = new Set(
  (
    "req request res response options opts args argv params props data body ctx context cfg conf config configs settings self this " +
    "env process os vars var local locals module exports app window document session state store payload input inputs values form " +
    "user credentials creds secrets auth tokenizer client provider parsed result"
  ).split(" "),
);
const TERRAFORM_RESOURCE = /^(?:aws|azurerm|google|random|tls|kubernetes|vault|null|local|http|archive|time)_[a-z0-9_]+$/;
const NAME_PART = /^[A-Za-z_$][\w$]{0,63}$/;

function isCode(value: string): boolean {
  const cut = value.search(/[([]|\s|\?\?/);
  const path = (cut === -1 ? value : value.slice(0, cut)).replace(/\?\./g, ".").replace(/\.$/, "");
  const parts = path.split(".");
  if (parts.length < 2 || !parts.every((part) => NAME_PART.test(part))) return false;
  return CODE_OBJECTS.has(parts[0]!) || TERRAFORM_RESOURCE.test(parts[0]!) || GETTERS.has(parts.at(-1)!);
}

// A value read through a getter (`configService.get<string>(…)`, `os.getenv(…)`): the call is cut off at `<` or `(`.
const GETTERS = new Set(["get", "getenv", "getString", "getSecret", "getSecretValue", "getPassword", "getToken", "read", "load", "fetch"]);

const TEMPLATE_WORDS = /^(?:[a-z]{1,32}[-_]){1,8}[a-z]{1,32}$|^(?:[A-Z]{1,32}[-_]){1,8}[A-Z]{1,32}$/;

/**
 * True for a value that names or stands for a secret rather than being one:
 * a variable reference, an env var name, a path, code, a placeholder, a redaction marker.
 */
export function isPlaceholder(candidate: string): boolean {
  const v = candidate.trim();
  if (v.length === 0 || !/[\p{L}\p{N}]/u.test(v)) return true;
  if (NOT_SECRETS.has(v.toLowerCase()) || v.toLowerCase() === "put your unique phrase here") return true;
  // A word of those in brackets (`[redacted]`, `(none)`, `{unknown}`), as a value cut at its closing bracket leaves it.
  const bracketed = /^[[({]([^\])}]{1,32})[\])}]?$/.exec(v)?.[1];
  if (bracketed !== undefined && NOT_SECRETS.has(bracketed.toLowerCase())) return true;
  if (v.startsWith("[REDACTED")) return true;
  if (/^(?:\$\{|\$\(|\$[A-Za-z_]\w*$|%[A-Z_]+%|\{\{|<|\*{3}|\.{3}|…)/.test(v)) return true;
  if (/^(.)\1+$/.test(v)) return true;
  // What a sample or a template asks to put there (`your-token-here`, `my_api_key`, `YOUR_API_KEY_HERE`): words of
  // one case with no digit. With a digit or both cases it is a credential (`my-Secret-Pass-2024`, `Tr0ub4dor_here`).
  if (TEMPLATE_WORDS.test(v) && (/^(?:your|my)[-_]/i.test(v) || /[-_]here$/i.test(v))) return true;
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(v)) return true;
  if (/^(?:~|\.{1,2})?\/[\w./-]*$/.test(v) || v.includes("://")) return true;
  if (/^v?\d+(?:\.\d+)+(?:[-+][\w.]+)?$/.test(v) || /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?$/.test(v)) return true;
  if (/^[A-Za-z_$][\w$.]*[([]/.test(v) || /^(?:process\.env|env|self|this|config|settings|secrets|vars)\./.test(v)) return true;
  // A PowerShell cmdlet (`$pw = ConvertTo-SecureString …`), the command a password comes from.
  if (/^(?:Get|Set|New|Read|Import|Export|Invoke|ConvertTo|ConvertFrom)-[A-Z][A-Za-z]+$/.test(v)) return true;
  if (isCode(v)) return true;
  // AWS's documented example keys, SQL parameters (`$1`), a template's fields (`{password}`, `{db_pass}`).
  if (/EXAMPLE(?:KEY)?$/.test(v) || /^(?:\$\d+|\{[a-z_]{1,64}\}?)$/.test(v)) return true;
  return false;
}
