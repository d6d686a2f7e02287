// The first module of every worker-pool thread (worker-pool.ts). Plain JavaScript: the server runs
// its TypeScript source through a loader, and a thread starts without the loaders of the process
// that made it, so it registers the same loader here before it imports a task's module.
import { register } from 'tsx/esm/api';

register();

/** Runs one task: the named export of the module, with the task's arguments. */
export default async function runTask({ module, fn, args }) {
  const loaded = await import(module);
  if (typeof loaded[fn] !== 'function') throw new Error(`${module} exports no function ${fn}`);
  return loaded[fn](...args);
}
