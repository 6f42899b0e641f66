import dayjs, { type Dayjs } from 'dayjs';
import { z } from '@vitalia/api/zod';
import {
  dateOfBirth,
  genders,
  heightLimitsMm,
  profileUpdateRequest,
  type Profile,
  type ProfileUpdateRequest,
} from '@vitalia/api/identity.contract';
import { cmToMm, feetInchesToMm, mmToCm, mmToFeetInches, parseDecimal } from './height.convert';

const fields = profileUpdateRequest.shape;

export const heightUnits = ['cm', 'ftin'] as const;
export type HeightUnit = (typeof heightUnits)[number];

function feetInchesText(mm: number): string {
  const { feet, inches } = mmToFeetInches(mm);
  return `${feet} ft ${inches} in`;
}

const feetInchesRange = `must be between ${feetInchesText(heightLimitsMm.min)} and ${feetInchesText(heightLimitsMm.max)}`;

/**
 * Height as typed: centimetres, or feet and inches. `exactMm` is the stored height for as long as
 * the person has not typed over it, so switching units to look costs no rounding.
 */
const heightInput = z
  .object({
    unit: z.enum(heightUnits),
    cm: z.string(),
    feet: z.string(),
    inches: z.string(),
    exactMm: z.number().int().nullable(),
  })
  .transform((height, ctx): number | null => {
    const fail = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
      return z.NEVER;
    };
    if (height.unit === 'cm') {
      if (!height.cm.trim()) return null;
      const cm = parseDecimal(height.cm);
      if (cm === null) return fail('cm', 'must be a number of centimetres, such as 172');
      const mm = height.exactMm ?? cmToMm(cm);
      const checked = fields.HeightMM.safeParse(mm);
      // The contract words its limits in millimetres and centimetres, which suits this field.
      return checked.success ? mm : fail('cm', checked.error.issues[0]?.message ?? 'is not valid');
    }
    if (!height.feet.trim() && !height.inches.trim()) return null;
    const feet = height.feet.trim() ? parseDecimal(height.feet) : 0;
    const inches = height.inches.trim() ? parseDecimal(height.inches) : 0;
    if (feet === null || !Number.isInteger(feet)) {
      return fail('feet', 'must be a whole number of feet, such as 5');
    }
    if (inches === null || inches >= 12) {
      return fail('inches', 'must be a number below 12, such as 8');
    }
    const mm = height.exactMm ?? feetInchesToMm({ feet, inches });
    return fields.HeightMM.safeParse(mm).success ? mm : fail('feet', feetInchesRange);
  });

const dateOfBirthInput = z
  .custom<Dayjs | null>((value) => value === null || dayjs.isDayjs(value))
  .transform((value, ctx): string | null => {
    if (value === null) return null;
    if (!value.isValid()) {
      ctx.addIssue({ code: 'custom', message: 'must be a whole date, such as 31/12/1980' });
      return z.NEVER;
    }
    const iso = value.format('YYYY-MM-DD');
    const checked = dateOfBirth.safeParse(iso);
    if (checked.success) return iso;
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });

/** Cleared text is sent as null, which the contract reads as "remove this". */
const blankToNull = (text: string | null | undefined) => (text ? text : null);

/**
 * The profile form: the contract's rules for every field it shares with the request, and the
 * conversions from what people type (a date, a height in either unit) to what the server stores.
 * A valid form parses straight into the request.
 */
export const profileForm = z
  .object({
    FirstName: fields.FirstName,
    LastName: fields.LastName,
    Displayname: fields.Displayname,
    EmailAddress: fields.EmailAddress,
    PhoneNo: fields.PhoneNo,
    Country: fields.Country,
    Gender: z.union([z.literal(''), z.enum(genders)]),
    DOB: dateOfBirthInput,
    height: heightInput,
  })
  .transform((form): ProfileUpdateRequest => ({
    FirstName: blankToNull(form.FirstName),
    LastName: blankToNull(form.LastName),
    Displayname: blankToNull(form.Displayname),
    EmailAddress: blankToNull(form.EmailAddress),
    PhoneNo: blankToNull(form.PhoneNo),
    Country: blankToNull(form.Country),
    Gender: form.Gender || null,
    DOB: form.DOB,
    HeightMM: form.height,
  }));
export type ProfileFormInput = z.input<typeof profileForm>;

/** Heights in one unit, as the fields of the other unit show them. */
export function heightFieldsFromMm(mm: number | null) {
  if (mm === null) return { cm: '', feet: '', inches: '' };
  const { feet, inches } = mmToFeetInches(mm);
  return { cm: String(mmToCm(mm)), feet: String(feet), inches: String(inches) };
}

/** The millimetres the height fields of `unit` hold, or null when they hold none (yet). */
export function heightMmFromFields(height: ProfileFormInput['height']): number | null {
  if (height.exactMm !== null) return height.exactMm;
  if (height.unit === 'cm') {
    const cm = parseDecimal(height.cm);
    return cm === null ? null : cmToMm(cm);
  }
  const feet = height.feet.trim() ? parseDecimal(height.feet) : 0;
  const inches = height.inches.trim() ? parseDecimal(height.inches) : 0;
  if (feet === null || inches === null || (!height.feet.trim() && !height.inches.trim())) {
    return null;
  }
  return feetInchesToMm({ feet, inches });
}

export function profileFormValues(profile: Profile, unit: HeightUnit = 'cm'): ProfileFormInput {
  return {
    FirstName: profile.firstName ?? '',
    LastName: profile.lastName ?? '',
    Displayname: profile.displayname ?? '',
    EmailAddress: profile.emailAddress ?? '',
    PhoneNo: profile.phoneNo ?? '',
    Country: profile.country ?? '',
    Gender: profile.gender ?? '',
    DOB: profile.dob ? dayjs(profile.dob) : null,
    height: { unit, exactMm: profile.heightMM, ...heightFieldsFromMm(profile.heightMM) },
  };
}
