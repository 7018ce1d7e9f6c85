/**
 * A message as one line for a terminal: control characters it quotes from a
 * file (a NUL of a UTF-16 config, an escape sequence) are shown as escapes,
 * not sent to the terminal.
 */
export function oneLine(message: string): string {
  return message.replace(/[\u0000-\u001f\u007f\u009b]/g, (char) => (char === "\n" ? " " : `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`));
}
