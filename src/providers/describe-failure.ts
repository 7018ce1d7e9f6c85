import { ProviderError } from "../errors/provider-error.js";
import { shownEndpoint, withoutUrlSecrets } from "../text/shown-url.js";
import type { ProviderSettings } from "./provider-settings.js";

interface SdkError {
  name?: string;
  status?: number;
  message?: string;
  cause?: { code?: string; message?: string };
}

const MAX_DETAIL = 200;

/**
 * Turns an SDK error, after the SDK's own retries, into one line naming the
 * provider, the status and what to try.
 */
export function describeFailure(provider: string, error: unknown, settings: ProviderSettings, baseUrlEnv: string): ProviderError {
  const e = (error ?? {}) as SdkError;
  const retries = `${settings.maxRetries} ${settings.maxRetries === 1 ? "retry" : "retries"}`;
  // A message may quote the URL asked, with the user name, password or query it carries.
  const detail = withoutUrlSecrets(e.message ?? String(error))
    .replace(/\s+/g, " ")
    .slice(0, MAX_DETAIL);
  const fail = (message: string) => new ProviderError(provider, message, e.status, { cause: error });
  if (isTimeout(error)) {
    return fail(`no answer within ${settings.timeoutMs} ms (after ${retries}) — raise model.timeoutMs, or try again later`);
  }
  // A 200 whose body is not JSON (a proxy's login page): the endpoint was reached, it is not the API.
  if (e.name === "SyntaxError") return notTheApi(provider, detail, baseUrlEnv);
  if (e.status === undefined) {
    const cause = e.cause?.code ?? (e.cause?.message === undefined ? detail : withoutUrlSecrets(e.cause.message));
    return fail(
      `cannot reach ${settings.baseURL ? shownEndpoint(settings.baseURL) : "the API"} (${cause}, after ${retries}) — check the network, ${baseUrlEnv} or model.baseURL`,
    );
  }
  if (e.status === 401 || e.status === 403) return fail(`HTTP ${e.status}: the key in ${settings.apiKeyEnv} was refused — check it`);
  if (e.status === 404) return fail(`HTTP 404: model '${settings.model}' not found at this endpoint — check model.name`);
  if (e.status === 429) return fail(`HTTP 429: rate limited (after ${retries}) — wait and run again, or raise model.maxRetries`);
  if (e.status >= 500) return fail(`HTTP ${e.status}: the service failed or is overloaded (after ${retries}) — try again later`);
  return fail(`HTTP ${e.status}: request refused (${detail}) — check model.name and model.maxTokens`);
}

/** Whether an SDK error is a call that got no answer in time. */
export function isTimeout(error: unknown): boolean {
  const e = (error ?? {}) as SdkError;
  return [e.name, (error as object | undefined)?.constructor?.name].some((name) => name?.includes("Timeout")) || /timed out/i.test(e.message ?? "");
}

/** True when a 400 says the model does not accept the temperature it was given. */
export function refusesSetting(error: unknown, setting: string): boolean {
  const e = (error ?? {}) as SdkError;
  return e.status === 400 && new RegExp(setting, "i").test(e.message ?? "");
}

/**
 * A 200 that is not the API's answer: a body the SDK could not read as JSON, or one it handed back as text
 * (a page served as `text/html`, a login form). The endpoint was reached; it is not the provider's API.
 */
export function notTheApi(provider: string, body: string, baseUrlEnv: string): ProviderError {
  const shown = withoutUrlSecrets(body).replace(/\s+/g, " ").trim().slice(0, 80) || "an empty answer";
  return new ProviderError(
    provider,
    `the endpoint answered with something that is not the API's JSON (${shown}) — check that ${baseUrlEnv}${baseUrlEnv.includes(".") ? "" : " or model.baseURL"} is the provider's API`,
  );
}
