import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

interface UnusedModule {
  /** The module that imports it, by its path under node_modules. */
  importer: string;
  /** The import as written in `importer`. */
  source: string;
  /** Exports still run by the app: taken from the module itself, the rest left out. */
  keep?: string[];
  /** Exports called on the way (when a schema is read), which answer the method that would run: they answer one that throws. */
  factories?: string[];
  /** Why the web app never runs the rest; also the message thrown if it ever did. */
  reason: string;
}

/**
 * Library modules that the web app bundles but never runs, because the library imports them on a branch
 * the app does not take. Their importers get, in their place, a module whose exports (but `keep`) are a
 * function that throws with the reason. Tests: unusedModules.test.ts.
 */
export const UNUSED_MODULES: UnusedModule[] = [
  {
    // createTheme() picks it only for themes with CSS variables or colour schemes; every MUI page
    // imports createTheme through the default theme of styled().
    importer: '@mui/material/styles/createTheme.mjs',
    source: './createThemeWithVars.mjs',
    reason: 'The web app builds its MUI theme without CSS variables (app/theme.ts): createThemeWithVars is left out of the bundle.',
  },
  // zod's schemas carry their conversion to JSON Schema; the server converts (OpenAPI), the browser only parses.
  {
    importer: 'zod/v4/classic/schemas.js',
    source: '../core/json-schema-processors.js',
    // A schema's minLength, format and the like read their checks through it.
    keep: ['aggregateChecks'],
    reason: 'The web app does not convert zod schemas to JSON Schema: the conversion is left out of the bundle.',
  },
  {
    importer: 'zod/v4/classic/schemas.js',
    source: '../core/to-json-schema.js',
    // Reading a schema's `~standard` makes its `jsonSchema` methods.
    factories: ['createStandardJSONSchemaMethod', 'createToJSONSchemaMethod'],
    reason: 'The web app does not convert zod schemas to JSON Schema: the conversion is left out of the bundle.',
  },
];

const PREFIX = '\0vireo-unused:';

/** The stand-in for `file`: its exports, each a function that throws `reason` (or answers one), but those in `keep`. */
export function standIn(file: string, { keep = [], factories = [], reason }: UnusedModule): string {
  const source = fs.readFileSync(file, 'utf8');
  const names = [...source.matchAll(/^export (?:const|function|class) (\w+)/gm)].map((m) => m[1]!);
  const lines = [`function unused() {\n  throw new Error(${JSON.stringify(reason)});\n}`];
  if (/^export default /m.test(source)) lines.push('export default unused;');
  for (const name of names) {
    if (keep.includes(name)) lines.push(`export { ${name} } from ${JSON.stringify(file)};`);
    else lines.push(`export const ${name} = ${factories.includes(name) ? '() => unused' : 'unused'};`);
  }
  return `${lines.join('\n')}\n`;
}

/** Vite plugin (build only): leaves UNUSED_MODULES out of the bundle. */
export function leaveOutUnusedModules(): Plugin {
  return {
    name: 'vireo-unused-modules',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer === undefined) return null;
      const index = UNUSED_MODULES.findIndex((m) => m.source === source && importer.endsWith(`/node_modules/${m.importer}`));
      return index === -1 ? null : `${PREFIX}${index}:${path.resolve(path.dirname(importer), source)}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [index, file] = id.slice(PREFIX.length).split(/:(.*)/s) as [string, string];
      return standIn(file, UNUSED_MODULES[Number(index)]!);
    },
  };
}
