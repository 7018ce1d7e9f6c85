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
