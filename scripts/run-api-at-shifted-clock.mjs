// Runs the API suite on PGlite with the process clock shifted by Debian's faketime (libfaketime), so a
// test or rule that reads the real time instead of the test clock fails here rather than at night in CI:
//   late-evening   22:30 on 31 July 2026 in London: an hour later is tomorrow, and next month;
//   clock-change   00:30 BST on 25 October 2026, the first hour of the 25-hour day the clocks go back
//                  (24 hours later it is still the 25th).
// The clock keeps running from there (and on in the test workers vitest starts); timers and
// performance.now() stay real. Usage: node scripts/run-api-at-shifted-clock.mjs <scenario> [vitest filters…]
//
// Without filters it runs the files tagged `// @module-tag wall-clock`: those whose rules are days and
// hours in London (a check fails an untagged one: apps/server/src/test/wall-clock-tags.unit.test.ts).
// The rest of the server reads the time only through its Clock, which eslint enforces (no Date.now()
// or new Date() in apps/server/src), so running them shifted too would add minutes to CI and catch
// nothing more.
import { spawnSync } from 'node:child_process';

const SCENARIOS = {
  'late-evening': new Date('2026-07-31T21:30:00Z'),
  'clock-change': new Date('2026-10-24T23:30:00Z'),
};
const [name, ...given] = process.argv.slice(2);
const filters = given.length > 0 ? given : ['--tags-filter', 'wall-clock'];
const instant = SCENARIOS[name];
if (!instant) {
  console.error(`Usage: node scripts/run-api-at-shifted-clock.mjs <${Object.keys(SCENARIOS).join('|')}> [vitest filters…]`);
  process.exit(2);
}

const ensured = spawnSync(process.execPath, ['scripts/ensure-tools.mjs'], { stdio: 'inherit' });
if (ensured.status !== 0) process.exit(ensured.status ?? 1);

// libfaketime reads "@YYYY-MM-DD hh:mm:ss" in the process's own time zone, so write the instant in it.
const pad = (n) => String(n).padStart(2, '0');
const local = `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())} ${pad(instant.getHours())}:${pad(instant.getMinutes())}:${pad(instant.getSeconds())}`;
const env = { ...process.env, FAKETIME_DONT_RESET: '1' };
const shifted = (command, args, options = {}) => spawnSync('faketime', ['--exclude-monotonic', '-f', `@${local}`, command, ...args], { env, ...options });

// Check that Node really sees the shifted clock before trusting a green run.
const probe = shifted(process.execPath, ['-e', "const d = new Date(); process.stdout.write(JSON.stringify({ now: d.getTime(), london: d.toLocaleString('en-GB', { timeZone: 'Europe/London', timeZoneName: 'short' }) }))"], { encoding: 'utf8' });
const seen = probe.status === 0 ? JSON.parse(probe.stdout) : null;
if (!seen || Math.abs(seen.now - instant.getTime()) > 60_000) {
  console.error(`faketime did not shift Node's clock to ${instant.toISOString()}: ${probe.stderr || probe.stdout}`);
  process.exit(1);
}
console.log(`API suites ${filters.join(' ')} with the process clock at ${new Date(seen.now).toISOString()} (${seen.london} in London), on PGlite.`);

const onPGlite = { ...env };
delete onPGlite.VIREO_TEST_ON_POSTGRES;
const result = shifted('node_modules/.bin/vitest', ['run', '--project', 'api', ...filters], { stdio: 'inherit', env: onPGlite });
process.exit(result.status ?? 1);
