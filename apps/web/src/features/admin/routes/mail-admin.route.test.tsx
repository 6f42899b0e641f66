import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { systemPaths, type FailedMail } from '@vitalia/api/system.contract';
import { fakeApi } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

function aFailedMail(overrides: Partial<FailedMail> = {}): FailedMail {
  return {
    id: '0b7c6a1e-4f1d-4d8e-9c3a-2a1b3c4d5e6f',
    purpose: 'verify-email',
    attempts: 11,
    lastError: 'Invalid login: 535 Authentication failed',
    createdAt: '2026-11-24T06:00:00.000Z',
    failedAt: '2026-11-24T09:10:00.000Z',
    ...overrides,
  };
}

/** The dead mails as the server keeps them: a retry takes one off the list. */
function serveFailedMail(initial: FailedMail[]) {
  let mails = [...initial];
  fakeApi.on('GET', systemPaths.failedMail, () => ({
    status: 200,
    body: { dead: mails.length, mails },
  }));
  for (const mail of initial) {
    fakeApi.on('POST', systemPaths.retryFailedMail.replace(':id', mail.id), () => {
      if (!mails.some((each) => each.id === mail.id)) {
        return { status: 404, body: { errors: ['There is no failed mail with this id.'] } };
      }
      mails = mails.filter((each) => each.id !== mail.id);
      return { status: 202, body: { message: 'The mail will be tried again now.' } };
    });
  }
}

beforeEach(() => {
  fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
});

describe('the outgoing mail page', () => {
  it('turns away anyone who is not an administrator, asking the server nothing', async () => {
    signInAs('USER');
    renderApp('/admin/mail');
    expect(
      await screen.findByRole('heading', { name: 'This page is for administrators' }),
    ).toBeVisible();
    expect(fakeApi.requestsTo('GET', systemPaths.failedMail)).toHaveLength(0);
  });

  it('says when no mail is waiting', async () => {
    signInAs('ADMIN');
    serveFailedMail([]);
    renderApp('/admin/mail');
    expect(await screen.findByText('No mail is waiting for you')).toBeVisible();
  });

  it('shows each failed mail with its error, and tries one again', async () => {
    signInAs('ADMIN');
    const verify = aFailedMail();
    const notice = aFailedMail({
      id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
      purpose: 'account-change',
      attempts: 1,
      lastError: 'The message cannot be opened: JWT_SECRET has changed since it was stored.',
    });
    serveFailedMail([verify, notice]);
    renderApp('/admin/mail');

    expect(await screen.findByText('2 mails could not be sent')).toBeVisible();
    const card = screen.getByRole('listitem', { name: 'Verify email' });
    expect(within(card).getByText(/after 11 tries/)).toBeVisible();
    // On the 24-hour clock, never with AM or PM.
    expect(within(card).getByText(/after 11 tries/)).toHaveTextContent(
      /^Queued \d{1,2} \w{3} \d{4}, \d{2}:\d{2}; given up \d{1,2} \w{3} \d{4}, \d{2}:\d{2} after/,
    );
    expect(within(card).getByText('Invalid login: 535 Authentication failed')).toBeVisible();
    expect(
      within(screen.getByRole('listitem', { name: 'Account change' })).getByText(/after one try/),
    ).toBeVisible();

    await userEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Verify email: sent for another try\./)).toBeVisible();
    expect(await screen.findByText('One mail could not be sent')).toBeVisible();
    expect(screen.queryByRole('listitem', { name: 'Verify email' })).toBeNull();
    expect(
      fakeApi.requestsTo('POST', systemPaths.retryFailedMail.replace(':id', verify.id)),
    ).toHaveLength(1);
  });

  it('is offered to administrators on the account page, and to nobody else', async () => {
    signInAs('ADMIN');
    const admin = renderApp('/account');
    expect(await screen.findByRole('link', { name: 'Outgoing mail' })).toHaveAttribute(
      'href',
      '/admin/mail',
    );
    admin.unmount();
    signInAs('USER');
    renderApp('/account');
    await screen.findByRole('link', { name: 'Security' });
    expect(screen.queryByRole('link', { name: 'Outgoing mail' })).toBeNull();
  });
});
