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
 * set). Undefined when it is no URL.
 */
export function maskedUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.username || parsed.password) {
    parsed.username = "***";
    parsed.password = "";
  }
  for (const name of new Set(parsed.searchParams.keys())) parsed.searchParams.set(name, "***");
  if (parsed.hash) parsed.hash = "***";
  return parsed.href;
}
