/**
 * The `openai` SDK options for a client that sends no key (ollama with no `apiKeyEnv`, an embeddings
 * endpoint with no key set). Given none, the SDK itself reads the environment for more to send with
 * every request: `OPENAI_ORG_ID` and `OPENAI_PROJECT_ID` as headers, and every header in
 * `OPENAI_CUSTOM_HEADERS`, where a gateway's key is kept. Each is cleared here, as it reads them
 * (from `process.env`, whatever environment the run was given).
 */
export function keylessOpenAiOptions(): { organization: null; project: null; defaultHeaders: Record<string, null> } {
  const defaultHeaders: Record<string, null> = {};
  for (const line of (process.env["OPENAI_CUSTOM_HEADERS"] ?? "").split("\n")) {
    const colon = line.indexOf(":");
    const name = colon >= 0 ? line.slice(0, colon).trim() : "";
    if (name !== "") defaultHeaders[name] = null;
  }
  return { organization: null, project: null, defaultHeaders };
}
