// Admins type prices as people write them ('18500' or '18,500.50' naira); the server keeps
// integer minor units (kobo). The number of minor digits comes from the currency itself.

export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** '18,500.5' -> 1850050 for a two-digit currency; null when it is not an amount. */
export function toMinorUnits(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const clean = text.replaceAll(',', '').replaceAll(' ', '').trim();
  const pattern = digits > 0 ? new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`) : /^\d+$/;
  if (!pattern.test(clean)) return null;
  const [whole = '0', fraction = ''] = clean.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** 1850050 -> '18500.50', the way the form shows a stored amount for editing. */
export function toMajorText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  const whole = Math.floor(minor / 10 ** digits);
  const fraction = minor % 10 ** digits;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(digits, '0')}`;
}
