import { describe, expect, it } from 'vitest';
import { deliveriesFor } from './deliveries.ts';

const line = (productId: string, shippingMethod: string, costMinor: number, days = 3) => ({
  productId,
  shippingMethod,
  costMinor,
  deliveryTimeDays: days,
});

describe('one delivery per shipping method', () => {
  it('charges three products sent the same way one delivery', () => {
    expect(
      deliveriesFor([
        line('a', 'Standard delivery', 250_000),
        line('b', 'Standard delivery', 250_000),
        line('c', 'Standard delivery', 250_000),
      ]),
    ).toEqual([
      {
        shippingMethod: 'Standard delivery',
        costMinor: 250_000,
        deliveryTimeDays: 3,
        productIds: ['a', 'b', 'c'],
      },
    ]);
  });

  it('charges two methods twice, each at the highest cost and slowest time among its lines', () => {
    const charged = deliveriesFor([
      line('a', 'Standard delivery', 150_000, 2),
      line('b', 'Express', 500_000, 1),
      line('c', 'standard delivery ', 250_000, 5),
    ]);
    expect(charged).toEqual([
      { shippingMethod: 'Express', costMinor: 500_000, deliveryTimeDays: 1, productIds: ['b'] },
      {
        shippingMethod: 'Standard delivery',
        costMinor: 250_000,
        deliveryTimeDays: 5,
        productIds: ['a', 'c'],
      },
    ]);
  });

  it('charges nothing when nothing is shipped', () => {
    expect(deliveriesFor([])).toEqual([]);
  });
});
