import type { Plugin } from 'vite';

interface UnusedModule {
  /** The module that imports it, by the end of its path. */
  importer: RegExp;
  /** The import as written in `importer`. */
  source: string;
  /** Why the web app never runs it; also the message thrown if it ever did. */
  reason: string;
}

/**
 * Library modules that the web app bundles but never runs, because the library imports them on a branch
 * the app does not take. Their importers get, in their place, a function that throws with the reason.
 */
export const UNUSED_MODULES: UnusedModule[] = [
  {
    // createTheme() picks it only for themes with CSS variables or colour schemes; every MUI page
    // imports createTheme through the default theme of styled().
    importer: /\/@mui\/material\/styles\/createTheme\.mjs$/,
    source: './createThemeWithVars.mjs',
    reason: 'The web app builds its MUI theme without CSS variables (app/theme.ts): createThemeWithVars is left out of the bundle.',
  },
];

const PREFIX = '\0vireo-unused:';

/** Vite plugin (build only): leaves UNUSED_MODULES out of the bundle. */
export function leaveOutUnusedModules(): Plugin {
  return {
    name: 'vireo-unused-modules',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const index = UNUSED_MODULES.findIndex((m) => m.source === source && importer !== undefined && m.importer.test(importer));
      return index === -1 ? null : `${PREFIX}${index}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const { reason } = UNUSED_MODULES[Number(id.slice(PREFIX.length))]!;
      return `export default function unused() {\n  throw new Error(${JSON.stringify(reason)});\n}\n`;
    },
  };
}
