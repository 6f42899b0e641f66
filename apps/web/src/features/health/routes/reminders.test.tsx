import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { remindersPaths, type Reminder } from '@vitalia/api/reminders.contract';
import { fakeApi, type FakeRequest } from '../../../test/fake-api';
import { aReading, serveRecords } from '../../../test/health-fixtures';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

/** Reminders as the server keeps them: set, replaced and removed per measure. */
function serveReminders(initial: Reminder[] = []) {
  let reminders = [...initial];
  fakeApi.on('GET', remindersPaths.list, () => ({ status: 200, body: { items: reminders } }));
  const path = (measure: string) => remindersPaths.one.replace(':measure', measure);
  for (const measure of ['bloodPressure', 'pulse']) {
    fakeApi.on('PUT', path(measure), (request: FakeRequest) => {
      const body = request.body as Omit<Reminder, 'measure' | 'nextDueAt'>;
      const saved = { measure, ...body, nextDueAt: '2026-11-25T07:00:00.000Z' } as Reminder;
      reminders = [...reminders.filter((each) => each.measure !== measure), saved];
      return { status: 200, body: saved };
    });
    fakeApi.on('DELETE', path(measure), () => {
      reminders = reminders.filter((each) => each.measure !== measure);
      return { status: 204 };
    });
  }
}

beforeEach(() => {
  signInAs();
  serveRecords([aReading('Systolic', '118', { minTagValue: '76' })]);
});

describe('reminders to measure', () => {
  it('sets a reminder from a measure’s page, in the device’s time zone', async () => {
    serveReminders();
    renderApp('/healths/blood-pressure');
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Remind me' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Remind me to measure blood pressure',
    });
    // Weekdays at 08:00 to start with; Saturday added.
    expect(within(dialog).getByRole('button', { name: 'Monday' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog).getByRole('button', { name: 'Sunday' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Saturday' }));
    const time = within(dialog).getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '07:45');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(within(dialog).getByRole('combobox', { name: 'Time zone' })).toHaveValue(zone);
    await user.click(within(dialog).getByRole('button', { name: 'Set reminder' }));

    expect(await screen.findByText(/Reminder set: we will mail you/)).toBeVisible();
    const [put] = fakeApi.requestsTo('PUT', '/api/v1/reminders/bloodPressure');
    expect(put?.body).toEqual({ days: [1, 2, 3, 4, 5, 6], time: '07:45', timeZone: zone });
    expect(
      await screen.findByRole('button', {
        name: 'Reminder: Mon, Tue, Wed, Thu, Fri and Sat at 07:45',
      }),
    ).toBeVisible();
  });

  it('says what to fix before sending, and stops a reminder already set', async () => {
    serveReminders([
      {
        measure: 'bloodPressure',
        days: [1, 2, 3, 4, 5],
        time: '08:00',
        timeZone: 'Africa/Lagos',
        nextDueAt: '2026-11-25T07:00:00.000Z',
      },
    ]);
    renderApp('/healths/blood-pressure');
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Reminder: Weekdays at 08:00' }));
    const dialog = await screen.findByRole('dialog');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await user.click(within(dialog).getByRole('button', { name: day }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('choose at least one day')).toBeVisible();
    expect(fakeApi.requestsTo('PUT', '/api/v1/reminders/bloodPressure')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Stop reminder' }));
    expect(await screen.findByText('Reminder stopped for blood pressure.')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remind me' })).toBeVisible());
  });

  it('asks a person to confirm their address before a first reminder', async () => {
    serveRecords([], aProfile({ emailVerified: false }));
    serveReminders();
    renderApp('/healths/blood-pressure');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Remind me' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(/Confirm your email address first: reminders are sent to it/),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Set reminder' })).toBeDisabled();
  });

  it('finds a time zone typed without its underscore, and offers UTC', async () => {
    serveReminders();
    renderApp('/healths/blood-pressure');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Remind me' }));
    const zone = within(await screen.findByRole('dialog')).getByRole('combobox', {
      name: 'Time zone',
    });
    await user.clear(zone);
    await user.type(zone, 'new york');
    expect(await screen.findByRole('option', { name: 'America/New_York' })).toBeVisible();
    await user.clear(zone);
    await user.type(zone, 'utc');
    expect(await screen.findByRole('option', { name: 'UTC' })).toBeVisible();
  });

  it('lists the reminders on My Health with when each is next due', async () => {
    serveReminders([
      {
        measure: 'pulse',
        days: [6, 7],
        time: '09:30',
        timeZone: 'Europe/London',
        nextDueAt: '2026-11-28T09:30:00.000Z',
      },
    ]);
    renderApp('/healths');
    const section = await screen.findByRole('region', { name: 'Reminders' });
    expect(within(section).getByRole('link', { name: 'Pulse' })).toHaveAttribute(
      'href',
      '/healths/pulse',
    );
    expect(section).toHaveTextContent('Weekends at 09:30 (Europe/London) · next Sat 28 Nov, 09:30');
  });
});

describe('the weekly summary', () => {
  it('is switched on from My Health in the device’s time zone, and off again', async () => {
    serveReminders();
    let summary = {
      enabled: false,
      timeZone: null as string | null,
      nextDueAt: null as string | null,
    };
    fakeApi.on('GET', remindersPaths.weeklySummary, () => ({ status: 200, body: summary }));
    fakeApi.on('PUT', remindersPaths.weeklySummary, (request: FakeRequest) => {
      const { timeZone } = request.body as { timeZone: string };
      summary = { enabled: true, timeZone, nextDueAt: '2026-11-30T07:00:00.000Z' };
      return { status: 200, body: summary };
    });
    fakeApi.on('DELETE', remindersPaths.weeklySummary, () => {
      summary = { enabled: false, timeZone: null, nextDueAt: null };
      return { status: 204 };
    });
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });
    const toggle = await screen.findByRole('switch', { name: 'Weekly summary by mail' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(fakeApi.requestsTo('PUT', remindersPaths.weeklySummary)[0]?.body).toEqual({
      timeZone: zone,
    });
    expect(screen.getByText(/Mondays at 08:00/)).toHaveTextContent(/Next: Mon 30 Nov/);

    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(fakeApi.requestsTo('DELETE', remindersPaths.weeklySummary)).toHaveLength(1);
  });
});

describe('the stop link of a reminder mail', () => {
  it('asks first, then stops the reminder without signing in', async () => {
    const token = 'a0342536-003d-434f-bcf6-946cd984d729.signature';
    fakeApi.on('POST', remindersPaths.unsubscribe.replace(':token', token), {
      status: 200,
      body: {
        message: 'You will get no more reminders to measure your blood pressure.',
        measure: 'bloodPressure',
        stopped: 'reminder',
      },
    });
    renderApp(`/reminders/stop/${token}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Stop this reminder' }));
    expect(
      await screen.findByText('You will get no more reminders to measure your blood pressure.'),
    ).toBeVisible();
    expect(
      fakeApi.requestsTo('POST', remindersPaths.unsubscribe.replace(':token', token)),
    ).toHaveLength(1);
  });

  it('says when the link stops nothing', async () => {
    fakeApi.on('POST', remindersPaths.unsubscribe.replace(':token', 'made-up'), {
      status: 404,
      body: {
        errors: ['This link does not stop any reminder. Open My Health to change your reminders.'],
      },
    });
    renderApp('/reminders/stop/made-up');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Stop this reminder' }));
    expect(await screen.findByText(/This link does not stop any reminder/)).toBeVisible();
    // It will not start to: the button is not offered again.
    expect(screen.queryByRole('button', { name: 'Stop this reminder' })).toBeNull();
  });
});
