import type { Order } from '@vireo/contracts';

export interface DispatchUnit {
  product_id: string;
  title: string;
  /** The unit's number among its line's units, from 1. */
  n: number;
}

/** The shipped units of an order still without a kit ID: each shippable line's quantity less the units already dispatched. */
export function unitsToDispatch(order: Pick<Order, 'items' | 'dispatches'>): DispatchUnit[] {
  return order.items.flatMap((item) => {
    if (item.product.shippable !== 1) return [];
    const sent = order.dispatches.filter((dispatch) => dispatch.product_id === item.product_id).length;
    return Array.from({ length: Math.max(0, item.quantity - sent) }, (_unit, i) => ({ product_id: item.product_id, title: item.product.title, n: sent + i + 1 }));
  });
}
