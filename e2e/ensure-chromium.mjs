// Makes sure Debian's Chromium is there for the browser tests: installs it as root with apt-get,
// otherwise fails with one line saying how. Playwright never downloads a browser of its own.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  console.error(`Chromium not found at ${chromium}: install it with "sudo apt-get update && sudo apt-get install -y chromium" (or set CHROMIUM_PATH).`);
  process.exit(1);
}
console.log('Installing Debian’s chromium package for the browser tests…');
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
