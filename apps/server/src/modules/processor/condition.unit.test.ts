import { describe, expect, it } from 'vitest';
import { compileCondition, ConditionError, MAX_CONDITION_LENGTH, MAX_SUBJECT_LENGTH } from './condition';

const test = (expression: string, data: unknown = {}) => compileCondition(expression)(data);
const refused = (expression: string, data: unknown = {}) => expect(() => test(expression, data)).toThrow(ConditionError);

describe('conditions', () => {
  it('reads literals: numbers, texts in either quotes with escapes, true, false, null and lists', () => {
    expect(test('1.5 == 1.5')).toBe(true);
    expect(test(`"a\\"b" == 'a"b'`)).toBe(true);
    expect(test('true')).toBe(true);
    expect(test('false')).toBe(false);
    expect(test('null == missing')).toBe(true);
    expect(test('2 in [1, 2, 3]')).toBe(true);
    expect(test('[] == []')).toBe(false);
  });

  it("reads the input's own fields, nested by dots and brackets", () => {
    const data = { type: 'video_gp', people: [{ email: 'a@b.test' }], 'odd key': 1, key: 'type' };
    expect(test('type == "video_gp"', data)).toBe(true);
    expect(test('people.0.email == "a@b.test"', data)).toBe(true);
    expect(test('people[0]["email"] == "a@b.test"', data)).toBe(true);
    expect(test('people[1] == null and people["0"].email == "a@b.test" and people[0.5] == null', data)).toBe(true);
    expect(test('missing.deeper == null', data)).toBe(true);
  });

  it('compares numbers and texts, and refuses to compare mixed types', () => {
    expect(test('a < b and b <= 2 and a != b and 3 > 2 and 2 >= 2', { a: 1, b: 2 })).toBe(true);
    expect(test('"abc" < "abd"')).toBe(true);
    refused('"1" < 2');
    refused('age > 18', {});
  });

  it('combines with and, or, not (with brackets and precedence)', () => {
    expect(test('not a or b and c', { a: true, b: true, c: false })).toBe(false);
    expect(test('not (a or b)', { a: false, b: false })).toBe(true);
    expect(test('a and not b', { a: 1, b: 0 })).toBe(true);
  });

  it('does arithmetic on numbers and joins texts with +', () => {
    expect(test('1 + 2 * 3 == 7 and (1 + 2) * 3 == 9 and 7 % 4 == 3 and 9 / 3 == 3 and -2 - -3 == 1')).toBe(true);
    expect(test('first + " " + last == "Ada Lovelace"', { first: 'Ada', last: 'Lovelace' })).toBe(true);
    refused('1 + "a"');
    refused('-name', { name: 'x' });
  });

  it('tests membership with in and not in, over lists and texts', () => {
    expect(test('country in ["GB", "DE"]', { country: 'DE' })).toBe(true);
    expect(test('country not in ["GB", "DE"]', { country: 'FR' })).toBe(true);
    expect(test('"gp" in type', { type: 'video_gp' })).toBe(true);
    expect(test('3 in codes', { codes: [1, 3] })).toBe(true);
    refused('1 in 2');
  });

  it('calls the allowed functions', () => {
    expect(test('abs(-3) == 3 and min(4, 2, 9) == 2 and max(1, 5) == 5 and round(2.5) == 3 and floor(2.7) == 2 and ceil(2.1) == 3')).toBe(true);
    expect(test('lower("AbC") == "abc" and upper("a") == "A" and trim("  x ") == "x"')).toBe(true);
    expect(test('length(name) == 3 and length(list) == 2 and length(missing) == 0 and len(name) == 3', { name: 'Ada', list: [1, 2] })).toBe(true);
    expect(test('contains(email, "@") and contains(tags, "vip") and startsWith(email, "ada") and endsWith(email, ".test")', { email: 'ada@b.test', tags: ['vip'] })).toBe(true);
    expect(test('matches(ref, "^KIT-[0-9]+$")', { ref: 'KIT-42' })).toBe(true);
    expect(test('matches(ref, "^KIT-[0-9]+$")', { ref: 'kit-x' })).toBe(false);
  });

  it('refuses an unknown function, a wrong number of arguments or a wrong type', () => {
    expect(() => compileCondition('process(1)')).toThrow(/Unknown function process/);
    expect(() => compileCondition('eval("1")')).toThrow(/Unknown function eval/);
    expect(() => compileCondition('toString()')).toThrow(/Unknown function toString/);
    expect(() => test('abs(1, 2)')).toThrow(/abs takes 1 argument/);
    expect(() => test('lower(1)')).toThrow(/lower needs a text/);
  });

  it('never reaches a prototype', () => {
    expect(() => compileCondition('constructor')).toThrow(/constructor is not allowed/);
    expect(() => compileCondition('a.__proto__.x')).toThrow(/__proto__ is not allowed/);
    expect(() => compileCondition('a.prototype')).toThrow(/not allowed/);
    refused('a["constructor"]', { a: {} });
    refused('a["__pro" + "to__"]', { a: {} });
    // Inherited members are not fields: only the input's own keys are read.
    expect(test('toString == null and a.hasOwnProperty == null and list.length == null', { a: {}, list: [1] })).toBe(true);
    expect(test('x.y == null', Object.create({ x: { y: 1 } }))).toBe(true);
  });

  it('refuses bad text: syntax errors, over-long input, deep nesting and unsafe patterns', () => {
    expect(() => compileCondition('')).toThrow(/empty/);
    expect(() => compileCondition('a ==')).toThrow(/ends too early/);
    expect(() => compileCondition('(a')).toThrow(/Expected \)/);
    expect(() => compileCondition('a b')).toThrow(/Unexpected/);
    expect(() => compileCondition('a = 1')).toThrow(/Unexpected character/);
    expect(() => compileCondition('"open')).toThrow(/closing quote/);
    expect(() => compileCondition('a; process.exit()')).toThrow(ConditionError);
    expect(() => compileCondition('x'.repeat(MAX_CONDITION_LENGTH + 1))).toThrow(/at most 4000/);
    expect(() => compileCondition(`${'('.repeat(100)}1${')'.repeat(100)}`)).toThrow(/nested too deeply/);
    expect(() => compileCondition('not '.repeat(100) + 'a')).toThrow(/nested too deeply/);
    expect(() => test('matches(s, "(a+)+$")', { s: 'aaaa' })).toThrow(/nests repetitions/);
    expect(() => test('matches(s, "(a)\\\\1")', { s: 'aa' })).toThrow(/refers back/);
    expect(() => test('matches(s, "[")', { s: 'a' })).toThrow(/not a valid/);
    expect(() => test(`matches(s, "${'a'.repeat(201)}")`, { s: 'a' })).toThrow(/at most 200/);
    expect(() => test('matches(s, "a")', { s: 'a'.repeat(MAX_SUBJECT_LENGTH + 1) })).toThrow(/at most 1000/);
  });
});
