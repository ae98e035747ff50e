// Makes sure the Debian tools the tests call are there: faketime (libfaketime) for the API suite's shifted-clock
// runs, pdftotext (poppler-utils) for the certificate PDF's text, ffmpeg for the browser tests' fake camera file.
// Installs what is missing as root with apt-get, otherwise fails with one line saying how.
import { execFileSync, spawnSync } from 'node:child_process';

/** The command each test calls, and the Debian package that brings it. */
const TOOLS = [
  { command: 'faketime', pkg: 'faketime' },
  { command: 'pdftotext', pkg: 'poppler-utils' },
  { command: 'ffmpeg', pkg: 'ffmpeg' },
];

const found = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const missing = TOOLS.filter((tool) => !found(tool.command));
if (missing.length === 0) process.exit(0);

const packages = missing.map((tool) => tool.pkg);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  console.error(`${missing.map((tool) => tool.command).join(', ')} not found: install with "sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}".`);
  process.exit(1);
}
console.log(`Installing Debian’s ${packages.join(', ')} for the tests…`);
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
const still = missing.filter((tool) => !found(tool.command));
if (still.length > 0) {
  console.error(`${still.map((tool) => tool.command).join(', ')} still not on the PATH after installing.`);
  process.exit(1);
}
