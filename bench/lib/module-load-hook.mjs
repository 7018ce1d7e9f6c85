// Module hook (runs on the loader thread): records every file an ESM load reads.
import { appendFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

let out;

export function initialize(data) {
  out = data.out;
}

export async function load(url, context, nextLoad) {
  if (url.startsWith("file:")) appendFileSync(out, `${fileURLToPath(url)}\n`);
  return nextLoad(url, context);
}
