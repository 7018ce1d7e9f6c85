import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/**
 * The installed package's folder: the nearest above this module that holds a
 * `package.json`. Found, not counted in `../`: this module runs from `src/`,
 * from `dist/` and from the command's bundle (`dist/cli-bundle/chunks/`), each
 * at its own depth.
 */
export function packageRoot(): string {
  if (root !== undefined) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  root = dir;
  return root;
}

/** A file shipped with the package: `packageFile("bin", "compact.js")`. */
export function packageFile(...parts: string[]): string {
  return path.join(packageRoot(), ...parts);
}

/** The package's version, from its `package.json`. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(packageFile("package.json"), "utf8")) as { version: string }).version;
}
