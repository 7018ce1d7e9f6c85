import { createRequire, Module } from "node:module";

const require = createRequire(import.meta.url);

/**
 * Requires `owner` (a CommonJS package) so that what it requires of
 * `dependencies` at load time is a stand-in, which loads the dependency on
 * first use: a property read, a call or `new` made on the stand-in, or on an
 * object `new` returned, loads it and forwards. For a package that requires,
 * as it loads, packages only some of its features use. Only `owner` gets the
 * stand-ins: once it has loaded, anything else requiring a dependency gets the
 * dependency itself. A dependency loaded already is given as it is.
 */
export function requireDeferring(owner: string, dependencies: readonly string[]): unknown {
  const ownerRequire = createRequire(require.resolve(owner));
  const standIns = new Map<string, Module>();
  for (const dependency of dependencies) {
    const file = ownerRequire.resolve(dependency);
    if (require.cache[file]) continue;
    const standIn = new Module(file);
    standIn.filename = file;
    standIn.loaded = true;
    standIn.exports = deferred(() => require(file) as object);
    standIns.set(file, standIn);
    require.cache[file] = standIn;
  }
  try {
    return require(owner);
  } finally {
    for (const [file, standIn] of standIns) if (require.cache[file] === standIn) delete require.cache[file];
  }
}

// A function as the target, so that the stand-in can be called and constructed as the module (a class, a function)
// could. Its own keys and prototype are a plain function's: a bundler's interop helper copying them loads nothing.
function deferred(load: () => object): object {
  let loaded: object | undefined;
  const real = () => {
    loaded ??= load();
    return loaded;
  };
  return new Proxy(function standIn() {}, {
    get: (_target, key) => Reflect.get(real(), key),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    apply: (_target, self, args) => Reflect.apply(real() as (...args: unknown[]) => unknown, self, args),
    construct: (_target, args) => deferred(() => Reflect.construct(real() as new (...args: unknown[]) => object, args)),
  });
}
