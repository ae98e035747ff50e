// Runs the API integration suite a second time on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the API suite ran on PGlite only.');
  process.exit(0);
}
const result = spawnSync('node_modules/.bin/vitest', ['run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, VIREO_TEST_ON_POSTGRES: 'true' },
});
process.exit(result.status ?? 1);
