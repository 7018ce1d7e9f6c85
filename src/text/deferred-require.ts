import { createRequire, Module } from "node:module";

const require = createRequire(import.meta.url);

/**
 * Makes `owner`'s `require(dependency)` return a stand-in that loads the
 * dependency on first use: a property read, a call or `new` made on the
 * stand-in, or on an object `new` returned, loads it and forwards. For a
 * package that requires, at load time, packages only some of its features use.
 * Does nothing when the dependency is loaded already.
 */
export function deferDependency(owner: string, dependency: string): void {
  const file = createRequire(require.resolve(owner)).resolve(dependency);
  if (require.cache[file]) return;
  let loaded: unknown;
  const load = (): object => {
    if (loaded === undefined) {
      delete require.cache[file];
      loaded = require(file);
    }
    return loaded as object;
  };
  const standIn = new Module(file);
  standIn.filename = file;
  standIn.loaded = true;
  standIn.exports = deferred(load);
  require.cache[file] = standIn;
}

// A function as the target, so that the stand-in can be called and constructed as the module (a class, a function)
// could. Its own keys and prototype are a plain function's: a bundler's interop helper copying them loads nothing.
function deferred(load: () => object): object {
  return new Proxy(function standIn() {}, {
    get: (_target, key) => Reflect.get(load(), key),
    set: (_target, key, value) => Reflect.set(load(), key, value),
    has: (_target, key) => Reflect.has(load(), key),
    apply: (_target, self, args) => Reflect.apply(load() as (...args: unknown[]) => unknown, self, args),
    construct: (_target, args) => {
      let instance: object | undefined;
      return deferred(() => {
        instance ??= Reflect.construct(load() as new (...args: unknown[]) => object, args);
        return instance;
      });
    },
  });
}
