import path from 'node:path';
import * as contracts from '@vireo/contracts';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { ZodType } from 'zod';
import { TREESHAKE } from './treeshake';

const ENTRY = '\0constants-only';
const CONTRACTS = path.resolve(import.meta.dirname, '../../../packages/contracts/src/index.ts');

/** A function that makes a schema (text()) or parses with one (its source names zod or parses). */
function usesSchemas(fn: () => unknown): boolean {
  if (/\bz\.|\.(safeParse|parse)\(/.test(String(fn))) return true;
  try {
    return fn() instanceof ZodType;
  } catch {
    return false;
  }
}

/** A schema, a table of them (LIVE_TOPIC_DATA, the processor's node kinds), or a function that uses them. */
function holdsSchema(value: unknown, depth = 0): boolean {
  if (value instanceof ZodType) return true;
  if (typeof value === 'function') return usesSchemas(value as () => unknown);
  if (depth > 3 || typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((inner) => holdsSchema(inner, depth + 1));
}

/** Plain values that need a table of schemas all the same. */
const FROM_SCHEMAS: Record<string, string> = {
  NODE_KIND_NAMES: "the processor's node kinds, the keys of NODE_KINDS, whose entries carry their parameters' schemas",
};

/** Contracts' exports that hold no schema: what a page may import without paying for zod. */
const constants = Object.entries(contracts)
  .filter(([name, value]) => !holdsSchema(value) && !(name in FROM_SCHEMAS))
  .map(([name]) => name);

/** The modules of a bundle of `names` from contracts, built as the web app is. */
async function bundledModules(names: string[]): Promise<string[]> {
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'constants-only',
        resolveId: (id) => (id === ENTRY ? ENTRY : null),
        load: (id) => (id === ENTRY ? `import { ${names.join(', ')} } from ${JSON.stringify(CONTRACTS)};\nconsole.log(${names.join(', ')});\n` : null),
      },
    ],
    build: { write: false, minify: false, rolldownOptions: { input: ENTRY, treeshake: TREESHAKE } },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const code = [result].flat().flatMap((output) => output.output).map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
  return [...code.matchAll(/^\/\/ (.+)$/gm)].map((match) => match[1]!);
}

describe("contracts' constants without zod", () => {
  it('a bundle of every constant, message and plain function of contracts holds no zod', async () => {
    expect(constants).toEqual(expect.arrayContaining(['BOOKING_MSG', 'MSG', 'APPOINTMENT_STATUSES', 'dashboardPath', 'readLiveServerMessage']));
    expect(constants).not.toContain('text');
    const modules = await bundledModules(constants);
    // zod-messages.ts sets zod's messages when contracts load: zod's global config (core.js, a few lines) stays.
    expect(modules.filter((file) => file.includes('node_modules/zod/') && !file.endsWith('zod/v4/core/core.js'))).toEqual([]);
  }, 60_000);

  it('a bundle of one schema holds zod (the check above can fail)', async () => {
    const modules = await bundledModules(['SuccessOnly']);
    expect(modules.some((file) => file.includes('node_modules/zod/'))).toBe(true);
  }, 60_000);
});
