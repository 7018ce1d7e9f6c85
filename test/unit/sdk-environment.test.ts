import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type ProviderSettings, sdkClientOptions } from "../../src/providers/provider-settings.js";

// A loopback server that keeps the headers of each request and answers an empty list.
let server: Server;
let url: string;
const seen: IncomingHttpHeaders[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: [], object: "list", has_more: false }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  vi.unstubAllEnvs();
  seen.length = 0;
});

const settings: ProviderSettings = { apiKey: "k", apiKeyEnv: "KEY", model: "m", timeoutMs: 60_000, maxRetries: 0 };
const headersOf = async (client: Anthropic | OpenAI) => {
  await client.models.list();
  return seen.at(-1)!;
};

describe("the SDK clients read the run's environment, not the process's", () => {
  it("a run given its own environment sends nothing to a base URL, header or organization left in process.env", async () => {
    vi.stubEnv("ANTHROPIC_BASE_URL", `${url}/leak`);
    vi.stubEnv("ANTHROPIC_CUSTOM_HEADERS", "X-Leak: a");
    vi.stubEnv("OPENAI_BASE_URL", `${url}/leak`);
    vi.stubEnv("OPENAI_CUSTOM_HEADERS", "X-Leak: o");
    vi.stubEnv("OPENAI_ORG_ID", "org-leak");
    // No request is made here: the endpoint is the SDK's default, not the one left in process.env.
    expect(new Anthropic(sdkClientOptions({ ...settings, env: {} }, "anthropic")).baseURL).toBe("https://api.anthropic.com");
    expect(new OpenAI(sdkClientOptions({ ...settings, env: {} }, "openai")).baseURL).toBe("https://api.openai.com/v1");
    // Sent to a base URL the run names, no header or organization comes from process.env.
    const anthropic = await headersOf(new Anthropic(sdkClientOptions({ ...settings, env: {}, baseURL: url }, "anthropic")));
    expect(anthropic["user-agent"]).toMatch(/^Anthropic\//);
    expect(anthropic["x-leak"]).toBeUndefined();
    const openai = await headersOf(new OpenAI(sdkClientOptions({ ...settings, env: {}, baseURL: `${url}/v1` }, "openai")));
    expect(openai.authorization).toBe("Bearer k");
    expect([openai["x-leak"], openai["openai-organization"]]).toEqual([undefined, undefined]);
  });

  it("takes them from the run's environment, which is process.env when none is given; a keyless client sends none", async () => {
    vi.stubEnv("OPENAI_ORG_ID", "org-mine");
    vi.stubEnv("OPENAI_CUSTOM_HEADERS", "X-Gateway: g");
    const mine = await headersOf(new OpenAI(sdkClientOptions({ ...settings, baseURL: `${url}/v1` }, "openai")));
    expect([mine["x-gateway"], mine["openai-organization"]]).toEqual(["g", "org-mine"]);
    const given = await headersOf(new OpenAI(sdkClientOptions({ ...settings, baseURL: `${url}/v1`, env: { OPENAI_ORG_ID: "org-given" } }, "openai")));
    expect([given["x-gateway"], given["openai-organization"]]).toEqual([undefined, "org-given"]);
    // A blank variable (`OPENAI_ORG_ID=` in an env file) is unset: no empty header.
    const blank = await headersOf(
      new OpenAI(sdkClientOptions({ ...settings, baseURL: `${url}/v1`, env: { OPENAI_ORG_ID: "", OPENAI_PROJECT_ID: " " } }, "openai")),
    );
    expect([blank["openai-organization"], blank["openai-project"]]).toEqual([undefined, undefined]);
    const keyless = await headersOf(
      new OpenAI(sdkClientOptions({ ...settings, baseURL: `${url}/v1`, keyless: true, env: { ...process.env, OPENAI_ORG_ID: "org-given" } }, "openai")),
    );
    expect([keyless["x-gateway"], keyless["openai-organization"]]).toEqual([undefined, undefined]);
  });
});
