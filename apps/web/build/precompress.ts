import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images, fonts and video are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside `file`, each only when it is
 * smaller than the file itself. Answers the encodings written.
 */
export async function precompressFile(file: string): Promise<string[]> {
  const data = await fs.readFile(file);
  const encoded = await Promise.all([
    brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }).then((bytes) => ['br', bytes] as const),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }).then((bytes) => ['gz', bytes] as const),
  ]);
  const written: string[] = [];
  for (const [extension, bytes] of encoded) {
    if (bytes.length >= data.length) continue;
    await fs.writeFile(`${file}.${extension}`, bytes);
    written.push(extension);
  }
  return written;
}

/** Pre-compresses every text file of a directory (the server sends these to clients that accept them). */
export async function precompressDirectory(dir: string): Promise<void> {
  const jobs: Promise<string[]>[] = [];
  for await (const file of filesUnder(dir)) if (TEXT.test(file)) jobs.push(precompressFile(file));
  await Promise.all(jobs);
}

/** Vite plugin: once the build is written, pre-compresses its text files with brotli and gzip. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'vireo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
