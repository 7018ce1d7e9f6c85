import { DEFAULT_BASE_URL } from "../config/providers.js";

/** The two SDKs this tool builds clients with. */
export type Sdk = "anthropic" | "openai";

const CUSTOM_HEADERS_ENV: Record<Sdk, string> = { anthropic: "ANTHROPIC_CUSTOM_HEADERS", openai: "OPENAI_CUSTOM_HEADERS" };

type Env = Record<string, string | undefined>;

/** What an SDK takes from the environment, read from the run's: the SDKs read `process.env` on their own. */
export interface SdkEnvironmentOptions {
  baseURL: string;
  defaultHeaders: Record<string, string | null>;
  organization?: string | null;
  project?: string | null;
}

/**
 * The options that make an SDK client read the run's environment instead of
 * `process.env`: a caller of the library that passes its own `env` means it,
 * and a base URL or a header left in the process's environment would
 * otherwise receive the logs and the key. With `process.env` as the run's
 * environment, the client is the one the SDK would build.
 * `keyless` (ollama, an embeddings endpoint with no key): nothing read from
 * any environment is sent at all — no organization, project or custom header.
 */
export function sdkEnvironment(sdk: Sdk, env: Env, options: { baseURL?: string | undefined; keyless?: boolean } = {}): SdkEnvironmentOptions {
  const variable = CUSTOM_HEADERS_ENV[sdk];
  // The SDK adds the headers it finds in process.env; a header set to null here is not sent.
  const defaultHeaders: Record<string, string | null> = {};
  for (const [name] of headerLines(process.env[variable])) defaultHeaders[name] = null;
  for (const [name, value] of headerLines(env[variable])) defaultHeaders[name] = options.keyless ? null : value;
  const common = { baseURL: options.baseURL || DEFAULT_BASE_URL[sdk]!, defaultHeaders };
  if (sdk === "anthropic") return common;
  return options.keyless
    ? { ...common, organization: null, project: null }
    : // Blank is unset, as the SDK reads them: an empty header is no organization.
      { ...common, organization: env["OPENAI_ORG_ID"]?.trim() || null, project: env["OPENAI_PROJECT_ID"]?.trim() || null };
}

// `Name: value` lines, as both SDKs read their custom-headers variable.
function headerLines(text: string | undefined): [string, string][] {
  const headers: [string, string][] = [];
  for (const line of (text ?? "").split("\n")) {
    const colon = line.indexOf(":");
    const name = colon >= 0 ? line.slice(0, colon).trim() : "";
    if (name !== "") headers.push([name, line.slice(colon + 1).trim()]);
  }
  return headers;
}
