import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { clearTokens, getUsername, setUsername } from '../../../lib/token-store';
import { fakeApi } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

// README.md: signing out removes everything kept on the phone. After it, this site's localStorage
// holds no key at all: not the tokens, not the email the two-factor step read, not a unit choice
// this device kept before units moved to the profile, not the cart.
describe('signing out', () => {
  it('leaves no key in localStorage', async () => {
    signInAs();
    setUsername('ada@example.com');
    window.localStorage.setItem('vitalia.displayUnit.temperature', '°F');
    window.localStorage.setItem('cartProductIds', 'product-1');
    fakeApi.on('GET', identityPaths.profile, {
      status: 200,
      body: aProfile({ unitsChosen: { sugar: true, cholesterol: true, temperature: true } }),
    });
    fakeApi.on('POST', identityPaths.logout, { status: 204 });
    renderApp('/store');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(Object.keys(window.localStorage)).toEqual([]));
  });

  it('keeps the email for the two-factor step while a session merely expires', () => {
    signInAs();
    setUsername('ada@example.com');
    clearTokens();
    expect(getUsername()).toBe('ada@example.com');
  });
});
