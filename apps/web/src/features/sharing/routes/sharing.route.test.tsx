import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { sharingPaths, type ShareRequest } from '@vitalia/api/sharing.contract';
import { fakeApi } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';
import { aShare, serveSharing } from '../../../test/sharing-fixtures';

beforeEach(() => {
  signInAs();
  fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
});

/** A day counted from today in the browser's calendar, at its start. */
function daysFromToday(days: number): Date {
  const today = new Date();
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
}

/** The digits a person types into a date field, day first. */
const typed = (day: Date) =>
  `${String(day.getDate()).padStart(2, '0')}${String(day.getMonth() + 1).padStart(2, '0')}${day.getFullYear()}`;

describe('your doctors', () => {
  it('says before any invite that an unconfirmed address must be confirmed first', async () => {
    fakeApi.on('GET', identityPaths.profile, {
      status: 200,
      body: aProfile({ emailVerified: false }),
    });
    serveSharing({ shares: [] });
    renderApp('/sharing');
    expect(
      await screen.findByText(/Confirm your email address before you invite a doctor/),
    ).toBeVisible();
  });

  it('says nothing of it once the address is confirmed', async () => {
    serveSharing({ shares: [] });
    renderApp('/sharing');
    // The profile has arrived (the top bar greets the person by it) and the list has loaded.
    expect(await screen.findByText('Welcome, Ada')).toBeInTheDocument();
    expect(await screen.findByText(/You share with no doctor now/)).toBeVisible();
    expect(screen.queryByText(/Confirm your email address before/)).not.toBeInTheDocument();
  });

  it('says where each share stands in words, with the ended and declined ones below', async () => {
    serveSharing({
      shares: [
        aShare({
          measures: ['bloodPressure', 'pulse'],
          allMeasures: false,
          includeAssessment: true,
          from: new Date(2026, 8, 1).toISOString(),
          // The start of 1 January: the share runs to the end of 31 December.
          until: new Date(2027, 0, 1).toISOString(),
          lastViewedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
        }),
        aShare({ doctorEmail: 'dr.okafor@clinic.ng', doctorName: null, status: 'pending' }),
        aShare({
          doctorEmail: 'someone@clinic.ng',
          doctorName: null,
          doctorHasAccount: false,
          status: 'pending',
        }),
        aShare({ doctorEmail: 'chidi@clinic.ng', doctorName: 'Chidi Obi', status: 'paused' }),
        aShare({
          doctorEmail: 'old@clinic.ng',
          doctorName: 'Ngozi Eze',
          status: 'ended',
          endedAt: new Date(2026, 10, 3, 14, 5).toISOString(),
        }),
        aShare({ doctorEmail: 'no@clinic.ng', doctorName: 'Tunde Ajayi', status: 'declined' }),
      ],
    });
    renderApp('/sharing');

    const doctors = await screen.findByRole('list', { name: 'Your doctors' });
    const ade = within(doctors).getByRole('listitem', { name: 'Dr Ade Bello' });
    expect(within(ade).getByText('Sharing: Dr Ade Bello can see what you share')).toBeVisible();
    expect(ade).toHaveTextContent(
      'Blood pressure and pulse, and your risk assessment · from 1 Sept 2026 · until 31 Dec 2026',
    );
    expect(ade).toHaveTextContent('Last looked 5 minutes ago');
    expect(
      within(ade).getByRole('button', { name: 'Pause sharing with Dr Ade Bello' }),
    ).toBeVisible();

    const okafor = within(doctors).getByRole('listitem', { name: 'dr.okafor@clinic.ng' });
    expect(within(okafor).getByText('Waiting for dr.okafor@clinic.ng to accept')).toBeVisible();
    expect(okafor).toHaveTextContent('All measures · all your history · no end date');
    expect(
      within(okafor).getByRole('button', { name: 'Withdraw the invite to dr.okafor@clinic.ng' }),
    ).toBeVisible();
    expect(within(okafor).queryByRole('button', { name: /^Pause/ })).not.toBeInTheDocument();

    const nobody = within(doctors).getByRole('listitem', { name: 'someone@clinic.ng' });
    expect(
      within(nobody).getByText('Waiting: no Vitalia doctor account uses this address yet'),
    ).toBeVisible();

    const chidi = within(doctors).getByRole('listitem', { name: 'Dr Chidi Obi' });
    expect(
      within(chidi).getByText('Paused: Dr Chidi Obi sees nothing until you resume'),
    ).toBeVisible();
    expect(chidi).toHaveTextContent('Not looked at yet');

    const over = screen.getByRole('list', { name: 'Ended and declined' });
    expect(within(doctors).queryByRole('listitem', { name: 'Dr Ngozi Eze' })).toBeNull();
    const ended = within(over).getByRole('listitem', { name: 'Dr Ngozi Eze' });
    expect(within(ended).getByText('Ended 3 Nov 2026, 14:05')).toBeVisible();
    const declined = within(over).getByRole('listitem', { name: 'Dr Tunde Ajayi' });
    expect(within(declined).getByText('Dr Tunde Ajayi declined the invite')).toBeVisible();
    expect(within(over).queryAllByRole('button')).toHaveLength(0);
  });

  it('pauses, resumes and ends a share at its own address', async () => {
    const share = aShare();
    serveSharing({ shares: [share] });
    renderApp('/sharing');
    const user = userEvent.setup();
    const path = sharingPaths.share.replace(':id', share.id);

    await user.click(
      await screen.findByRole('button', { name: 'Pause sharing with Dr Ade Bello' }),
    );
    expect(
      await screen.findByText('Paused: Dr Ade Bello sees nothing until you resume.'),
    ).toBeVisible();
    expect(fakeApi.requestsTo('PATCH', path).map((request) => request.body)).toEqual([
      { paused: true },
    ]);

    await user.click(
      await screen.findByRole('button', { name: 'Resume sharing with Dr Ade Bello' }),
    );
    await screen.findByRole('button', { name: 'Pause sharing with Dr Ade Bello' });
    expect(fakeApi.requestsTo('PATCH', path).map((request) => request.body)).toEqual([
      { paused: true },
      { paused: false },
    ]);

    await user.click(screen.getByRole('button', { name: 'End sharing with Dr Ade Bello' }));
    const dialog = await screen.findByRole('dialog', { name: 'End sharing with Dr Ade Bello?' });
    expect(fakeApi.requestsTo('DELETE', path)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'End sharing' }));

    expect(await screen.findByText('Sharing with Dr Ade Bello has ended.')).toBeVisible();
    expect(fakeApi.requestsTo('DELETE', path)).toHaveLength(1);
    const over = await screen.findByRole('list', { name: 'Ended and declined' });
    expect(within(over).getByRole('listitem', { name: 'Dr Ade Bello' })).toBeVisible();
  });
});

describe('inviting a doctor', () => {
  it('sends what the person chose, the last day shared whole', async () => {
    serveSharing();
    renderApp('/sharing');
    const user = userEvent.setup();
    const firstDay = daysFromToday(-60);
    const lastDay = daysFromToday(30);

    await user.click(await screen.findByRole('button', { name: 'Invite a doctor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a doctor' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Doctor’s email' }),
      ' Dr.Nwosu@Clinic.NG',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen measures' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Blood pressure' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pulse' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Include my risk assessment' }));
    await user.click(within(dialog).getByRole('radio', { name: 'From a date' }));
    const first = within(dialog).getByRole('group', { name: 'First day' });
    await user.click(within(first).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard(typed(firstDay));
    await user.click(within(dialog).getByRole('radio', { name: 'Until a date' }));
    const last = within(dialog).getByRole('group', { name: 'Last day' });
    await user.click(within(last).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard(typed(lastDay));
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));

    expect(
      await screen.findByText(
        'Invite sent to dr.nwosu@clinic.ng. They see nothing until they accept.',
      ),
    ).toBeVisible();
    const [sent] = fakeApi.requestsTo('POST', sharingPaths.shares);
    const body = sent?.body as ShareRequest;
    expect(body).toMatchObject({
      doctorEmail: 'dr.nwosu@clinic.ng',
      measures: ['pulse', 'bloodPressure'],
      includeAssessment: true,
    });
    // Instants with the offset of the person's zone: the first day from its start, and the
    // share ending as the day after the last one starts.
    const offset = /T00:00:00(?:[+-]\d\d:\d\d)$/;
    expect(body.from).toMatch(offset);
    expect(Date.parse(body.from ?? '')).toBe(firstDay.getTime());
    expect(body.until).toMatch(offset);
    expect(Date.parse(body.until ?? '')).toBe(daysFromToday(31).getTime());
    const list = await screen.findByRole('list', { name: 'Your doctors' });
    expect(within(list).getByText('Waiting for dr.nwosu@clinic.ng to accept')).toBeVisible();
  });

  it('shares all measures and all history unless told otherwise, and checks the address first', async () => {
    serveSharing();
    renderApp('/sharing');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Invite a doctor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a doctor' });
    const email = within(dialog).getByRole('textbox', { name: 'Doctor’s email' });
    await user.type(email, 'dr.ade');
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    expect(email).toHaveAccessibleDescription(
      'Doctor’s email must be an email address, such as dr.ade@clinic.ng',
    );
    expect(fakeApi.requestsTo('POST', sharingPaths.shares)).toHaveLength(0);

    await user.type(email, '@clinic.ng');
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(fakeApi.requestsTo('POST', sharingPaths.shares)[0]?.body).toEqual({
      doctorEmail: 'dr.ade@clinic.ng',
      measures: null,
      includeAssessment: false,
      from: null,
      until: null,
    });
  });

  it('puts a refused invite’s message on the email field', async () => {
    serveSharing();
    // Worded as apps/server/src/features/records/sharing/care-sharing.routes.ts words them.
    fakeApi.on('POST', sharingPaths.shares, {
      status: 400,
      body: {
        errors: ['doctorEmail: is your own address; enter your doctor’s email'],
        details: [
          {
            code: 'SHARE_WITH_SELF',
            field: 'doctorEmail',
            message: 'is your own address; enter your doctor’s email',
          },
        ],
      },
    });
    renderApp('/sharing');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Invite a doctor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a doctor' });
    const email = within(dialog).getByRole('textbox', { name: 'Doctor’s email' });
    await user.type(email, 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        'Doctor’s email is your own address; enter your doctor’s email',
      ),
    );
    expect(email).toHaveFocus();

    const exists =
      'already has an open share from you; end it first if you want to change what is shared';
    fakeApi.on('POST', sharingPaths.shares, {
      status: 409,
      body: {
        errors: [`doctorEmail: ${exists}`],
        details: [{ code: 'SHARE_EXISTS', field: 'doctorEmail', message: exists }],
      },
    });
    await user.clear(email);
    await user.type(email, 'dr.ade@clinic.ng');
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(`Doctor’s email ${exists}`));
    expect(dialog).toBeInTheDocument();
  });
});
