import { describe, expect, it } from 'vitest';
import { storeMoney } from './money.ts';

describe('store money', () => {
  const naira = storeMoney({ currency: 'NGN', vatRatePercent: 7.5, locale: 'en-NG' });

  it('rounds VAT half up to the kobo', () => {
    // 7.5 % of 100 kobo is 7.5 kobo: half up gives 8.
    expect(naira.vatOn(100)).toBe(8);
    // 7.5 % of 20 kobo is 1.5: 2. Of 6 kobo, 0.45: 0. Of 1_000_000 kobo, exactly 75_000.
    expect(naira.vatOn(20)).toBe(2);
    expect(naira.vatOn(6)).toBe(0);
    expect(naira.vatOn(1_000_000)).toBe(75_000);
    // 7.5 % of 2_499_993 is 187_499.475: down to 187_499.
    expect(naira.vatOn(2_499_993)).toBe(187_499);
  });

  it('formats minor units in the currency', () => {
    expect(naira.format(2_500_000)).toBe('₦25,000.00');
    const yen = storeMoney({ currency: 'JPY', vatRatePercent: 10, locale: 'en-US' });
    expect(yen.format(1500)).toBe('¥1,500');
    expect(yen.vatOn(1005)).toBe(101);
  });
});
