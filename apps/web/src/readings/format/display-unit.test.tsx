import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { fakeApi } from '../../test/fake-api';
import { aReading, serveRecords } from '../../test/health-fixtures';
import { aProfile, signInAs } from '../../test/identity-fixtures';
import { renderApp } from '../../test/render-app';

// One unit choice per account (docs/decisions/0050-one-unit-choice-per-account.md): the profile
// holds it, every screen reads it, and this device's old choice moves there once.

beforeEach(() => signInAs());

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T08:30:00.000Z`;

async function firstRow() {
  const table = await screen.findByRole('table', { name: 'Readings' });
  return within(table).getAllByRole('row')[1]!;
}

const unitPuts = () =>
  fakeApi.requestsTo('PUT', identityPaths.profile).map((request) => request.body);

describe('the unit a measure is shown in', () => {
  it("is the profile's: a unit chosen on another device shows here, with nothing on this one", async () => {
    serveRecords(
      [aReading('Temperature', '37.5', { takenAt: day(12) })],
      aProfile({
        units: { sugar: 'mmol/L', cholesterol: 'mg/dL', temperature: '°F' },
        unitsChosen: { sugar: true, cholesterol: false, temperature: true },
      }),
    );
    renderApp('/healths/temperature');

    await waitFor(async () => expect(await firstRow()).toHaveTextContent('99.5 °F'));
    expect(screen.getByRole('button', { name: '°F' })).toHaveAttribute('aria-pressed', 'true');
    expect(Object.keys(window.localStorage)).not.toContain('vitalia.displayUnit.temperature');
  });

  it('is saved on the profile when switched, and shown at once', async () => {
    serveRecords([aReading('Temperature', '37.5', { takenAt: day(12) })]);
    renderApp('/healths/temperature');
    const user = userEvent.setup({ delay: null });

    const row = await firstRow();
    expect(row).toHaveTextContent('37.5 °C');
    await user.click(screen.getByRole('button', { name: '°F' }));
    expect(row).toHaveTextContent('99.5 °F');
    await waitFor(() => expect(unitPuts()).toEqual([{ Units: { Temperature: '°F' } }]));
    expect(window.localStorage.getItem('vitalia.displayUnit.temperature')).toBeNull();
  });

  it('goes back, and says so, when the choice cannot be saved (offline)', async () => {
    serveRecords([aReading('Temperature', '37.5', { takenAt: day(12) })]);
    fakeApi.on('PUT', identityPaths.profile, 'network-error');
    renderApp('/healths/temperature');
    const user = userEvent.setup({ delay: null });

    const row = await firstRow();
    await user.click(screen.getByRole('button', { name: '°F' }));
    expect(
      await screen.findByText(
        /Not saved: Vitalia could not reach the server, so your readings stay in °C/,
      ),
    ).toBeVisible();
    expect(row).toHaveTextContent('37.5 °C');
    expect(screen.getByRole('button', { name: '°C' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("moves this device's old choice to a profile without one, once, then forgets it here", async () => {
    window.localStorage.setItem('vitalia.displayUnit.sugar', 'mmol/L');
    window.localStorage.setItem('vitalia.displayUnit.temperature', '°F');
    serveRecords([aReading('Temperature', '37.5', { takenAt: day(12) })]);
    renderApp('/healths/temperature');

    await waitFor(() =>
      expect(unitPuts()).toEqual([{ Units: { Sugar: 'mmol/L', Temperature: '°F' } }]),
    );
    await waitFor(() =>
      expect(window.localStorage.getItem('vitalia.displayUnit.sugar')).toBeNull(),
    );
    expect(window.localStorage.getItem('vitalia.displayUnit.temperature')).toBeNull();
    expect(await firstRow()).toHaveTextContent('99.5 °F');
  });

  it("keeps the profile's choice over this device's old one, and forgets the old one", async () => {
    window.localStorage.setItem('vitalia.displayUnit.temperature', '°F');
    serveRecords(
      [aReading('Temperature', '37.5', { takenAt: day(12) })],
      aProfile({ unitsChosen: { sugar: false, cholesterol: false, temperature: true } }),
    );
    renderApp('/healths/temperature');

    await waitFor(() =>
      expect(window.localStorage.getItem('vitalia.displayUnit.temperature')).toBeNull(),
    );
    expect(await firstRow()).toHaveTextContent('37.5 °C');
    expect(unitPuts()).toEqual([]);
  });
});
