import { createRequire } from "node:module";
import type YamlModule from "yaml";

const require = createRequire(import.meta.url);
let loaded: typeof YamlModule | undefined;

/**
 * The `yaml` package, loaded on first use (its CommonJS build, the one an
 * import gets too): a command whose files come from the snapshot cache
 * parses no front matter and never pays for it.
 */
export function yaml(): typeof YamlModule {
  loaded ??= require("yaml") as typeof YamlModule;
  return loaded;
}
