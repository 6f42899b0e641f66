import { describe, expect, it } from 'vitest';
import type { Order } from '@vitalia/api/store.contract';
import { paymentText } from './order-text';

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
