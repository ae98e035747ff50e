import { describe, expect, it } from 'vitest';
import { de as commonDe } from './de';
import { en as commonEn } from './en';

/** Every namespace: `common` here, and each feature's `locales/{en,de}.ts`. */
const FEATURES = import.meta.glob<{ default: object }>('../../features/*/locales/{en,de}.ts', { eager: true });

function namespaces(): Map<string, Record<string, object>> {
  const found = new Map<string, Record<string, object>>([['common', { en: commonEn, de: commonDe }]]);
  for (const [path, module] of Object.entries(FEATURES)) {
    const [, namespace, language] = /features\/([^/]+)\/locales\/(\w+)\.ts$/.exec(path) ?? [];
    if (!namespace || !language) throw new Error(`Unexpected locale file ${path}`);
    found.set(namespace, { ...found.get(namespace), [language]: module.default });
  }
  return found;
}

/** Placeholders only English grammar needs ('a' or 'an' before a name), which a German text leaves out. */
const ENGLISH_ONLY_PLACEHOLDERS = new Set(['article']);

/** Every key path of a resource, with list items by index, and where each text's {{placeholders}} are. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') {
    const placeholders = [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).filter((name) => !ENGLISH_ONLY_PLACEHOLDERS.has(name));
    return [`${prefix} ${placeholders.sort().join(',')}`];
  }
  if (typeof value !== 'object' || value === null) throw new Error(`${prefix} is neither a text nor a group`);
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix === '' ? key : `${prefix}.${key}`));
}

describe('texts', () => {
  const all = namespaces();

  it('has the feature namespaces the pages ask for', () => {
    expect([...all.keys()].sort()).toEqual(['appointment-landing', 'b2c', 'booking', 'call-panel', 'catalogue', 'certificate-management', 'chat', 'common', 'discounts', 'kits', 'logistics', 'manager', 'messages', 'order-booking', 'orders', 'pages', 'patient', 'permissions', 'practitioner', 'processor', 'reference-data', 'shift-manager', 'shop', 'super-admin', 'verify', 'video', 'voice']);
  });

  it.each([...all.keys()])('%s: German has the same keys and placeholders as English, and no empty text', (namespace) => {
    const { en, de } = all.get(namespace) ?? {};
    expect(keysOf(de).sort()).toEqual(keysOf(en).sort());
    const empty = (value: unknown): boolean => (typeof value === 'string' ? value.trim() === '' : Object.values(value as object).some(empty));
    expect(empty(de)).toBe(false);
  });
});
