// Heights are stored as whole millimetres (the profile's HeightMM); people type them in
// centimetres or in feet and inches.

/** Exact by definition since the international yard of 1959. */
export const mmPerInch = 25.4;
const inchesPerFoot = 12;

export interface FeetInches {
  feet: number;
  inches: number;
}

export function cmToMm(cm: number): number {
  return Math.round(cm * 10);
}

export function mmToCm(mm: number): number {
  return mm / 10;
}

export function feetInchesToMm({ feet, inches }: FeetInches): number {
  return Math.round((feet * inchesPerFoot + inches) * mmPerInch);
}

/** To the nearest whole inch, the precision people state their height in. */
export function mmToFeetInches(mm: number): FeetInches {
  const totalInches = Math.round(mm / mmPerInch);
  return {
    feet: Math.floor(totalInches / inchesPerFoot),
    inches: totalInches % inchesPerFoot,
  };
}

/** A typed number, accepting a decimal comma; null when the text is not one. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** "180 cm (5 ft 11 in)", for showing a stored height. */
export function formatHeight(mm: number): string {
  const { feet, inches } = mmToFeetInches(mm);
  const cm = mmToCm(mm).toLocaleString('en-GB', { maximumFractionDigits: 1 });
  return `${cm} cm (${feet} ft ${inches} in)`;
}
