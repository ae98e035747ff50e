// Makes sure Debian's headless Chromium is there for the browser tests: installs the chromium-headless-shell
// package as root with apt-get, otherwise fails with one line saying how. Playwright never downloads a browser of its own.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** The browser playwright.config.ts launches. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

if (fs.existsSync(chromiumPath)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  console.error(`Chromium not found at ${chromiumPath}: install it with "sudo apt-get update && sudo apt-get install -y chromium-headless-shell" (or set CHROMIUM_PATH).`);
  process.exit(1);
}
console.log('Installing Debian’s chromium-headless-shell package for the browser tests…');
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
