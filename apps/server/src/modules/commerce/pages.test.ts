import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PAGES, REFERENCE_MSG } from '@vireo/contracts';
import { createHarness, type Harness, type TestUser } from '../../test/harness';

let h: Harness;
let admin: TestUser;
let other: TestUser;
beforeAll(async () => {
  h = await createHarness();
  const org = await h.org();
  admin = await h.user({ org, roles: ['super_admin'], grants: ['pages.manage'] });
  other = await h.user({ org, roles: ['customer_services'] });
});
afterAll(() => h.close());

const base = '/api/commerce/v1/page';
const page = (overrides: Record<string, unknown> = {}) => ({
  title: 'Travelling with medicines',
  source: 'Travel desk',
  slug: 'travelling-with-medicines',
  body: '# Before you fly\n\nCarry a **letter** from your doctor.\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1)) [good](https://example.test/)',
  published: true,
  ...overrides,
});
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('/api/commerce/v1/page', () => {
  let id: string;

  it('lists the built-in pages', async () => {
    const list = await h.call('GET', base, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.pages).toEqual(BUILT_IN_PAGES.map((p) => ({ ...p, kind: 'built_in', published: true })));
    expect((await h.call('GET', `${base}/book`, { token: admin.token })).body.page).toMatchObject({ id: 'book', url: '/book', kind: 'built_in' });
  });

  it('creates an info page served at /info/{slug}: Markdown rendered, raw HTML and script links never passed through', async () => {
    const created = await h.call('POST', base, { token: admin.token, body: page() });
    expect(created.status).toBe(201);
    expect(created.body.page).toMatchObject({ title: 'Travelling with medicines', source: 'Travel desk', url: '/info/travelling-with-medicines', kind: 'info', published: true, slug: 'travelling-with-medicines' });
    id = created.body.page.id;
    expect((await h.call('GET', base, { token: admin.token })).body.pages.at(-1)).toMatchObject({ id, url: '/info/travelling-with-medicines' });
    expect((await h.call('GET', `${base}/${id}`, { token: admin.token })).body.page.body).toBe(page().body);

    const shown = await h.call('GET', '/api/commerce/v1/info/travelling-with-medicines');
    expect(shown.status).toBe(200);
    const { html } = shown.body.page;
    expect(html).toContain('<h1>Before you fly</h1>');
    expect(html).toContain('<strong>letter</strong>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('<a href="https://example.test/">good</a>');
  });

  it('refuses a taken address with 409 and answers each message', async () => {
    const again = await h.call('POST', base, { token: admin.token, body: page({ title: 'Another' }) });
    expect(again).toMatchObject({ status: 409, body: { message: REFERENCE_MSG.slugExists } });
    const field = async (body: unknown, name: string, message: string) => {
      const answer = await h.call('POST', base, { token: admin.token, body });
      expect(answer.status, name).toBe(400);
      expect(answer.body.errors[name], name).toBe(message);
    };
    await field(page({ title: ' ' }), 'title', REFERENCE_MSG.inputTitle);
    await field(page({ source: '' }), 'source', REFERENCE_MSG.inputSource);
    await field(page({ slug: 'Not A Slug' }), 'slug', REFERENCE_MSG.slug);
    await field(page({ slug: 'double--hyphen' }), 'slug', REFERENCE_MSG.slug);
    expect((await h.call('POST', base, { token: admin.token, body: { title: 'x' } })).body.message).toBe('Missing details.');
  });

  it('edits and unpublishes a page (then /info answers 404), keeping the change history', async () => {
    h.clock.advance(60_000);
    const edited = await h.call('PUT', `${base}/${id}`, { token: admin.token, body: page({ title: 'Medicines abroad', published: false }) });
    expect(edited.status).toBe(200);
    expect(edited.body.page).toMatchObject({ title: 'Medicines abroad', published: false });
    expect((await h.call('GET', '/api/commerce/v1/info/travelling-with-medicines')).status).toBe(404);
    const second = await h.call('POST', base, { token: admin.token, body: page({ slug: 'second' }) });
    expect((await h.call('PUT', `${base}/${second.body.page.id}`, { token: admin.token, body: page() })).status).toBe(409);
    const history = await h.call('GET', `${base}/${id}/history`, { token: admin.token });
    expect(history.body.changes.map((c: { action: string; fields: string[] }) => [c.action, c.fields])).toEqual([
      ['info_page.updated', ['title', 'published']],
      ['info_page.created', ['title', 'source', 'slug', 'body', 'published']],
    ]);
  });

  it('deletes an info page; built-in pages cannot be changed; unknown ids are 404', async () => {
    expect((await h.call('DELETE', `${base}/${id}`, { token: admin.token })).status).toBe(200);
    expect((await h.call('GET', `${base}/${id}`, { token: admin.token })).status).toBe(404);
    expect((await h.call('DELETE', `${base}/${id}`, { token: admin.token })).status).toBe(404);
    expect((await h.call('PUT', `${base}/${UNKNOWN}`, { token: admin.token, body: page({ slug: 'x' }) })).status).toBe(404);
    expect((await h.call('GET', `${base}/nothing-here`, { token: admin.token })).status).toBe(404);
    expect((await h.call('DELETE', `${base}/book`, { token: admin.token })).body.message).toBe(REFERENCE_MSG.builtInPage);
    expect((await h.call('PUT', `${base}/book`, { token: admin.token, body: page({ slug: 'book' }) })).status).toBe(409);
    expect((await h.call('GET', '/api/commerce/v1/info/nothing-here')).status).toBe(404);
  });

  it('answers 401 without a session and 403 to other roles', async () => {
    for (const [method, url] of [
      ['GET', base],
      ['POST', base],
      ['GET', `${base}/${UNKNOWN}`],
      ['PUT', `${base}/${UNKNOWN}`],
      ['DELETE', `${base}/${UNKNOWN}`],
      ['GET', `${base}/${UNKNOWN}/history`],
    ] as const) {
      const body = method === 'POST' || method === 'PUT' ? page({ slug: 'denied' }) : undefined;
      expect((await h.call(method, url, { body })).status, `${method} ${url}`).toBe(401);
      expect((await h.call(method, url, { token: other.token, body })).status, `${method} ${url}`).toBe(403);
    }
  });
});
