import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index';
import { FIELD_MSG } from './zod-messages';

/** What zod says when a schema has no message of its own: words for developers, never for people. */
const DEVELOPER_TEXT = /expected|received|Too small|Too big|Invalid input|Invalid option|>=|<=|characters\b.*\d+\s*$/;

const schemas = Object.entries(contracts as Record<string, unknown>).filter((entry): entry is [string, z.ZodObject] => entry[1] instanceof z.ZodObject);

/** Every string field of an object schema set to '' (an empty form), the rest left out. */
function emptyForm(schema: z.ZodObject): Record<string, unknown> {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, '']));
}

describe('messages people read', () => {
  it('replaces zod defaults with plain words', () => {
    const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
    expect(message(z.string().min(1), '')).toBe(FIELD_MSG.required);
    expect(message(z.string().min(2), 'a')).toBe('Enter at least 2 characters.');
    expect(message(z.string().min(2), '')).toBe(FIELD_MSG.required);
    expect(message(z.string().max(3), 'abcd')).toBe('Enter at most 3 characters.');
    expect(message(z.email(), 'not-an-address')).toBe(FIELD_MSG.email);
    expect(message(z.number().min(1), 0)).toBe('Enter 1 or more.');
    expect(message(z.object({ a: z.string() }), {})).toBe(FIELD_MSG.required);
    expect(message(z.enum(['a', 'b']), 'c')).toBe(FIELD_MSG.choose);
  });

  it('keeps a schema’s own message', () => {
    expect(z.string().min(1, 'Input title').safeParse('').error?.issues[0]?.message).toBe('Input title');
  });

  it(`finds no developer text in any contract schema given an empty form (${schemas.length} schemas)`, () => {
    expect(schemas.length).toBeGreaterThan(20);
    const offending: string[] = [];
    for (const [name, schema] of schemas) {
      for (const input of [{}, emptyForm(schema)]) {
        for (const issue of schema.safeParse(input).error?.issues ?? []) {
          if (DEVELOPER_TEXT.test(issue.message)) offending.push(`${name}.${issue.path.join('.')}: ${issue.message}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });
});
