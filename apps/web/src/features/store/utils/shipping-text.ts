import type { ShippingOption } from '@vitalia/api/store.contract';

/** 'Same day', '1 day', '5 days'. */
export function deliveryTimeText(days: number): string {
  if (days === 0) return 'Same day';
  return days === 1 ? '1 day' : `${days} days`;
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
