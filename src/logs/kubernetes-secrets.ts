/** A value to redact in a Kubernetes Secret: where it is. */
export interface SecretValue {
  start: number;
  end: number;
}

// What ends a manifest in a log: YAML's document marker or a code fence, at the start of a line.
const DOCUMENT_END = /^(?:---|\.\.\.|```|~~~)/;
const KIND = /^kind:[ \t]*["']?([A-Za-z]+)["']?[ \t]*(?:#.*)?$/;
const DATA = /^(?:data|stringData):[ \t]*(?:#.*)?$/;
const BLOCK_SCALAR = /^[|>][+-]?\d?$/;
// How far from its data an object's `kind` is looked for: a manifest's fields, not a whole log of `data:` lines.
const OBJECT_LINES = 200;

interface Line {
  start: number;
  text: string;
  indent: number;
  blank: boolean;
  /** The text after a list item's `- `, and its indent: a list item opens an object. */
  item: boolean;
}

/** Whether `text` may hold a Secret's data: the words the reading needs, before it reads a line. */
export function mayHoldKubernetesSecret(text: string): boolean {
  return text.includes("Secret") && text.includes("ata:");
}

/**
 * The values under `data:` and `stringData:` of the objects of `kind: Secret`
 * (every key's value, whatever the key is named: a Secret holds nothing else),
 * block scalars line by line. An object's `kind` may come before or after its
 * data (`kubectl get -o yaml` sorts `data` first); objects are told apart by
 * indentation and list items, so a List of Secrets and ConfigMaps is read
 * item by item. Linear in the text.
 */
export function kubernetesSecretValues(text: string): SecretValue[] {
  if (!mayHoldKubernetesSecret(text)) return [];
  const lines = linesOf(text);
  const found: SecretValue[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.blank || !DATA.test(line.text.slice(line.indent))) continue;
    if (kindOfObject(lines, i) !== "Secret") continue;
    i = readData(text, lines, i, found);
  }
  return found;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    let raw = text.slice(start, end);
    if (raw.endsWith("\r")) raw = raw.slice(0, -1);
    // A list item's fields sit at the indent after its `- `: read as that indent, marked as an item.
    const item = /^([ \t]*)- /.exec(raw);
    const shifted = item ? `${" ".repeat(item[0].length)}${raw.slice(item[0].length)}` : raw;
    const rest = shifted.trimStart();
    lines.push({ start, text: shifted, indent: shifted.length - rest.length, blank: rest === "" || rest.startsWith("#"), item: item !== null });
    if (newline === -1) break;
    start = newline + 1;
  }
  return lines;
}

// The `kind:` of the object holding line `at`: a line at the same indent, before it up to where the
// object starts (a line indented less, its list item's line, a document's end) or after it up to where it ends.
function kindOfObject(lines: Line[], at: number): string | undefined {
  const indent = lines[at]!.indent;
  const kindAt = (line: Line) => (line.indent === indent ? KIND.exec(line.text.slice(indent))?.[1] : undefined);
  for (let i = at; i >= Math.max(0, at - OBJECT_LINES); i--) {
    const line = lines[i]!;
    if (DOCUMENT_END.test(line.text)) break;
    if (line.blank) continue;
    if (line.indent < indent) break;
    const kind = kindAt(line);
    if (kind) return kind;
    if (line.item && line.indent === indent) break;
  }
  for (let i = at + 1; i < Math.min(lines.length, at + OBJECT_LINES); i++) {
    const line = lines[i]!;
    if (DOCUMENT_END.test(line.text)) break;
    if (line.blank) continue;
    if (line.indent < indent || (line.item && line.indent === indent)) break;
    const kind = kindAt(line);
    if (kind) return kind;
  }
  return undefined;
}

// The entries under a `data:` line, to the first line indented no deeper; returns the last line read.
function readData(text: string, lines: Line[], at: number, found: SecretValue[]): number {
  const dataIndent = lines[at]!.indent;
  let blockIndent = -1;
  let i = at + 1;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const empty = line.text.trim() === "";
    if (blockIndent >= 0 && (empty || line.indent > blockIndent)) {
      if (!empty) found.push(trimmedEnd(line.start + line.indent, line.text.slice(line.indent)));
      continue;
    }
    blockIndent = -1;
    if (empty) continue;
    if (line.indent <= dataIndent || DOCUMENT_END.test(line.text)) break;
    const entry = entryValue(line);
    if (!entry) continue;
    if (BLOCK_SCALAR.test(text.slice(entry.start, entry.end))) blockIndent = line.indent;
    else found.push(unquoted(text, entry.start, entry.end));
  }
  return i - 1;
}

// `key: value` on a line, read without a regular expression that backtracks over spaces.
function entryValue(line: Line): SecretValue | undefined {
  const body = line.text.slice(line.indent);
  const quote = body[0] === '"' || body[0] === "'" ? body[0] : undefined;
  const keyEnd = quote ? body.indexOf(quote, 1) + 1 : 0;
  if (quote && keyEnd === 0) return undefined;
  const colon = body.indexOf(": ", keyEnd);
  const colonTab = body.indexOf(":\t", keyEnd);
  const sign = colon === -1 ? colonTab : colonTab === -1 ? colon : Math.min(colon, colonTab);
  if (sign <= 0 || body[0] === "#") return undefined;
  let start = sign + 2;
  while (start < body.length && (body[start] === " " || body[start] === "\t")) start++;
  if (start >= body.length) return undefined;
  return trimmedEnd(line.start + line.indent + start, body.slice(start));
}

// The span of `value` at `start`, without the spaces and tabs it ends in (no backtracking regular expression).
function trimmedEnd(start: number, value: string): SecretValue {
  let cut = value.length;
  while (cut > 0 && (value[cut - 1] === " " || value[cut - 1] === "\t")) cut--;
  return { start, end: start + cut };
}

function unquoted(text: string, start: number, end: number): SecretValue {
  const open = text[start];
  if (end - start >= 2 && (open === '"' || open === "'") && text[end - 1] === open) return { start: start + 1, end: end - 1 };
  return { start, end };
}
