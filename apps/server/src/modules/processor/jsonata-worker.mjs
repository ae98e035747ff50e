// One JSONata evaluation (or regexp match) at a time, in a worker thread the pool terminates past its time limit.
import { parentPort } from 'node:worker_threads';
import jsonata from 'jsonata';

/** A regexp node's match: whether it matched and its groups (a catastrophic pattern is stopped by the pool's time limit). */
function match({ pattern, flags, value }) {
  const found = new RegExp(pattern, flags).exec(value);
  return { matched: found !== null, groups: found ? { match: found[0], groups: found.slice(1), named: found.groups ?? {} } : {} };
}

parentPort.on('message', async ({ id, expression, input, regexp }) => {
  try {
    const result = regexp ? match(regexp) : await jsonata(expression).evaluate(JSON.parse(input));
    parentPort.postMessage({ id, ok: true, json: JSON.stringify(result === undefined ? null : result) });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: String(error?.message ?? error) });
  }
});

// Loaded and listening: the pool's time limits count from here, not from the thread's start.
parentPort.postMessage({ ready: true });
