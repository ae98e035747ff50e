import type { Order } from '@vireo/contracts';
import { describe, expect, it } from 'vitest';
import { unitsToDispatch } from './dispatchUnits';

type Item = Order['items'][number];
const item = (product_id: string, title: string, quantity: number, shippable: 0 | 1): Item =>
  ({ id: `line-${product_id}`, product_id, quantity, fulfilled: 0, product: { id: product_id, title, shippable } }) as Item;
const dispatch = (product_id: string) => ({ id: `d-${Math.random()}`, product_id, kit_id: 'KIT', tracking_reference: 'TR', dispatched_at: 0 });

describe('units to dispatch', () => {
  it('lists one unit per shipped kit, numbered within its line', () => {
    expect(unitsToDispatch({ items: [item('a', 'Kit A', 2, 1), item('b', 'Consultation', 1, 0)], dispatches: [] })).toEqual([
      { product_id: 'a', title: 'Kit A', n: 1 },
      { product_id: 'a', title: 'Kit A', n: 2 },
    ]);
  });

  it('leaves out the units already dispatched', () => {
    expect(unitsToDispatch({ items: [item('a', 'Kit A', 3, 1)], dispatches: [dispatch('a')] })).toEqual([
      { product_id: 'a', title: 'Kit A', n: 2 },
      { product_id: 'a', title: 'Kit A', n: 3 },
    ]);
    expect(unitsToDispatch({ items: [item('a', 'Kit A', 1, 1)], dispatches: [dispatch('a'), dispatch('a')] })).toEqual([]);
  });
});
