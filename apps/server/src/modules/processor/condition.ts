/**
 * The condition node's expression language: a tokenizer and a recursive-descent parser to a tree,
 * interpreted against the node's input. Nothing is compiled to code (no `eval`, `new Function` or
 * `vm`): a condition reaches only the input's own fields and the functions in `CONDITION_FUNCTIONS`.
 *
 *   type == "video_gp" and length(name) > 2
 *   not (age < 18 or country in ["FR", "DE"])
 *   matches(lower(email), "@vireo\\.test$") and abs(total - 100) <= 5
 */

export class ConditionError extends Error {}

/** The longest expression compiled (the node's parameter allows no more either). */
export const MAX_CONDITION_LENGTH = 4000;
/** How deep brackets, `not`s and calls may nest, so a hostile text cannot exhaust the stack. */
const MAX_DEPTH = 40;
/** A `matches` pattern's and subject's longest text. */
export const MAX_PATTERN_LENGTH = 200;
export const MAX_SUBJECT_LENGTH = 1000;
/** Names that lead to an object's prototype: refused wherever a field is named. */
const FORBIDDEN_NAMES = new Set(['__proto__', 'prototype', 'constructor']);

type Node =
  | { t: 'lit'; value: unknown }
  | { t: 'list'; items: Node[] }
  | { t: 'field'; path: (string | Node)[] }
  | { t: 'call'; name: string; args: Node[] }
  | { t: 'not'; arg: Node }
  | { t: 'neg'; arg: Node }
  | { t: 'bin'; op: string; left: Node; right: Node };

type Token = { kind: 'num'; value: number } | { kind: 'str'; value: string } | { kind: 'id'; value: string } | { kind: 'op'; value: string };

const OPERATORS = ['==', '!=', '<=', '>=', '<', '>', '+', '-', '*', '/', '%', '(', ')', '[', ']', ',', '.'];
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'" };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (/\s/.test(c)) {
      i += 1;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(text.slice(i))!;
      tokens.push({ kind: 'num', value: Number(m[0]) });
      i += m[0].length;
    } else if (c === '"' || c === "'") {
      let value = '';
      i += 1;
      while (text.charAt(i) !== c) {
        if (i >= text.length) throw new ConditionError('A text has no closing quote.');
        if (text.charAt(i) === '\\') {
          const escaped = ESCAPES[text.charAt(i + 1)];
          if (escaped === undefined) throw new ConditionError(`Unknown escape \\${text.charAt(i + 1)} in a text.`);
          value += escaped;
          i += 2;
        } else {
          value += text.charAt(i);
          i += 1;
        }
      }
      tokens.push({ kind: 'str', value });
      i += 1;
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(text.slice(i))!;
      tokens.push({ kind: 'id', value: m[0] });
      i += m[0].length;
    } else {
      const op = OPERATORS.find((o) => text.startsWith(o, i));
      if (!op) throw new ConditionError(`Unexpected character ${JSON.stringify(c)} at ${i + 1}.`);
      tokens.push({ kind: 'op', value: op });
      i += op.length;
    }
  }
  return tokens;
}

const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'true', 'false', 'null']);

class Parser {
  private at = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    if (this.tokens.length === 0) throw new ConditionError('The condition is empty.');
    const node = this.or();
    const rest = this.tokens[this.at];
    if (rest) throw new ConditionError(`Unexpected ${describe(rest)}.`);
    return node;
  }

  private peek(kind: Token['kind'], value?: string): boolean {
    const token = this.tokens[this.at];
    return token !== undefined && token.kind === kind && (value === undefined || token.value === value);
  }
  private accept(kind: Token['kind'], value?: string): boolean {
    if (!this.peek(kind, value)) return false;
    this.at += 1;
    return true;
  }
  private expect(kind: Token['kind'], value: string): void {
    if (!this.accept(kind, value)) {
      const token = this.tokens[this.at];
      throw new ConditionError(`Expected ${value} but found ${token ? describe(token) : 'the end'}.`);
    }
  }
  private nested<T>(parse: () => T): T {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) throw new ConditionError('The condition is nested too deeply.');
    try {
      return parse();
    } finally {
      this.depth -= 1;
    }
  }

  private or(): Node {
    let left = this.and();
    while (this.accept('id', 'or')) left = { t: 'bin', op: 'or', left, right: this.and() };
    return left;
  }
  private and(): Node {
    let left = this.not();
    while (this.accept('id', 'and')) left = { t: 'bin', op: 'and', left, right: this.not() };
    return left;
  }
  private not(): Node {
    if (this.accept('id', 'not')) return this.nested(() => ({ t: 'not', arg: this.not() }));
    return this.comparison();
  }
  private comparison(): Node {
    const left = this.additive();
    for (const op of ['==', '!=', '<=', '>=', '<', '>']) {
      if (this.accept('op', op)) return { t: 'bin', op, left, right: this.additive() };
    }
    if (this.accept('id', 'in')) return { t: 'bin', op: 'in', left, right: this.additive() };
    if (this.peek('id', 'not') && this.tokens[this.at + 1]?.kind === 'id' && this.tokens[this.at + 1]?.value === 'in') {
      this.at += 2;
      return { t: 'not', arg: { t: 'bin', op: 'in', left, right: this.additive() } };
    }
    return left;
  }
  private additive(): Node {
    let left = this.multiplicative();
    for (;;) {
      const op = this.accept('op', '+') ? '+' : this.accept('op', '-') ? '-' : null;
      if (!op) return left;
      left = { t: 'bin', op, left, right: this.multiplicative() };
    }
  }
  private multiplicative(): Node {
    let left = this.unary();
    for (;;) {
      const op = this.accept('op', '*') ? '*' : this.accept('op', '/') ? '/' : this.accept('op', '%') ? '%' : null;
      if (!op) return left;
      left = { t: 'bin', op, left, right: this.unary() };
    }
  }
  private unary(): Node {
    if (this.accept('op', '-')) return this.nested(() => ({ t: 'neg', arg: this.unary() }));
    return this.primary();
  }
  private primary(): Node {
    const token = this.tokens[this.at];
    if (!token) throw new ConditionError('The condition ends too early.');
    this.at += 1;
    if (token.kind === 'num' || token.kind === 'str') return { t: 'lit', value: token.value };
    if (token.kind === 'op' && token.value === '(') {
      const inner = this.nested(() => this.or());
      this.expect('op', ')');
      return inner;
    }
    if (token.kind === 'op' && token.value === '[') {
      const items = this.nested(() => this.list(']'));
      return { t: 'list', items };
    }
    if (token.kind !== 'id') throw new ConditionError(`Unexpected ${describe(token)}.`);
    if (token.value === 'true' || token.value === 'false') return { t: 'lit', value: token.value === 'true' };
    if (token.value === 'null') return { t: 'lit', value: null };
    if (KEYWORDS.has(token.value)) throw new ConditionError(`Unexpected ${token.value}.`);
    if (this.accept('op', '(')) {
      if (!Object.hasOwn(CONDITION_FUNCTIONS, token.value)) throw new ConditionError(`Unknown function ${token.value}.`);
      const args = this.nested(() => this.list(')'));
      return { t: 'call', name: token.value, args };
    }
    return this.field(token.value);
  }
  private list(close: string): Node[] {
    const items: Node[] = [];
    if (this.accept('op', close)) return items;
    do items.push(this.or());
    while (this.accept('op', ','));
    this.expect('op', close);
    return items;
  }
  private field(first: string): Node {
    const path: (string | Node)[] = [fieldName(first)];
    for (;;) {
      if (this.accept('op', '.')) {
        const token = this.tokens[this.at];
        if (token?.kind !== 'id' && token?.kind !== 'num') throw new ConditionError('Expected a field name after ".".');
        this.at += 1;
        path.push(fieldName(String(token.value)));
      } else if (this.accept('op', '[')) {
        path.push(this.nested(() => this.or()));
        this.expect('op', ']');
      } else {
        return { t: 'field', path };
      }
    }
  }
}

function fieldName(name: string): string {
  if (FORBIDDEN_NAMES.has(name)) throw new ConditionError(`The field name ${name} is not allowed.`);
  return name;
}

function describe(token: Token): string {
  return token.kind === 'str' ? 'a text' : token.kind === 'num' ? `the number ${token.value}` : `"${token.value}"`;
}

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'list' : typeof value === 'string' ? 'text' : typeof value);

function number(value: unknown, what: string): number {
  if (typeof value !== 'number') throw new ConditionError(`${what} needs a number, not ${typeOf(value)}.`);
  return value;
}
function string(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new ConditionError(`${what} needs a text, not ${typeOf(value)}.`);
  return value;
}

/**
 * A quantified group that itself holds a quantifier or an alternation, or a back-reference: the
 * patterns that can backtrack for ever (`(a+)+$`, `(a|aa)*b`, `(x\1)+`).
 */
const UNSAFE_PATTERN = /\([^)]*[*+?}|][^)]*\)\s*[*+?{]|\\[1-9]|\\k</;

/** Why a pattern is refused (nested repetition, a back-reference, not a regular expression), or null. Checked at save. */
export function patternProblem(pattern: string, flags = 'u'): string | null {
  if (UNSAFE_PATTERN.test(pattern)) return 'The pattern nests repetitions or refers back to a group, which is not allowed.';
  try {
    new RegExp(pattern, flags);
    return null;
  } catch {
    return 'The pattern is not a valid regular expression.';
  }
}

function safeRegExp(pattern: string): RegExp {
  if (pattern.length > MAX_PATTERN_LENGTH) throw new ConditionError(`A pattern may be at most ${MAX_PATTERN_LENGTH} characters.`);
  const problem = patternProblem(pattern);
  if (problem) throw new ConditionError(problem);
  return new RegExp(pattern, 'u');
}

type ConditionFunction = { arity: [number, number]; run: (...args: unknown[]) => unknown };

const length: ConditionFunction = { arity: [1, 1], run: (s) => (Array.isArray(s) ? s.length : s === null || s === undefined ? 0 : string(s, 'length').length) };

/** The functions a condition may call: nothing else is reachable. */
const CONDITION_FUNCTIONS: Record<string, ConditionFunction> = {
  abs: { arity: [1, 1], run: (x) => Math.abs(number(x, 'abs')) },
  min: { arity: [1, 20], run: (...xs) => Math.min(...xs.map((x) => number(x, 'min'))) },
  max: { arity: [1, 20], run: (...xs) => Math.max(...xs.map((x) => number(x, 'max'))) },
  round: { arity: [1, 1], run: (x) => Math.round(number(x, 'round')) },
  floor: { arity: [1, 1], run: (x) => Math.floor(number(x, 'floor')) },
  ceil: { arity: [1, 1], run: (x) => Math.ceil(number(x, 'ceil')) },
  lower: { arity: [1, 1], run: (s) => string(s, 'lower').toLowerCase() },
  upper: { arity: [1, 1], run: (s) => string(s, 'upper').toUpperCase() },
  trim: { arity: [1, 1], run: (s) => string(s, 'trim').trim() },
  length,
  // The name filtrex gave `length`, kept so conditions written for it still read the same.
  len: length,
  contains: {
    arity: [2, 2],
    run: (haystack, needle) => (Array.isArray(haystack) ? haystack.includes(needle) : string(haystack, 'contains').includes(string(needle, 'contains'))),
  },
  startsWith: { arity: [2, 2], run: (s, prefix) => string(s, 'startsWith').startsWith(string(prefix, 'startsWith')) },
  endsWith: { arity: [2, 2], run: (s, suffix) => string(s, 'endsWith').endsWith(string(suffix, 'endsWith')) },
  matches: {
    arity: [2, 2],
    run: (s, pattern) => {
      const subject = string(s, 'matches');
      if (subject.length > MAX_SUBJECT_LENGTH) throw new ConditionError(`matches reads at most ${MAX_SUBJECT_LENGTH} characters.`);
      return safeRegExp(string(pattern, 'matches')).test(subject);
    },
  },
};

function fieldOf(value: unknown, key: unknown): unknown {
  if (Array.isArray(value)) {
    const index = typeof key === 'string' && /^[0-9]+$/.test(key) ? Number(key) : key;
    return typeof index === 'number' && Number.isInteger(index) ? (value[index] as unknown) : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (typeof key !== 'string' && typeof key !== 'number') throw new ConditionError(`A field name must be a text or number, not ${typeOf(key)}.`);
  const name = String(key);
  if (FORBIDDEN_NAMES.has(name)) throw new ConditionError(`The field name ${name} is not allowed.`);
  return Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined;
}

function equal(a: unknown, b: unknown): boolean {
  return (a ?? null) === (b ?? null);
}

function compare(op: string, a: unknown, b: unknown): boolean {
  if (!((typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string'))) {
    throw new ConditionError(`Cannot compare ${typeOf(a)} with ${typeOf(b)} by ${op}.`);
  }
  return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
}

function evaluate(node: Node, data: unknown): unknown {
  switch (node.t) {
    case 'lit':
      return node.value;
    case 'list':
      return node.items.map((item) => evaluate(item, data));
    case 'field':
      return node.path.reduce<unknown>((value, key) => fieldOf(value, typeof key === 'string' ? key : evaluate(key, data)), data);
    case 'call': {
      const fn = CONDITION_FUNCTIONS[node.name];
      if (!fn) throw new ConditionError(`Unknown function ${node.name}.`);
      const [least, most] = fn.arity;
      if (node.args.length < least || node.args.length > most) throw new ConditionError(`${node.name} takes ${least === most ? least : `${least} to ${most}`} argument${most === 1 ? '' : 's'}.`);
      return fn.run(...node.args.map((arg) => evaluate(arg, data)));
    }
    case 'not':
      return !truthy(evaluate(node.arg, data));
    case 'neg':
      return -number(evaluate(node.arg, data), '-');
    case 'bin': {
      if (node.op === 'and') return truthy(evaluate(node.left, data)) && truthy(evaluate(node.right, data));
      if (node.op === 'or') return truthy(evaluate(node.left, data)) || truthy(evaluate(node.right, data));
      const a = evaluate(node.left, data);
      const b = evaluate(node.right, data);
      switch (node.op) {
        case '==':
          return equal(a, b);
        case '!=':
          return !equal(a, b);
        case '<':
        case '<=':
        case '>':
        case '>=':
          return compare(node.op, a, b);
        case 'in':
          if (Array.isArray(b)) return b.some((item) => equal(item, a));
          if (typeof b === 'string') return b.includes(string(a, 'in'));
          throw new ConditionError(`in needs a list or text on its right, not ${typeOf(b)}.`);
        case '+':
          if (typeof a === 'string' && typeof b === 'string') return a + b;
          return number(a, '+') + number(b, '+');
        case '-':
          return number(a, '-') - number(b, '-');
        case '*':
          return number(a, '*') * number(b, '*');
        case '/':
          return number(a, '/') / number(b, '/');
        default:
          return number(a, '%') % number(b, '%');
      }
    }
  }
}

const truthy = (value: unknown): boolean => Boolean(value);

/** Parses a condition once; the answer tests input after input. Throws `ConditionError` on a bad text. */
export function compileCondition(text: string): (data: unknown) => boolean {
  if (text.length > MAX_CONDITION_LENGTH) throw new ConditionError(`A condition may be at most ${MAX_CONDITION_LENGTH} characters.`);
  const tree = new Parser(tokenize(text)).parse();
  return (data) => truthy(evaluate(tree, data));
}
