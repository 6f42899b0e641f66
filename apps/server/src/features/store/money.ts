// Money in integer minor units (docs/decisions/0013-store-web.md): formatted with Intl.NumberFormat, VAT
// rounded half up to the minor unit. Rates are held as basis points so that no binary fraction
// enters the arithmetic.
export interface StoreMoney {
  currency: string;
  locale: string;
  /** The VAT rate in basis points: 7.5 % is 750. */
  vatBasisPoints: number;
  format(minor: number): string;
  /** VAT on an amount, rounded half up. */
  vatOn(amountMinor: number): number;
}

export function storeMoney(options: {
  currency: string;
  vatRatePercent: number;
  locale: string;
}): StoreMoney {
  const formatter = new Intl.NumberFormat(options.locale, {
    style: 'currency',
    currency: options.currency,
  });
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  const scale = 10 ** digits;
  const vatBasisPoints = Math.round(options.vatRatePercent * 100);
  return {
    currency: options.currency,
    locale: options.locale,
    vatBasisPoints,
    format: (minor) => formatter.format(minor / scale),
    vatOn: (amountMinor) => Math.floor((amountMinor * vatBasisPoints + 5_000) / 10_000),
  };
}
