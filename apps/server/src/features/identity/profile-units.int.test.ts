// One unit choice per account (docs/decisions/0050-one-unit-choice-per-account.md): the profile
// carries the units a person reads blood sugar, cholesterol and temperature in, the same on every
// device that signs in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, registerAccount, signIn } from './identity.test-helpers.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ trustProxy: true });
});
afterAll(() => server.close());

const profileOf = (token: string) =>
  call<Record<string, unknown>>(server, 'GET', '/api/v1/identity/profile', { token });
const update = (token: string, body: unknown) =>
  call<Record<string, unknown>>(server, 'PUT', '/api/v1/identity/profile', { token, body });

describe('the unit choice on the profile', () => {
  it('answers the stored units (mg/dL, °C) as not chosen until the person chooses', async () => {
    const account = await registerAccount(server);
    const { status, body } = await profileOf(account.token);
    expect(status).toBe(200);
    expect(body.units).toEqual({ sugar: 'mg/dL', cholesterol: 'mg/dL', temperature: '°C' });
    expect(body.unitsChosen).toEqual({ sugar: false, cholesterol: false, temperature: false });
  });

  it('keeps a choice for the account: another sign-in reads it, other fields stay', async () => {
    const account = await registerAccount(server);
    await update(account.token, { FirstName: 'Ada', HeightMM: 1700 });
    const changed = await update(account.token, {
      Units: { Sugar: 'mmol/L', Temperature: '°F' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.units).toEqual({
      sugar: 'mmol/L',
      cholesterol: 'mg/dL',
      temperature: '°F',
    });
    expect(changed.body.unitsChosen).toEqual({
      sugar: true,
      cholesterol: false,
      temperature: true,
    });

    // A second device: its own session, the same choice.
    const laptop = await signIn(server, account.username, account.password, {
      'x-forwarded-for': '198.51.100.7',
    });
    expect(laptop.status).toBe(200);
    const read = await profileOf(laptop.body.token);
    expect(read.body).toMatchObject({
      firstName: 'Ada',
      heightMM: 1700,
      units: { sugar: 'mmol/L', cholesterol: 'mg/dL', temperature: '°F' },
    });

    // A unit left out keeps its value; an update without Units changes none; null is the default.
    await update(account.token, { Units: { Cholesterol: 'mmol/L' } });
    await update(account.token, { FirstName: 'Ada B.' });
    const after = await update(account.token, { Units: { Temperature: null } });
    expect(after.body.units).toEqual({
      sugar: 'mmol/L',
      cholesterol: 'mmol/L',
      temperature: '°C',
    });
    expect(after.body.unitsChosen).toEqual({ sugar: true, cholesterol: true, temperature: false });
  });

  it.each([
    [{ Units: { Sugar: 'mmol' } }, 'Units.Sugar: must be one of: "mg/dL", "mmol/L"'],
    [{ Units: { Temperature: 'K' } }, 'Units.Temperature: must be one of: "°C", "°F"'],
    [{ Units: { Weight: 'kg' } }, 'Units: "Weight" is not a field this call accepts'],
    [{ Units: 'mmol/L' }, 'Units: must be an object, not a string'],
  ])(
    'refuses %j with a 400 that names the field, and keeps the saved units',
    async (body, message) => {
      const account = await registerAccount(server);
      await update(account.token, { Units: { Sugar: 'mmol/L' } });
      const refused = await update(account.token, body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([message]);
      expect((await profileOf(account.token)).body.units).toMatchObject({ sugar: 'mmol/L' });
    },
  );
});
