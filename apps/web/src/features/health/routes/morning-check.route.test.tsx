import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { recordsPaths } from '@vitalia/api/records.contract';
import { outboxItems } from '../../../lib/offline/outbox';
import { fakeApi } from '../../../test/fake-api';
import { serveRecords } from '../../../test/health-fixtures';
import { aProfile } from '../../../test/identity-fixtures';
import { withOfflineSwitch } from '../../../test/offline';
import { renderApp } from '../../../test/render-app';
import { checkChoiceKey } from '../utils/morning-check';

const network = withOfflineSwitch();

const posted = () => fakeApi.requestsTo('POST', recordsPaths.health).map((call) => call.body);
const entry = (name: string) => screen.findByRole('region', { name });

describe('the morning check', () => {
  it('saves the chosen measures in one step, one reading each, and rates them together', async () => {
    serveRecords([], aProfile({ gender: 'Female', dob: '1990-05-17', heightMM: 1650 }));
    window.localStorage.setItem(
      checkChoiceKey,
      JSON.stringify(['bloodPressure', 'pulse', 'temperature']),
    );
    renderApp('/healths/morning-check');
    const user = userEvent.setup({ delay: null });

    const pressure = await entry('Blood pressure');
    // The pulse has an entry of its own, so the pressure does not ask it twice.
    expect(within(pressure).queryByLabelText(/^Pulse/)).not.toBeInTheDocument();
    await user.type(within(pressure).getByLabelText('Systolic'), '88');
    await user.type(within(pressure).getByLabelText('Diastolic'), '56');
    await user.type(within(await entry('Pulse')).getByRole('textbox'), '118');
    await user.type(within(await entry('Temperature')).getByRole('textbox'), '39.4');
    await user.click(screen.getByRole('button', { name: 'Save 3 readings' }));

    expect(await screen.findByText('Saved: Blood pressure, pulse and temperature')).toBeVisible();
    expect(posted()).toEqual([
      expect.objectContaining({ Tag: 'Systolic', TagValue: 88, MinTagValue: 56 }),
      expect.objectContaining({ Tag: 'Pulse Value', TagValue: 118 }),
      expect.objectContaining({ Tag: 'Temperature', TagValue: 39.4 }),
    ]);
    // A fever with a fast pulse and a low pressure: read together, they need care now.
    // (Once, above the page, as every page shows the server's reading of them.)
    expect(await screen.findAllByText('Together, these readings need care:')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Another check' })).toBeVisible();
  });

  it('saves nothing while one entry needs fixing, and says so', async () => {
    serveRecords([]);
    window.localStorage.setItem(checkChoiceKey, JSON.stringify(['pulse', 'oxygen']));
    renderApp('/healths/morning-check');
    const user = userEvent.setup({ delay: null });

    await user.type(within(await entry('Pulse')).getByRole('textbox'), '72');
    await user.type(within(await entry('Oxygen saturation')).getByRole('textbox'), '140');
    await user.click(screen.getByRole('button', { name: 'Save 2 readings' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Check the readings marked in red, then save again. Nothing was saved.',
    );
    expect(posted()).toEqual([]);
  });

  it('remembers the measures chosen on this phone, in the form’s order', async () => {
    serveRecords([]);
    renderApp('/healths/morning-check');
    const user = userEvent.setup({ delay: null });
    // A first check holds blood pressure, pulse, sugar and BMI.
    expect(await screen.findByRole('button', { name: 'Save 4 readings' })).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: 'Blood sugar' }));
    await user.click(screen.getByRole('checkbox', { name: 'Temperature' }));

    expect(JSON.parse(window.localStorage.getItem(checkChoiceKey) ?? 'null')).toEqual([
      'bloodPressure',
      'pulse',
      'bmi',
      'temperature',
    ]);
    expect(screen.queryByRole('region', { name: 'Blood sugar' })).not.toBeInTheDocument();
    expect(await entry('Temperature')).toBeVisible();
  });

  it('offline, keeps each reading as one entry of the outbox, marked as waiting', async () => {
    serveRecords([]);
    window.localStorage.setItem(checkChoiceKey, JSON.stringify(['pulse', 'temperature']));
    renderApp('/healths/morning-check');
    const user = userEvent.setup({ delay: null });

    network.goOffline();
    await user.type(within(await entry('Pulse')).getByRole('textbox'), '64');
    await user.type(within(await entry('Temperature')).getByRole('textbox'), '36.8');
    await user.click(screen.getByRole('button', { name: 'Save 2 readings' }));

    expect(await screen.findByText('Kept on this phone: Pulse and temperature')).toBeVisible();
    expect(posted()).toEqual([]);
    await waitFor(() => expect(outboxItems()).toHaveLength(2));
    const keys = outboxItems().map((item) => item.key);
    expect(new Set(keys).size).toBe(2);
  });
});
