import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const sentence =
  'If ada@example.com has a Vitalia account, a link to reset its password is on its way. It works for 30 minutes.';

async function askForLink(email = 'ada@example.com') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Send the link' }));
  return user;
}

describe('forgotten password', () => {
  it("asks for a link and shows the server's answer, which never says whether the account exists", async () => {
    fakeApi.on('POST', identityPaths.passwordInitiateReset, {
      status: 202,
      body: { message: sentence },
    });
    renderApp('/account/password/reset');

    await askForLink();

    expect(await screen.findByText(sentence)).toBeVisible();
    expect(screen.getByText('Check your email')).toBeVisible();
    expect(fakeApi.requestsTo('POST', identityPaths.passwordInitiateReset)[0]?.body).toEqual({
      Username: 'ada@example.com',
    });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/account/signin',
    );
  });

  it('lets the person try another address', async () => {
    fakeApi.on('POST', identityPaths.passwordInitiateReset, {
      status: 202,
      body: { message: sentence },
    });
    renderApp('/account/password/reset');

    const user = await askForLink();
    await user.click(await screen.findByRole('button', { name: 'Use another address' }));

    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
    expect(screen.queryByText(sentence)).not.toBeInTheDocument();
  });

  it('checks the address before asking the server', async () => {
    renderApp('/account/password/reset');

    await askForLink('ada-at-example');

    expect(
      await screen.findByText('Email address must be an email address, such as ada@example.com'),
    ).toBeVisible();
    expect(fakeApi.requestsTo('POST', identityPaths.passwordInitiateReset)).toEqual([]);
  });

  it('says when too many links were asked for', async () => {
    fakeApi.on('POST', identityPaths.passwordInitiateReset, {
      status: 429,
      body: { errors: ['Too many password reset requests. Try again in 42 minutes.'] },
    });
    renderApp('/account/password/reset');

    await askForLink();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many password reset requests. Try again in 42 minutes.',
    );
  });

  it('is reached from sign-in', async () => {
    const app = renderApp('/account/signin');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    expect(app.currentUrl()).toBe('/account/password/reset');
  });
});
