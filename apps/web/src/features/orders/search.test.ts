import { describe, expect, it } from 'vitest';
import { initialSearch, orderFilterParams, orderListParams } from './search';

describe('order search', () => {
  it('opens with the discount code of ?discount=, else an empty short-token search', () => {
    expect(initialSearch(new URLSearchParams('discount=SPRING-10'))).toEqual({ type: 'discount', text: 'SPRING-10' });
    expect(initialSearch(new URLSearchParams(''))).toEqual({ type: 'short_token', text: '' });
    expect(initialSearch(new URLSearchParams('discount='))).toEqual({ type: 'short_token', text: '' });
  });

  it('asks for a page counted from 1 with the text under its type’s parameter', () => {
    expect(orderListParams({ type: 'email', text: ' Ann@Example.test ' }, 0, 50).toString()).toBe('page=1&page_size=50&email=Ann%40Example.test');
    expect(orderListParams({ type: 'discount', text: 'spring-10' }, 2, 25).toString()).toBe('page=3&page_size=25&discount=SPRING-10');
    expect(orderListParams({ type: 'short_token', text: 'ABCD' }, 0, 50).get('short_token')).toBe('ABCD');
  });

  it('leaves an empty search out', () => {
    expect(orderListParams({ type: 'email', text: '   ' }, 0, 50).toString()).toBe('page=1&page_size=50');
    expect(orderFilterParams({ type: 'email', text: '   ' }).toString()).toBe('');
  });

  it('gives the export the search alone, unpaged', () => {
    expect(orderFilterParams({ type: 'discount', text: 'spring-10' }).toString()).toBe('discount=SPRING-10');
  });
});
