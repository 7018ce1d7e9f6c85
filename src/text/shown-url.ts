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

/**
 * A URL as the settings show it, whole but for the parts that can carry a
 * secret, whatever it looks like: the user name and password, each query
 * value and the fragment become `***` (query names stay, to tell which is
 * set; a part with no `=` is a value alone, `?sk-…`, and goes whole). A URL
 * with no host (`user:hunter2@host` parses as the scheme `user:`) keeps only
 * its scheme. Undefined when it is no URL. The path stays: a key that has
 * a key's shape there is the redaction's to find.
 */
export function maskedUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.host === "") return `${parsed.protocol}***`;
  if (parsed.username || parsed.password) {
    parsed.username = "***";
    parsed.password = "";
  }
  if (parsed.search) {
    const parts = parsed.search.slice(1).split("&");
    parsed.search = parts.map((part) => (part.includes("=") ? `${part.slice(0, part.indexOf("="))}=***` : part === "" ? "" : "***")).join("&");
  }
  if (parsed.hash) parsed.hash = "***";
  return parsed.href;
}
