import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { standIn, UNUSED_MODULES } from './unusedModules';

const NODE_MODULES = path.resolve(import.meta.dirname, '../../../node_modules');

describe('modules left out of the web bundle', () => {
  for (const unused of UNUSED_MODULES) {
    const importer = path.join(NODE_MODULES, unused.importer);
    const file = path.resolve(path.dirname(importer), unused.source);

    it(`${unused.importer} still imports ${unused.source}, with the exports the stand-in keeps`, () => {
      // After a library upgrade that moves things, the build would silently bundle the module again, or lose a kept export.
      expect(fs.readFileSync(importer, 'utf8')).toContain(`from "${unused.source}"`);
      const exported = [...fs.readFileSync(file, 'utf8').matchAll(/^export (?:const|function|class) (\w+)/gm)].map((m) => m[1]);
      expect(exported).toEqual(expect.arrayContaining([...(unused.keep ?? []), ...(unused.factories ?? [])]));
    });

    it(`the stand-in for ${unused.source} throws why it was left out, and re-exports what the app runs`, async () => {
      const code = standIn(file, unused);
      for (const name of unused.keep ?? []) expect(code).toContain(`export { ${name} } from ${JSON.stringify(file)};`);
      const module = (await import(`data:text/javascript,${encodeURIComponent(code.replace(/^export \{ \w+ \} from .*$/gm, ''))}`)) as Record<string, () => unknown>;
      const thrower = unused.factories?.length ? (module[unused.factories[0]!]!() as () => unknown) : (module.default ?? Object.values(module)[0])!;
      expect(thrower).toThrow(unused.reason);
    });
  }
});
