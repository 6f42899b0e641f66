import { describe, expect, it } from 'vitest';
import type { Order } from '@vitalia/api/store.contract';
import { holdText, nextStepText, paymentText } from './order-text';

const order = (status: Order['status'], payment: Partial<Order['payment']> = {}) => ({
  status,
  payment: { method: 'at_pickup' as const, status: 'unpaid' as const, ...payment },
});

describe('what an order says about its payment', () => {
  it('says what is owed and how while it is owed', () => {
    expect(paymentText(order('placed'))).toBe('Pay at pickup, not paid yet');
    expect(paymentText(order('shipped', { method: 'on_delivery' }))).toBe(
      'Pay on delivery, not paid yet',
    );
  });

  it('says nothing is owed once an unpaid order is cancelled', () => {
    expect(paymentText(order('cancelled'))).toBe('Nothing owed');
  });

  it('says when it was paid, or refunded', () => {
    expect(
      paymentText(order('collected', { status: 'paid', paidAt: '2026-11-24T10:30:00.000Z' })),
    ).toMatch(/^Paid 24 Nov 2026/);
    expect(
      paymentText(
        order('cancelled', { status: 'refunded', refundedAt: '2026-11-24T10:30:00.000Z' }),
      ),
    ).toMatch(/^Refunded 24 Nov 2026/);
  });
});

describe('what an order says about its hold', () => {
  const held = {
    status: 'placed' as const,
    releaseAt: '2026-11-26T10:30:00.000Z',
    releasedAt: null,
    confirmedAt: null,
  };

  it('tells the buyer by when an unpaid order must be paid or confirmed, and the store when it goes', () => {
    expect(holdText(held, 'buyer')).toMatch(
      /^We hold your order until 26 Nov 2026, \d\d:\d\d\. If by then it is neither paid nor confirmed by the store, it is cancelled and its items go back on sale\.$/,
    );
    expect(holdText(held, 'store')).toMatch(
      /^Unpaid: released 26 Nov 2026, \d\d:\d\d unless confirmed$/,
    );
  });

  it('says nothing of a hold once the order is confirmed, paid or moved on; the store sees it confirmed', () => {
    const confirmed = { ...held, releaseAt: null, confirmedAt: '2026-11-24T09:00:00.000Z' };
    expect(holdText(confirmed, 'buyer')).toBeNull();
    expect(holdText(confirmed, 'store')).toMatch(/^Confirmed 24 Nov 2026/);
    expect(holdText({ ...held, releaseAt: null }, 'store')).toBeNull();
    expect(holdText({ ...confirmed, status: 'ready_for_pickup' }, 'store')).toBeNull();
  });
});

describe('what comes next for a released order', () => {
  it('says it was released and nothing is owed', () => {
    const released = {
      status: 'cancelled',
      fulfilment: 'pickup',
      formattedTotal: '₦6,987.50',
      contact: { email: 'a@b.ng' },
      payment: { method: 'at_pickup', status: 'unpaid' },
      releasedAt: '2026-11-26T10:35:00.000Z',
    } as unknown as Order;
    expect(nextStepText(released)).toBe(
      'This order was released: it was neither paid nor confirmed in time, so its items went back on sale. Nothing is owed.',
    );
    expect(nextStepText({ ...released, releasedAt: null })).toBe(
      'This order was cancelled. Nothing is owed.',
    );
  });
});
