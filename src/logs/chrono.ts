import { createRequire } from "node:module";
import type * as Chrono from "chrono-node";

const require = createRequire(import.meta.url);
let loaded: typeof Chrono | undefined;

/**
 * chrono-node, loaded on first use (synchronously, from its CommonJS build):
 * a command that reads no date written in words never pays for its ~270 modules.
 */
export function chrono(): typeof Chrono {
  loaded ??= require("chrono-node") as typeof Chrono;
  return loaded;
}
