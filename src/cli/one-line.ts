// What a terminal acts on instead of showing: C0 and C1 controls (an escape sequence starts with ESC or CSI),
// DEL, and the marks that reverse or isolate the direction of the text after them (U+202E shows a name backwards).
const ACTING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * Text as a terminal should show it: characters it would act on (an escape
 * sequence from a memory's name, a direction override) are shown as escapes.
 * Line ends and tabs stay.
 */
export function shownText(text: string): string {
  return text.replace(ACTING, escaped);
}

/**
 * A message as one line for a terminal: control characters it quotes from a
 * file (a NUL of a UTF-16 config, an escape sequence) are shown as escapes,
 * not sent to the terminal, and a line end is a space.
 */
export function oneLine(message: string): string {
  return shownText(message.replace(/\r?\n|\t/g, " "));
}
