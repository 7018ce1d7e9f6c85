import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { configSchema } from "../../src/config/config-schema.js";
import { SETTING_KEYS } from "../../src/config/settings.js";

// The schema a value at `path` must meet, through optional and default wrappers; undefined when the config has no such key.
function schemaAt(schema: z.ZodType, path: string[]): z.ZodType | undefined {
  let at: z.ZodType | undefined = schema;
  for (const key of path) {
    while (at && ["optional", "default", "nullable"].includes(at._zod.def.type)) at = (at._zod.def as unknown as { innerType: z.ZodType }).innerType;
    const shape: Record<string, z.ZodType> | undefined = (at as unknown as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
    if (!shape || !(key in shape)) return undefined;
    at = shape[key];
  }
  return at;
}

describe("the keys compact config prints", () => {
  it.each(Object.entries(SETTING_KEYS))("%s is shown as a key a config file may hold: %o", (_setting, { key }) => {
    expect(schemaAt(configSchema, key.split(".")), key).toBeDefined();
  });

  it("finds no key the config does not have", () => {
    expect(schemaAt(configSchema, ["promptsDir"])).toBeUndefined();
  });
});
