// Search after search in one process, as `compact mcp` answers an agent: the first search reads and
// indexes the memory dir, the next ones find it unchanged.
//
//   node bench/search-again.mjs --dir DIR [--query "deploy staging"] [--times 3]
import { parseArgs } from "node:util";
import { requireBuild } from "./lib/compact-cli.mjs";

requireBuild();
const { values } = parseArgs({
  options: { dir: { type: "string" }, query: { type: "string", default: "deploy staging postgres" }, times: { type: "string", default: "3" } },
});
if (!values.dir) {
  process.stderr.write("search-again: --dir DIR is required (a compacted memory dir)\n");
  process.exit(2);
}
const { Compactor } = await import("../dist/index.js");
const compactor = await Compactor.open({ dir: values.dir });
process.stdout.write(`search again — ${values.dir}, "${values.query}", node ${process.version}\n`);
for (let i = 1; i <= Number(values.times); i++) {
  const started = performance.now();
  const found = await compactor.search(values.query, { limit: 10 });
  process.stdout.write(`  search ${i}: ${Math.round(performance.now() - started)} ms, ${found.results.length} hits\n`);
}
