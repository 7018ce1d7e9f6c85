// Bundles the `compact` command (dist/cli/run-process.js, built by tsc) into a few files in
// dist/cli-bundle/, which bin/compact.js runs. Node 20 loads each ES module on its own (resolve,
// read, compile, link): loading the hundred-odd modules `compact status` needs took a fifth of its
// time. What a command loads only when it needs it (a provider's SDK, the redaction rules, the date
// parser) stays in a chunk of its own, loaded as before. The library (dist/index.js) is not bundled.
//
//   node scripts/bundle-cli.mjs      (part of `npm run build`)
import { rmSync } from "node:fs";
import { build } from "esbuild";

// Packages every command loads, bundled with the code; every other package is loaded from
// node_modules as it was (the SDKs, secretlint, chrono, the stemmers: large, and loaded late).
const BUNDLED = /^(date-fns|picomatch|lilconfig)(\/|$)/;

rmSync("dist/cli-bundle", { recursive: true, force: true });
await build({
  entryPoints: { "run-process": "dist/cli/run-process.js" },
  outdir: "dist/cli-bundle",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  chunkNames: "chunks/[name]-[hash]",
  logLevel: "warning",
  // The CommonJS packages bundled call require() for Node's own modules.
  banner: { js: 'import { createRequire as bundleRequire } from "node:module"; const require = bundleRequire(import.meta.url);' },
  plugins: [
    {
      name: "packages-left-out",
      setup(bundler) {
        bundler.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
