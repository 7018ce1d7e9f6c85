import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeProviderServer } from "../helpers/fake-provider-server.js";
import { copyOf, fixture, REPO_ROOT } from "../helpers/temp-dir.js";

const BIN = path.join(REPO_ROOT, "bin/compact.js");
const built = existsSync(path.join(REPO_ROOT, "dist/cli/main.js"));
const server = new FakeProviderServer();
beforeAll(() => server.start());
afterAll(() => server.stop());

describe.skipIf(!built)("a second signal", () => {
  it("quits at once, and says in one line what that leaves", async () => {
    const dir = await copyOf(fixture("auto-weeks"));
    // The model's answer never comes in time: the run is waiting on it when the signals arrive.
    server.respond({ text: "", delayMs: 20_000 });
    const child = spawn(process.execPath, [BIN, "--auto", "--force", "--dir", dir, "--provider", "anthropic", "--model", "model-test"], {
      env: { ...process.env, ANTHROPIC_API_KEY: "test-key-123", ANTHROPIC_BASE_URL: server.anthropicURL },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let err = "";
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    for (let i = 0; i < 400 && server.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(server.requests.length).toBeGreaterThan(0);
    // Two signals of two kinds, back to back: the second comes while the first is still being answered.
    child.kill("SIGINT");
    child.kill("SIGTERM");
    expect(await exited).toBe(143);
    expect(err).toMatch(/^compact: quit at once \(SIGTERM\); every file is whole, old or new, and what was committed stays: the next run finishes the rest/m);
  }, 30_000);
});
