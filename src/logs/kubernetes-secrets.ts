/** A value to redact in a Kubernetes Secret: where it is. */
export interface SecretValue {
  start: number;
  end: number;
}

const KIND_SECRET = /^[ \t]*kind:[ \t]*["']?Secret["']?[ \t]*(?:#.*)?$/;
const DATA = /^([ \t]*)(?:data|stringData):[ \t]*(?:#.*)?$/;
const ENTRY = /^([ \t]*)(?:"[^"\n]*"|'[^'\n]*'|[^\s:#"'][^:\n]*?):[ \t]+(\S.*?)[ \t]*$/;
// What ends a manifest in a log: YAML's document marker, a code fence.
const DOCUMENT_END = /^[ \t]*(?:---|\.\.\.|```|~~~)/;
const BLOCK_SCALAR = /^[|>][+-]?\d?$/;

/**
 * The values under `data:` and `stringData:` in a manifest of `kind: Secret`
 * (every key's value, whatever the key is named: a Secret holds nothing
 * else), block scalars line by line. One pass over the lines.
 */
export function kubernetesSecretValues(text: string): SecretValue[] {
  if (!text.includes("Secret") || !text.includes("ata:")) return [];
  const found: SecretValue[] = [];
  let secretKind = false;
  let dataIndent = -1;
  let blockIndent = -1;
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, end).replace(/\r$/, "");
    const indent = line.length - line.trimStart().length;
    const blank = line.trim() === "";
    if (DOCUMENT_END.test(line)) {
      secretKind = false;
      dataIndent = blockIndent = -1;
    } else if (blockIndent >= 0 && (blank || indent > blockIndent)) {
      if (!blank) found.push({ start: start + indent, end: start + line.length });
    } else {
      blockIndent = -1;
      if (dataIndent >= 0 && !blank && indent <= dataIndent) dataIndent = -1;
      if (KIND_SECRET.test(line)) secretKind = true;
      const data = secretKind && dataIndent < 0 ? DATA.exec(line) : null;
      if (data) dataIndent = data[1]!.length;
      else if (dataIndent >= 0) {
        const entry = ENTRY.exec(line);
        if (entry) {
          const value = entry[2]!;
          const at = start + line.length - value.length;
          if (BLOCK_SCALAR.test(value)) blockIndent = entry[1]!.length;
          else found.push(unquoted(text, at, at + value.length));
        }
      }
    }
    if (newline === -1) break;
    start = newline + 1;
  }
  return found;
}

function unquoted(text: string, start: number, end: number): SecretValue {
  const open = text[start];
  if (end - start >= 2 && (open === '"' || open === "'") && text[end - 1] === open) return { start: start + 1, end: end - 1 };
  return { start, end };
}
