/**
 * An endpoint as an error may show it: scheme, host, port and path, without
 * the user name, password, query or fragment a URL can carry a secret in.
 */
export function shownEndpoint(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return "the configured base URL";
  }
}

/**
 * A message with every URL in it shown as `shownEndpoint` shows one: fetch names the whole
 * URL it refused (`Request cannot be constructed from a URL that includes credentials: …`).
 */
export function withoutUrlSecrets(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, (url) => shownEndpoint(url));
}
