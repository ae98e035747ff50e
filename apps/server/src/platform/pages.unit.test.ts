import { describe, expect, it } from 'vitest';
import { escapeHtml, safeReturnUrl } from './pages';

describe('safeReturnUrl', () => {
  it.each([
    ['/patient/dashboard', '/patient/dashboard'],
    ['/manager/test-results?x=1#top', '/manager/test-results?x=1#top'],
    ['https://evil.example/', '/login'],
    ['//evil.example/path', '/login'],
    ['/\\evil.example', '/login'],
    ['javascript:alert(1)', '/login'],
    [undefined, '/login'],
  ])('%s → %s', (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });
});

describe('escapeHtml', () => {
  it('escapes markup and quotes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
