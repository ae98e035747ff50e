// One JSONata evaluation at a time, in a worker thread the pool terminates past its time limit.
import { parentPort } from 'node:worker_threads';
import jsonata from 'jsonata';

parentPort.on('message', async ({ id, expression, input }) => {
  try {
    const result = await jsonata(expression).evaluate(JSON.parse(input));
    parentPort.postMessage({ id, ok: true, json: JSON.stringify(result === undefined ? null : result) });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: String(error?.message ?? error) });
  }
});

// Loaded and listening: the pool's time limits count from here, not from the thread's start.
parentPort.postMessage({ ready: true });
