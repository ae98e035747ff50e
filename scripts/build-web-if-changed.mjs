// Builds the web app only when what it is built from changed since the last build: the sources of
// apps/web and packages/contracts, the lockfile and the VITE_* variables. The fingerprint of the last
// build, with a hash of the index.html it made, is kept beside apps/web/dist; a missing dist or
// fingerprint, or a dist another build has replaced since (`npm run build`), builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const stamp = path.join(web, '.dist-fingerprint');
const SKIP = new Set(['node_modules', 'dist', 'build-report', '.dist-fingerprint']);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of [...files(web), ...files(path.join(root, 'packages/contracts')), path.join(root, 'package-lock.json')]) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  for (const [name, value] of Object.entries(process.env).filter(([name]) => name.startsWith('VITE_')).sort()) {
    hash.update(`${name}=${value}\0`);
  }
  return hash.digest('hex');
}

const index = path.join(web, 'dist/index.html');
const builtIndex = () => createHash('sha256').update(fs.readFileSync(index)).digest('hex');
const current = fingerprint();
const built = fs.existsSync(index) && fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : undefined;
if (built !== undefined && built === `${current} ${builtIndex()}`) {
  process.stdout.write('web app: up to date, not rebuilt\n');
} else {
  fs.rmSync(stamp, { force: true });
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  fs.writeFileSync(stamp, `${current} ${builtIndex()}\n`);
}
