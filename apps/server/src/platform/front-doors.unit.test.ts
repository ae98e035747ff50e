import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

/** The front-door rule's reports for `code` linted as if it were the file at `file` (with the repository's own config). */
async function frontDoorReports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// The first lint builds the TypeScript program the typed rules need: seconds, on a busy machine more.
describe('front doors (eslint.config.js)', { timeout: 60_000 }, () => {
  it('refuses a server module importing another module’s internals, and lets its front door through', async () => {
    const file = 'apps/server/src/modules/rota/scope.ts';
    expect(await frontDoorReports(file, "export { reassign } from '../booking/claims';\n")).toEqual([expect.stringContaining('front door')]);
    expect(await frontDoorReports(file, "import { topUpDemoRota } from '../booking/demo-rota';\nexport const top = topUpDemoRota;\n")).toHaveLength(1);
    expect(await frontDoorReports(file, "export { reassign } from '../booking';\n")).toEqual([]);
    expect(await frontDoorReports(file, "export { isRotaManager } from './service';\n")).toEqual([]);
  });

  it('refuses app code outside the modules reaching into a module', async () => {
    const file = 'apps/server/src/context.ts';
    expect(await frontDoorReports(file, "export { SessionStore } from './modules/identity/sessions';\n")).toHaveLength(1);
    expect(await frontDoorReports(file, "export { SessionStore } from './modules/identity';\n")).toEqual([]);
  });

  it('refuses a web feature importing another feature’s internals, and lets its front door through', async () => {
    const file = 'apps/web/src/features/manager/ManagerHelp.tsx';
    expect(await frontDoorReports(file, "export { HelpAccordion } from '../patient/help/HelpAccordion';\n")).toEqual([expect.stringContaining('front door')]);
    expect(await frontDoorReports(file, "export { HelpAccordion } from '../patient';\n")).toEqual([]);
  });

  it('sends forms to lib/formResolver for zodResolver, so zod speaks plain words first', async () => {
    const code = "export { zodResolver } from '@hookform/resolvers/zod';\n";
    expect(await frontDoorReports('apps/web/src/features/patient/components/ShippingForm.tsx', code)).toEqual([expect.stringContaining('lib/formResolver')]);
    expect(await frontDoorReports('apps/web/src/components/wizard/useWizard.ts', code)).toEqual([expect.stringContaining('lib/formResolver')]);
    expect(await frontDoorReports('apps/web/src/lib/formResolver.ts', code)).toEqual([]);
  });
});
