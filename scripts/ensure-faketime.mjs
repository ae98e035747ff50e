// Makes sure Debian's faketime (libfaketime) is there for the API suite's shifted-clock runs: installs
// it as root with apt-get, otherwise fails with one line saying how.
import { execFileSync, spawnSync } from 'node:child_process';

const found = () => spawnSync('sh', ['-c', 'command -v faketime'], { stdio: 'ignore' }).status === 0;
if (found()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  console.error('faketime not found: install it with "sudo apt-get update && sudo apt-get install -y faketime" (the API suite runs with a shifted clock through it).');
  process.exit(1);
}
console.log('Installing Debian’s faketime package for the shifted-clock API runs…');
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
execFileSync('apt-get', ['install', '-y', '-qq', 'faketime'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
if (!found()) {
  console.error('faketime is still not on the PATH after installing it.');
  process.exit(1);
}
