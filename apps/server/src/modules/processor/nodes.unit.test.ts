import { afterAll, describe, expect, it } from 'vitest';
import { NODE_KIND_NAMES } from '@vireo/contracts';
import { executionOrder, validateGraph } from './graph';
import { httpRequest, isPrivateAddress } from './http-request';
import { JsonataPool } from './jsonata-pool';
import { randomBytes } from 'node:crypto';
import { systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { Sealer } from '../../platform/sealing';
import { fillPlaceholders, NODE_RUNS, NodeFailure, parseParams, RunStopped, valueAt, type MessageSources, type NodeRuntime } from './nodes';

const jsonata = new JsonataPool(1);
afterAll(() => jsonata.close());
// The pure nodes read nothing but their parameters and inputs (the database-backed ones are in processor.test.ts).
const rt = { jsonata, runId: 'run', nodeId: 'node', allowPrivateHosts: false, publicUrl: 'https://vireo.test' } as unknown as NodeRuntime;
const run = (kind: keyof typeof NODE_RUNS, params: Record<string, unknown>, inputs: Record<string, unknown>) => NODE_RUNS[kind](rt, parseParams(kind, params), inputs);

describe('node kinds', () => {
  it('has a run for every kind the catalogue offers', () => {
    expect(Object.keys(NODE_RUNS).sort()).toEqual([...NODE_KIND_NAMES].sort());
  });

  it('event start hands on the init_data; string value and static data their parameter', async () => {
    expect(await run('event.start', {}, { init_data: { a: 1 } })).toEqual({ data: { a: 1 } });
    expect(await run('value.string', { value: 'hi' }, {})).toEqual({ value: 'hi' });
    expect(await run('data.static', { value: { b: [1] } }, {})).toEqual({ data: { b: [1] } });
    expect(() => parseParams('data.static', { value: 'not an object' })).toThrow();
  });

  it('fail-on-false passes true and stops the run on anything else', async () => {
    expect(await run('logic.fail_on_false', {}, { condition: true })).toEqual({ passed: true });
    await expect(run('logic.fail_on_false', {}, { condition: false })).rejects.toThrow(RunStopped);
    await expect(run('logic.fail_on_false', {}, {})).rejects.toThrow(RunStopped);
  });

  it('form link: the page of an enabled form in the patient area, also as {{form_link}}; a form switched off or no form fails', async () => {
    const form = (name: string, enabled: boolean) => ({ form: { form: name, enabled, organisation_id: 'org' } });
    expect(await run('org.form_link', {}, form('daily_check', true))).toEqual({ link: 'https://vireo.test/patient/symptom-checker', values: { form_link: 'https://vireo.test/patient/symptom-checker' } });
    expect(await run('org.form_link', {}, form('health_profile', true))).toMatchObject({ link: 'https://vireo.test/patient/health-assessment' });
    expect(await run('org.form_link', {}, form('order_kit', true))).toMatchObject({ link: 'https://vireo.test/patient/order-test-kit' });
    await expect(run('org.form_link', {}, form('order_kit', false))).rejects.toThrow('The form order_kit is switched off for this organisation.');
    await expect(run('org.form_link', {}, form('admin', true))).rejects.toThrow('Input form is not a form.');
    await expect(run('org.form_link', {}, {})).rejects.toThrow(NodeFailure);
    expect(() => parseParams('org.form', { form: 'admin' })).toThrow();
    expect(() => parseParams('org.form', {})).toThrow();
  });

  it('string comparison: the picker hands on its comparison, and compare applies it to left and right', async () => {
    expect(await run('string.comparison', { comparison: 'starts_with' }, {})).toEqual({ compare: 'starts_with' });
    expect(() => parseParams('string.comparison', { comparison: 'like' })).toThrow();
    const cases: [string, string, string, boolean][] = [
      ['equals', 'KIT-1', 'KIT-1', true],
      ['equals', 'KIT-1', 'kit-1', false],
      ['not_equals', 'KIT-1', 'KIT-2', true],
      ['not_equals', 'KIT-1', 'KIT-1', false],
      ['contains', 'video_gp', 'gp', true],
      ['contains', 'video_gp', 'pcr', false],
      ['starts_with', 'video_gp', 'video', true],
      ['starts_with', 'video_gp', 'gp', false],
      ['ends_with', 'video_gp', '_gp', true],
      ['ends_with', 'video_gp', 'video', false],
      ['equals_ignore_case', 'Ada@Example.test', 'ada@example.TEST', true],
      ['equals_ignore_case', 'Ada', 'Adam', false],
    ];
    for (const [compare, left, right, result] of cases) expect(await run('string.compare', {}, { left, right, compare }), `${left} ${compare} ${right}`).toEqual({ result });
    await expect(run('string.compare', {}, { left: 'a', right: 'a', compare: 'like' })).rejects.toThrow('Input compare is not a comparison.');
    await expect(run('string.compare', {}, { left: 1, right: 'a', compare: 'equals' })).rejects.toThrow('Input left is not a string.');
    await expect(run('string.compare', {}, { left: 'a', compare: 'equals' })).rejects.toThrow('Input right is not a string.');
  });

  it('logic gate: the picker hands on its gate, and the gate node applies it (NOT to a alone)', async () => {
    expect(await run('logic.gate_type', { gate: 'NAND' }, {})).toEqual({ gate: 'NAND' });
    expect(() => parseParams('logic.gate_type', { gate: 'IMPLIES' })).toThrow();
    const table: Record<string, boolean[]> = {
      // a,b = ff, ft, tf, tt
      AND: [false, false, false, true],
      OR: [false, true, true, true],
      XOR: [false, true, true, false],
      NAND: [true, true, true, false],
      NOR: [true, false, false, false],
    };
    const pairs: [boolean, boolean][] = [
      [false, false],
      [false, true],
      [true, false],
      [true, true],
    ];
    for (const [gate, results] of Object.entries(table)) {
      for (const [i, [a, b]] of pairs.entries()) expect(await run('logic.gate', {}, { a, b, gate }), `${a} ${gate} ${b}`).toEqual({ result: results[i] });
    }
    expect(await run('logic.gate', {}, { a: true, gate: 'NOT' })).toEqual({ result: false });
    expect(await run('logic.gate', {}, { a: false, gate: 'NOT' })).toEqual({ result: true });
    await expect(run('logic.gate', {}, { a: true, gate: 'AND' })).rejects.toThrow('Input b is not true or false.');
    await expect(run('logic.gate', {}, { a: 'yes', b: true, gate: 'OR' })).rejects.toThrow('Input a is not true or false.');
    await expect(run('logic.gate', {}, { a: true, b: true, gate: 'IMPLIES' })).rejects.toThrow('Input gate is not a logic gate.');
  });

  it('conditions read the input with only the allowed functions', async () => {
    expect(await run('logic.condition', { expression: 'type == "video_gp" and length(name) > 2' }, { data: { type: 'video_gp', name: 'Ada' } })).toEqual({ result: true });
    expect(await run('logic.condition', { expression: 'lower(name) == "bob"' }, { data: { name: 'Ada' } })).toEqual({ result: false });
    await expect(run('logic.condition', { expression: 'process(1)' }, { data: {} })).rejects.toThrow(NodeFailure);
    await expect(run('logic.condition', { expression: 'constructor' }, { data: {} })).rejects.toThrow(NodeFailure);
  });

  it('regexp match answers whether it matched and the groups', async () => {
    expect(await run('string.regexp', { pattern: '^KIT-(\\d+)$' }, { value: 'KIT-42' })).toEqual({ matched: true, groups: { match: 'KIT-42', groups: ['42'], named: {} } });
    expect(await run('string.regexp', { pattern: 'x', flags: 'i' }, { value: 'abc' })).toEqual({ matched: false, groups: {} });
    expect(await run('string.regexp', { pattern: '(?<kit>KIT)-\\d+' }, { value: 'a KIT-1' })).toEqual({ matched: true, groups: { match: 'KIT-1', groups: ['KIT'], named: { kit: 'KIT' } } });
  });

  it('regexp match refuses nested repetition and stops a pattern that backtracks past the time limit, leaving the event loop free', async () => {
    await expect(run('string.regexp', { pattern: '(a+)+$' }, { value: 'aaaa!' })).rejects.toThrow(/nests repetitions/);
    await expect(run('string.regexp', { pattern: '(a|aa)*b' }, { value: 'aaaa' })).rejects.toThrow(/nests repetitions/);
    await expect(run('string.regexp', { pattern: '(x)\\1' }, { value: 'xx' })).rejects.toThrow(/refers back/);
    await expect(run('string.regexp', { pattern: '[' }, { value: 'x' })).rejects.toThrow(/not a valid regular expression/);
    // Adjacent repetitions pass the check but backtrack polynomially: the worker is stopped at 1 s.
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 50);
    const started = performance.now();
    await expect(run('string.regexp', { pattern: '^\\d*\\d*\\d*\\d*\\d*\\d*x$' }, { value: '1'.repeat(5000) })).rejects.toThrow(/Regexp: evaluation took longer than 1000 ms/);
    clearInterval(ticker);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(ticks).toBeGreaterThan(5);
    // The pool works on after its worker was replaced.
    expect(await run('string.regexp', { pattern: '^\\d+$' }, { value: '123' })).toMatchObject({ matched: true });
  });

  it('merges, extracts and converts data (JSONata in the worker pool)', async () => {
    expect(await run('data.merge', {}, { first: { a: 1, b: 1 }, second: { b: 2 } })).toEqual({ data: { a: 1, b: 2 } });
    expect(await run('data.extract', { expression: 'people[0].email' }, { data: { people: [{ email: 'a@b.test' }] } })).toEqual({ data: 'a@b.test' });
    expect(await run('data.convert', { expression: '$string(n * 2)' }, { data: { n: 21 } })).toEqual({ value: '42' });
    expect(await run('data.convert', { expression: '{"n": n}' }, { data: { n: 1 } })).toEqual({ value: '{"n":1}' });
    await expect(run('data.extract', { expression: '((' }, { data: {} })).rejects.toThrow(/JSONata/);
  });

  it('validates data against required fields and types, and reads a collection', async () => {
    const rules = { required: ['email', 'person.name'], types: { age: 'number', tags: 'array' } };
    expect(await run('data.validate', { rules }, { data: { email: 'a@b.test', person: { name: 'Ada' }, age: 36, tags: [] } })).toEqual({ valid: true, errors: {} });
    expect(await run('data.validate', { rules }, { data: { email: '', person: {}, age: '36', tags: {} } })).toEqual({
      valid: false,
      errors: { email: 'Required.', 'person.name': 'Required.', age: 'Should be a number, not a string.', tags: 'Should be an array, not an object.' },
    });
    expect(() => parseParams('data.validate', { rules: { types: { age: 'date' } } })).toThrow();
    expect(await run('data.read_collection', { path: 'people', limit: 2 }, { data: { people: [{ n: 1 }, { n: 2 }, { n: 3 }] } })).toEqual({ items: [{ n: 1 }, { n: 2 }], first: { n: 1 }, count: '3' });
    expect(await run('data.read_collection', {}, { data: [] })).toEqual({ items: [], first: null, count: '0' });
    await expect(run('data.read_collection', { path: 'people' }, { data: {} })).rejects.toThrow(NodeFailure);
  });

  it('makes a QR code PNG', async () => {
    const { image } = await run('qr.code', {}, { value: 'https://vireo.test/verify/1' });
    expect(Buffer.from(image as string, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('HTTP request refuses private and loopback addresses before connecting', async () => {
    await expect(run('http.request', { url: 'http://127.0.0.1:9/x' }, {})).rejects.toThrow(/private or loopback/);
    await expect(run('http.request', { url: 'http://[::1]:9/x' }, {})).rejects.toThrow(/private or loopback/);
    await expect(run('http.request', { url: 'http://localhost:9/x' }, {})).rejects.toThrow(/private or loopback/);
    await expect(httpRequest({ url: 'file:///etc/passwd', method: 'GET', headers: {}, timeoutMs: 100, allowPrivate: true })).rejects.toThrow(/Only http and https/);
    for (const address of ['10.0.0.1', '192.168.1.1', '169.254.169.254', '::ffff:127.0.0.1', 'fd00::1', '0.0.0.0']) expect(isPrivateAddress(address), address).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
  });

  it('fills template placeholders from dotted paths', () => {
    expect(fillPlaceholders('Hi {{ first_name }}, {{appointment.type}}{{missing}}', { first_name: 'Ada', appointment: { type: 'video_gp' } })).toBe('Hi Ada, video_gp');
    expect(valueAt({ a: [{ b: 1 }] }, 'a.0.b')).toBe(1);
  });

  it('leaves out a line of placeholders only that all come out empty, and keeps one that has text', () => {
    const body = 'Hello {{name}},\n{{discount_line}}\nTotal: {{total}}\n{{ block }}\nBye';
    expect(fillPlaceholders(body, { name: 'Ada', discount_line: '', total: '£1', block: '' })).toBe('Hello Ada,\nTotal: £1\nBye');
    expect(fillPlaceholders(body, { name: 'Ada', discount_line: 'Discount: -£1', total: '', block: '\nBook here:\nhttp://x' })).toBe('Hello Ada,\nDiscount: -£1\nTotal: \n\nBook here:\nhttp://x\nBye');
  });
});

describe('the product-message nodes (default tasks)', () => {
  const sealer = new Sealer(null as unknown as Db, systemClock, randomBytes(32));
  const asked: unknown[] = [];
  const messages: MessageSources = {
    booking: async (_db, input) => {
      asked.push(input);
      return input.appointmentId === 'gone'
        ? null
        : { recipients: ['ada@example.test'], values: { when: 'Monday' }, secretValues: { manage_link: 'https://x/manage?short_token=SECRET' }, ics: 'BEGIN:VCALENDAR SECRET' };
    },
    order: async (_db, orderId) => (orderId ? { recipients: ['ada@example.test'], values: { total: '£29.00' }, secretValues: { short_token: 'ORDERTOKEN' } } : null),
    certificate: async (_db, _organisationId, payload) => (payload.certificate_id ? { recipients: ['ada@example.test'], values: { number: 'C-1' }, attachment: { filename: 'certificate-C-1.pdf', contentType: 'application/pdf', fileKey: 'certificates/1' } } : null),
    certificateSent: async () => {},
  };
  const mrt = { ...rt, sealer, messages, secrets: async () => ({ short_token: 'SECRET' }) } as unknown as NodeRuntime;
  const runM = (kind: keyof typeof NODE_RUNS, params: Record<string, unknown>, inputs: Record<string, unknown>) => NODE_RUNS[kind](mrt, parseParams(kind, params), inputs);

  it('a booking message keeps its link and .ics sealed, and hands the event’s secrets to the booking module', async () => {
    const out = await runM('message.booking', { kind: 'rebooked' }, { data: { appointment_id: 'a1' } });
    expect(asked.at(-1)).toEqual({ appointmentId: 'a1', secrets: { short_token: 'SECRET' }, rebooked: true });
    expect(JSON.stringify(out)).not.toContain('SECRET');
    expect(out).toMatchObject({ recipients: ['ada@example.test'], values: { when: 'Monday' }, attachments: [{ filename: 'appointment.ics', content_type: 'text/calendar; charset=utf-8; method=PUBLISH' }] });
    const values = out.values as Record<string, { $sealed: string }>;
    expect(await sealer.open(values.manage_link!.$sealed)).toBe('https://x/manage?short_token=SECRET');
    expect(await runM('message.booking', {}, { data: { appointment_id: 'gone' } })).toEqual({ recipients: [], values: {}, attachments: [] });
  });

  it('an order message seals the order reference; a certificate message names its PDF by file key', async () => {
    const order = await runM('message.order', {}, { data: { order_id: 'o1' } });
    expect(JSON.stringify(order)).not.toContain('ORDERTOKEN');
    expect(order).toMatchObject({ recipients: ['ada@example.test'], values: { total: '£29.00' } });
    expect(await runM('message.order', {}, { data: {} })).toEqual({ recipients: [], values: {} });
    expect(await runM('message.certificate', {}, { data: { certificate_id: 'c1' } })).toEqual({
      recipients: ['ada@example.test'],
      values: { number: 'C-1' },
      attachments: [{ filename: 'certificate-C-1.pdf', content_type: 'application/pdf', file_key: 'certificates/1' }],
    });
  });
});

describe('graph validation', () => {
  const start = { id: 'start', kind: 'event.start' as const, params: {} };
  const edge = (source: string, sourcePort: string, target: string, targetPort: string) => ({ id: `${source}-${target}-${targetPort}`, source, sourcePort, target, targetPort });

  it('accepts a connected graph and orders it along its connections', () => {
    const graph = { nodes: [{ id: 'x', kind: 'data.extract' as const, params: { expression: 'a' } }, start], edges: [edge('start', 'data', 'x', 'data')] };
    expect(validateGraph(graph, new Set(), new Set())).toEqual([]);
    expect(executionOrder(graph)).toEqual(['start', 'x']);
  });

  it('names the node of each problem', () => {
    const problems = validateGraph(
      {
        nodes: [
          start,
          { id: 'gate', kind: 'logic.fail_on_false', params: {} },
          { id: 'v', kind: 'value.string', params: { value: 'x' } },
          { id: 'tpl', kind: 'template.email', params: { template_id: '00000000-0000-4000-8000-000000000000' } },
          { id: 'lab', kind: 'lab.order', params: { connection_id: '00000000-0000-4000-8000-000000000001' } },
        ],
        edges: [edge('v', 'value', 'gate', 'condition'), edge('v', 'value', 'ghost', 'data')],
      },
      new Set(),
      new Set(['00000000-0000-4000-8000-000000000002']),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        { node: 'gate', reason: 'Input condition takes boolean, not string from v.' },
        { node: 'tpl', reason: 'Unknown template.' },
        { node: 'lab', reason: "Unknown lab connection: choose one of this organisation's lab connections." },
        { node: 'ghost', reason: expect.stringMatching(/does not exist/) },
      ]),
    );
    expect(validateGraph({ nodes: [], edges: [] }, new Set(), new Set())).toContainEqual({ node: 'graph', reason: 'A task has exactly one event start node.' });
  });

  it('refuses a regexp pattern that nests repetitions, before it is saved, naming the node', () => {
    const graph = {
      nodes: [
        { id: 'start', kind: 'event.start' as const, params: {} },
        { id: 'text', kind: 'value.string' as const, params: { value: 'aaa' } },
        { id: 'match', kind: 'string.regexp' as const, params: { pattern: '(a+)+$' } },
      ],
      edges: [{ id: 'e', source: 'text', sourcePort: 'value', target: 'match', targetPort: 'value' }],
    };
    expect(validateGraph(graph, new Set(), new Set())).toEqual([{ node: 'match', reason: 'pattern: The pattern nests repetitions or refers back to a group, which is not allowed.' }]);
    graph.nodes[2]!.params = { pattern: '^a+$' };
    expect(validateGraph(graph, new Set(), new Set())).toEqual([]);
  });

  it('refuses a logic gate whose inputs do not fit its gate, naming the node: NOT takes a only, the others a and b', () => {
    const graph = (gate: string, withB: boolean) => ({
      nodes: [start, { id: 'yes', kind: 'data.static' as const, params: { value: {} } }, { id: 'check', kind: 'data.validate' as const, params: { rules: {} } }, { id: 'type', kind: 'logic.gate_type' as const, params: { gate } }, { id: 'gate', kind: 'logic.gate' as const, params: {} }],
      edges: [edge('yes', 'data', 'check', 'data'), edge('check', 'valid', 'gate', 'a'), edge('type', 'gate', 'gate', 'gate'), ...(withB ? [edge('check', 'valid', 'gate', 'b')] : [])],
    });
    expect(validateGraph(graph('AND', true), new Set(), new Set())).toEqual([]);
    expect(validateGraph(graph('NOT', false), new Set(), new Set())).toEqual([]);
    expect(validateGraph(graph('NOT', true), new Set(), new Set())).toEqual([{ node: 'gate', reason: 'A NOT gate takes input a only: remove the connection to b.' }]);
    expect(validateGraph(graph('XOR', false), new Set(), new Set())).toEqual([{ node: 'gate', reason: 'An XOR gate takes inputs a and b: connect b.' }]);
    expect(validateGraph(graph('MAYBE', false), new Set(), new Set())).toEqual([{ node: 'type', reason: expect.stringMatching(/^gate: /) }]);
    const unpicked = graph('AND', true);
    unpicked.edges = unpicked.edges.filter((e) => e.targetPort !== 'gate');
    expect(validateGraph(unpicked, new Set(), new Set())).toEqual([{ node: 'gate', reason: 'Required input gate is not connected.' }]);
  });

  it('refuses connecting a comparison, a gate or a form to a port of another type', () => {
    const graph = {
      nodes: [start, { id: 'cmp', kind: 'string.comparison' as const, params: { comparison: 'equals' } }, { id: 'form', kind: 'org.form' as const, params: { form: 'daily_check' } }, { id: 'gate', kind: 'logic.gate' as const, params: {} }, { id: 'link', kind: 'org.form_link' as const, params: {} }],
      edges: [edge('cmp', 'compare', 'gate', 'gate'), edge('form', 'enabled', 'gate', 'a'), edge('form', 'enabled', 'link', 'form')],
    };
    expect(validateGraph(graph, new Set(), new Set())).toEqual([
      { node: 'gate', reason: 'Input gate takes logicGate, not stringCompare from cmp.' },
      { node: 'link', reason: 'Input form takes orgForm, not boolean from form.' },
    ]);
  });

  it('refuses a condition that does not parse, before it is saved', () => {
    const graph = { nodes: [start, { id: 'if', kind: 'logic.condition' as const, params: { expression: 'eval("1")' } }], edges: [edge('start', 'data', 'if', 'data')] };
    expect(validateGraph(graph, new Set(), new Set())).toEqual([{ node: 'if', reason: 'expression: Unknown function eval.' }]);
  });
});
