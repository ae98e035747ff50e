// Runs npm scripts side by side and prints each one's output in one piece when it ends, so the log
// reads as if they had run in turn. For steps that each keep one core busy (tsc, eslint, the web
// build): on CI's two cores two of them finish in about the time of one.
// Usage: node scripts/run-together.mjs <npm script>…  Fails when any of them fails.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('Usage: node scripts/run-together.mjs <npm script>…');
  process.exit(2);
}

const run = (name) =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', name]);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(Buffer.concat(output));
      console.log(`── npm run ${name}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      resolve(code === 0);
    });
  });

const passed = await Promise.all(names.map(run));
process.exit(passed.every(Boolean) ? 0 : 1);
