import { isPlaceholder, LOCAL_PASSWORD_WORDS, placeholderAfterItsLabel } from "./secret-patterns.js";

/** A cell to redact: where its value is, and what kind of secret its column holds. */
export interface TableSecret {
  start: number;
  end: number;
  kind: string;
}

// A header that names the column's secret (`Password`, `API Key`, `**Token**`, `DB passwd`), as agents tabulate credentials.
// Words of letters, digits and dots, one separator each, so a header of `a-a-a-…` splits one way only.
// Not `pass` alone: a test table's `| Pass | Fail |` counts runs.
const PASSWORD_HEADER = new RegExp(`^(?:[A-Za-z0-9.]{1,32}[ _-]){0,2}(?:password|passwd|passphrase|pwd|pw|${LOCAL_PASSWORD_WORDS})s?$`, "i");
const SECRET_HEADER =
  /^(?:[A-Za-z0-9.]{1,32}[ _-]){0,2}(?:secret|secret[ _-]?key|api[ _-]?key|apikey|access[ _-]?key|access[ _-]?token|auth[ _-]?token|bearer[ _-]?token|bot[ _-]?token|private[ _-]?key|client[ _-]?secret|credential|credentials)s?$/i;
const TOKEN_HEADER = /^(?:[A-Za-z0-9.]{1,32}[ _-]){0,2}tokens?$/i;
const PASS = /^pass$/i;
const USER_HEADER = /^(?:user(?:[ _-]?name)?|login|e-?mail|account|benutzer(?:name)?|utilisateur|usuario|usuário|пользователь|логин)$/i;
// A header cell longer than this names no column.
const LONGEST_HEADER = 64;
const SEPARATOR = /^[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$/;
// What a column holds, by what its header names, with no space (a column of notes says "in the vault"):
// a password, four characters or more; a secret or key, eight or more with a digit or a symbol, or
// sixteen; a token (a lexer's or a model's count as often), sixteen with a digit and a letter, or 24.
const SHAPES: Record<string, RegExp> = {
  password: /^\S{4,}$/,
  secret: /^(?:(?=\S{0,300}[\d!@#$%^&*])\S{8,}|\S{16,})$/,
  token: /^(?:(?=\S{0,300}\d)(?=\S{0,300}[A-Za-z])\S{16,}|\S{24,})$/,
};
// A note in brackets (`(none)`, `[vault]`), not a value.
const NOTE = /^[([].*[)\]]$/;
// Longest table line read: a longer one is no table an agent wrote by hand.
const LONGEST_ROW = 16_384;

/**
 * The cells of markdown table columns whose header names a secret
 * (`| Service | User | Password |` then `|---|---|---|`): every body row's
 * cell in such a column, when it has a secret's shape. One pass over the lines.
 */
export function tableSecrets(text: string): TableSecret[] {
  if (!text.includes("|") || !text.includes("--")) return [];
  const found: TableSecret[] = [];
  const lines = lineStarts(text);
  for (let i = 1; i < lines.length; i++) {
    if (!SEPARATOR.test(lineAt(text, lines, i))) continue;
    const header = cellsOf(text, lines[i - 1]!, lineEnd(text, lines, i - 1));
    const names = header.map((cell) => text.slice(cell.start, cell.end));
    const kinds = names.map(kindOf);
    // `Pass` beside a user's column is a password's (`| user | pass |`), not a count of runs (`| Pass | Fail |`).
    if (names.some((name) => USER_HEADER.test(plainHeader(name)))) {
      names.forEach((name, column) => {
        if (PASS.test(plainHeader(name))) kinds[column] = "password";
      });
    }
    if (!kinds.some((kind) => kind !== undefined)) continue;
    for (let row = i + 1; row < lines.length; row++) {
      const start = lines[row]!;
      const end = lineEnd(text, lines, row);
      if (end - start > LONGEST_ROW || !text.slice(start, end).includes("|")) break;
      cellsOf(text, start, end).forEach((cell, column) => {
        const kind = kinds[column];
        if (!kind) return;
        const [from, to] = unquoted(text, cell.start, cell.end);
        const value = text.slice(from, to);
        // A placeholder of a language under a header of that language (`| Kennwort | Tresor |`).
        if (SHAPES[kind]!.test(value) && !NOTE.test(value) && !isPlaceholder(value) && !placeholderAfterItsLabel(value, names[column]!))
          found.push({ start: from, end: to, kind: kind === "secret" ? "token" : kind });
      });
      i = row;
    }
  }
  return found;
}

function plainHeader(header: string): string {
  return header.length > LONGEST_HEADER ? "" : header.replace(/^[*`]{1,2}|[*`]{1,2}$/g, "").trim();
}

function kindOf(header: string): string | undefined {
  const name = plainHeader(header);
  if (name === "") return undefined;
  if (PASSWORD_HEADER.test(name)) return "password";
  if (SECRET_HEADER.test(name)) return "secret";
  if (TOKEN_HEADER.test(name)) return "token";
  return undefined;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return starts;
}

function lineEnd(text: string, starts: number[], line: number): number {
  const next = starts[line + 1];
  if (next === undefined) return text.length;
  return text[next - 2] === "\r" ? next - 2 : next - 1;
}

function lineAt(text: string, starts: number[], line: number): string {
  return text.slice(starts[line]!, lineEnd(text, starts, line));
}

// The cells of a table line, trimmed: split at `|` not escaped, without the empty ends of `| a | b |`.
function cellsOf(text: string, start: number, end: number): { start: number; end: number }[] {
  const cells: { start: number; end: number }[] = [];
  let from = start;
  for (let at = start; at <= end; at++) {
    if (at < end && (text[at] !== "|" || text[at - 1] === "\\")) continue;
    let [a, b] = [from, at];
    while (a < b && /\s/.test(text[a]!)) a++;
    while (b > a && /\s/.test(text[b - 1]!)) b--;
    cells.push({ start: a, end: b });
    from = at + 1;
  }
  if (text.slice(start, end).trimStart().startsWith("|")) cells.shift();
  if (text.slice(start, end).trimEnd().endsWith("|") && cells.at(-1)?.start === cells.at(-1)?.end) cells.pop();
  return cells;
}

// A cell's value without the backticks or quotes around it.
function unquoted(text: string, start: number, end: number): [number, number] {
  const open = text[start];
  if (end - start >= 2 && (open === "`" || open === '"' || open === "'") && text[end - 1] === open) return [start + 1, end - 1];
  return [start, end];
}
