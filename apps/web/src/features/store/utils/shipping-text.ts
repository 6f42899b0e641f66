import type { ShippingOption } from '@vitalia/api/store.contract';
import { daysAfter, formatArrivalDay } from './order-text';

/** 'Same day', '1 day', '5 days'. */
export function deliveryTimeText(days: number): string {
  if (days === 0) return 'Same day';
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * 'Arrives in 2 days (by Tue 1 Dec)' for an order placed `from` now: the option's days are the
 * most it takes, so the day is the latest it should arrive.
 */
export function arrivalText(days: number, from: Date): string {
  const by = formatArrivalDay(daysAfter(from, days));
  if (days === 0) return `Arrives the same day (${by})`;
  return `Arrives in ${deliveryTimeText(days)} (by ${by})`;
}

/** 'Express delivery · ₦5,000 · 2 days': one option on one line. */
export function shippingOptionText(option: ShippingOption): string {
  return `${option.shippingMethod} · ${option.costFormatted} · ${deliveryTimeText(option.deliveryTimeDays)}`;
}

/**
 * The option a line ships with: the one chosen before, while the product still offers it, else
 * the cheapest (the server lists them cheapest first).
 */
export function effectiveShipping(
  options: readonly ShippingOption[],
  chosen: string | undefined,
): ShippingOption | undefined {
  return options.find((option) => option.shippingCostID === chosen) ?? options[0];
}
