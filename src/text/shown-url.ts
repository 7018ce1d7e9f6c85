/**
 * A URL's scheme, host and port, as a message may show them: never the user
 * name, password, query or fragment a URL can carry a secret in. A scheme with
 * no origin (`ftp:`) is shown by its scheme and host, not as "null".
 */
export function shownOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.origin !== "null" ? parsed.origin : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return undefined;
  }
}

/** An endpoint as an error shows it: `shownOrigin` and the path. */
export function shownEndpoint(url: string): string {
  const origin = shownOrigin(url);
  if (origin === undefined) return "the configured base URL";
  const { pathname } = new URL(url);
  return `${origin}${pathname === "/" ? "" : pathname}`;
}

/**
 * A message with every URL in it shown as `shownEndpoint` shows one: fetch names the whole
 * URL it refused (`Request cannot be constructed from a URL that includes credentials: …`).
 */
export function withoutUrlSecrets(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, (url) => shownEndpoint(url));
}
