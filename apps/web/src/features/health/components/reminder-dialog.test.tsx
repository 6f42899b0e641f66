import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { remindersPaths, type Reminder } from '@vitalia/api/reminders.contract';
import { fakeApi, type FakeRequest } from '../../../test/fake-api';
import { aReading, serveRecords } from '../../../test/health-fixtures';
import { signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

// The reminder's time is taken and shown on the 24-hour clock whatever the browser's language
// (src/lib/clock-time.ts).

const putPath = remindersPaths.one.replace(':measure', 'bloodPressure');

beforeEach(() => {
  signInAs();
  serveRecords([aReading('Systolic', '118', { minTagValue: '76' })]);
  fakeApi.on('GET', remindersPaths.list, { status: 200, body: { items: [] } });
  fakeApi.on('PUT', putPath, (request: FakeRequest) => ({
    status: 200,
    body: {
      measure: 'bloodPressure',
      ...(request.body as Omit<Reminder, 'measure' | 'nextDueAt'>),
      nextDueAt: '2026-11-25T07:00:00.000Z',
    },
  }));
});

async function openDialog() {
  renderApp('/healths/blood-pressure');
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Remind me' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remind me to measure blood pressure' });
  return { user, dialog, time: within(dialog).getByRole('textbox', { name: 'Time' }) };
}

describe('the reminder’s time', () => {
  it('is text on the 24-hour clock, not the browser’s time input that adds AM or PM', async () => {
    const { time } = await openDialog();
    expect(time).toHaveValue('08:00');
    expect(time).toHaveAttribute('type', 'text');
    expect(time).toHaveAttribute('inputmode', 'numeric');
    expect(time).toHaveAccessibleDescription(/24-hour clock, such as 08:00 or 19:30/);
  });

  it('takes a time typed on a number pad, without the colon, and shows it as 19:30', async () => {
    const { user, dialog, time } = await openDialog();
    await user.clear(time);
    await user.type(time, '1930');
    await user.tab();
    expect(time).toHaveValue('19:30');
    await user.click(within(dialog).getByRole('button', { name: 'Set reminder' }));

    expect(await screen.findByText(/Reminder set: we will mail you/)).toBeVisible();
    expect(fakeApi.requestsTo('PUT', putPath)[0]?.body).toMatchObject({ time: '19:30' });
  });

  it('refuses a time with AM or PM, saying how to write it, and sends nothing', async () => {
    const { user, dialog, time } = await openDialog();
    await user.clear(time);
    await user.type(time, '7 pm');
    await user.click(within(dialog).getByRole('button', { name: 'Set reminder' }));

    expect(time).toHaveAccessibleDescription(/HH:MM, such as 08:00/);
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(fakeApi.requestsTo('PUT', putPath)).toHaveLength(0);
  });
});
