// `npm test`: every check and every test layer, laid out for CI's two cores, then one table of each step's wall
// time and test count, and a closing 'N passed, N failed' line.
//
// The browser suite goes first, and the static checks fill its gaps: most of a browser test's time is waiting on a
// page or a server (five workers kept about one core of two busy), and typecheck and lint have no timeouts, so they
// run at the lowest priority and take only what the browsers leave. The test layers with timeouts run alone after it:
// beside the browser suite, even at low priority, API tests starved and timed out (a 30 s test took longer).
// Usage: node scripts/test-all.mjs [step…]   (no names: every step)
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** Each step: the npm script it runs, and how its runner reports the tests it ran. */
const STEPS = {
  build: { script: 'build' },
  typecheck: { script: 'typecheck' },
  lint: { script: 'lint' },
  unit: { script: 'test:unit', runner: 'vitest' },
  api: { script: 'test:api', runner: 'vitest' },
  'api late-evening': { script: 'test:api:late-evening', runner: 'vitest' },
  'api clock-change': { script: 'test:api:clock-change', runner: 'vitest' },
  'api PostgreSQL': { script: 'test:api:pg', runner: 'vitest' },
  browser: { script: 'test:e2e', runner: 'playwright' },
};
/**
 * The order: groups one after another; a group's lanes side by side, each lane's steps in turn. Steps in `IN_THE_GAPS`
 * run at nice 19 when another lane runs beside them.
 */
const PLAN = [[['build']], [['browser'], ['typecheck', 'lint']], [['unit']], [['api']], [['api late-evening']], [['api clock-change']], [['api PostgreSQL']]];
const IN_THE_GAPS = new Set(['typecheck', 'lint']);

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in STEPS));
if (unknown.length > 0) {
  console.error(`Unknown step ${unknown.join(', ')}; the steps are: ${Object.keys(STEPS).join(', ')}.`);
  process.exit(2);
}
const wanted = (name) => chosen.length === 0 || chosen.includes(name);

// eslint-disable-next-line no-control-regex -- the runners colour their summaries.
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** The runner's own summary: vitest's 'Tests  12 passed | 1 skipped (13)', Playwright's '  12 passed (1.2m)' lines. */
function countsOf(runner, output) {
  const text = plain(output);
  const count = (pattern) => Number(pattern.exec(text)?.[1] ?? 0);
  if (runner === 'vitest') {
    const summary = /^\s*Tests\s+(.+)$/m.exec(text)?.[1];
    if (!summary) return null;
    const of = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(summary)?.[1] ?? 0);
    return { passed: of('passed'), failed: of('failed'), skipped: of('skipped') };
  }
  if (runner === 'playwright') {
    if (!/^\s+\d+ (passed|failed)/m.test(text)) return null;
    return {
      passed: count(/^\s+(\d+) passed/m),
      failed: count(/^\s+(\d+) failed/m) + count(/^\s+(\d+) flaky/m) + count(/^\s+(\d+) interrupted/m),
      skipped: count(/^\s+(\d+) skipped/m) + count(/^\s+(\d+) did not run/m),
    };
  }
  return null;
}

const results = [];

/**
 * Runs one step; `live` streams its output as it comes, otherwise it is printed in one piece at the end; `lowest`
 * runs it at the lowest priority.
 */
function run(name, { live, lowest }) {
  const { script, runner } = STEPS[name];
  const started = performance.now();
  return new Promise((resolve) => {
    const command = lowest ? ['nice', '-n', '19', 'npm', 'run', script] : ['npm', 'run', script];
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    const keep = (stream) => (chunk) => {
      output.push(chunk);
      if (live) stream.write(chunk);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (code, signal) => {
      const text = Buffer.concat(output).toString('utf8');
      if (!live) process.stdout.write(text);
      const seconds = (performance.now() - started) / 1000;
      const ok = code === 0;
      console.log(`── ${name} (npm run ${script}): ${ok ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds.toFixed(1)} s\n`);
      results.push({ name, ok, seconds, counts: runner ? countsOf(runner, text) : null });
      resolve(ok);
    });
  });
}

const started = performance.now();
for (const group of PLAN) {
  const lanes = group.map((lane) => lane.filter(wanted)).filter((lane) => lane.length > 0);
  // The first lane's output is printed as it comes, the others' in one piece as each step ends.
  const beside = lanes.length > 1;
  await Promise.all(
    lanes.map(async (lane, i) => {
      for (const name of lane) await run(name, { live: i === 0, lowest: beside && IN_THE_GAPS.has(name) });
    }),
  );
}

const order = Object.keys(STEPS);
results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
const total = { passed: 0, failed: 0, skipped: 0 };
const rows = results.map(({ name, ok, seconds, counts }) => {
  if (counts) for (const key of Object.keys(total)) total[key] += counts[key];
  const tests = counts ? `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}` : '—';
  return [name, ok ? 'passed' : 'FAILED', `${seconds.toFixed(0)} s`, tests];
});
const header = ['step', 'result', 'wall time', 'tests'];
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
const line = (cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd();
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));
console.log(`\nAll steps in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
const failedSteps = results.filter((result) => !result.ok).length;
// A failed step whose runner counted no failure (a type error, a crash) still counts as one failure.
const failed = total.failed + results.filter((result) => !result.ok && !result.counts?.failed).length;
console.log(`Total: ${total.passed} passed, ${failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(failedSteps === 0 ? 0 : 1);
