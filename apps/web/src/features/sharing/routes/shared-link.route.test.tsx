import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { sharingPaths } from '@vitalia/api/sharing.contract';
import { getAccessToken } from '../../../lib/token-store';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../test/fake-api';
import { aReading } from '../../../test/health-fixtures';
import { signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';
import { aLinkView } from '../../../test/sharing-fixtures';

const token = 'k3Jd9fQ2mZ8xLw0pVb7nR4tY6uE1aS5c';

afterEach(() => vi.restoreAllMocks());

/** An answer of the error model, about the field named when there is one. */
function refusal(status: number, code: string, message: string, field?: string): FakeAnswer {
  const said = field ? `${field}: ${message}` : message;
  return {
    status,
    body: { errors: [said], details: [{ code, message, ...(field && { field }) }] },
  };
}

const pass = '5a1e0000-0000-4000-8000-000000000001.bWFjLW9mLXRoZS1wYXNzLWZyb20tdGhlLXNlcnZlcjA';

function aView() {
  const hour = 3600_000;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour).toISOString();
  return aLinkView(
    [
      aReading('Systolic', '118', { minTagValue: '76', takenAt: at(2), note: 'After a walk' }),
      aReading('Systolic', '135', { minTagValue: '88', takenAt: at(30) }),
      aReading('Pulse Value', '72', { takenAt: at(3) }),
    ],
    { pass },
  );
}

/**
 * A link with a code: asks for it, refuses a wrong one with the tries left, opens with the right
 * one. The server answers 403 (docs/decisions/0029-care-sharing.md); 401 is what a session's end
 * looks like to the web's client.
 */
function serveLinkWithCode(status: 401 | 403 = 403) {
  fakeApi.on('POST', sharingPaths.openLink, (request: FakeRequest) => {
    const { code } = request.body as { token: string; code?: string };
    // Worded as apps/server/src/features/sharing/share-links.routes.ts words them.
    if (code === undefined) {
      return refusal(
        status,
        'CODE_REQUIRED',
        'this link needs the 6-digit code you were given with it',
        'code',
      );
    }
    if (code !== '482913') {
      return refusal(status, 'CODE_WRONG', 'is not the code of this link; 4 tries left', 'code');
    }
    return { status: 200, body: aView() };
  });
}

describe('a link for a visit', () => {
  it('asks for the code, says when it is wrong, then shows the readings', async () => {
    serveLinkWithCode();
    const app = renderApp(`/shared#${token}`);
    const user = userEvent.setup();

    const code = await screen.findByRole('textbox', { name: '6-digit code' });
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    // The token went in the body; the address no longer holds it.
    expect(fakeApi.requestsTo('POST', sharingPaths.openLink).map((r) => r.body)).toEqual([
      { token },
    ]);
    expect(app.router.state.location.hash).toBe('');

    await user.type(code, '123');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(code).toHaveAccessibleDescription('The code must be the 6 digits you were given');
    expect(fakeApi.requestsTo('POST', sharingPaths.openLink)).toHaveLength(1);

    await user.type(code, '456');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        'The code you typed is not the code of this link; 4 tries left',
      ),
    );

    // Typed as the Sharing page shows it, in two groups of three.
    await user.clear(code);
    await user.type(code, '482 913');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Health readings shared by Ada Lovelace',
      }),
    ).toBeVisible();
    expect(fakeApi.requestsTo('POST', sharingPaths.openLink).at(-1)?.body).toEqual({
      token,
      code: '482913',
    });
  });

  it('shows each measure with its newest rating, a chart and the readings, and prints', async () => {
    fakeApi.on('POST', sharingPaths.openLink, { status: 200, body: aView() });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderApp(`/shared#${token}`);
    const user = userEvent.setup();

    await screen.findByRole('heading', {
      level: 1,
      name: 'Health readings shared by Ada Lovelace',
    });
    expect(screen.getByText('Dr Bello, 3 December')).toBeVisible();
    expect(screen.getByText(/^Generated .* · valid until /)).toBeVisible();

    const pressure = screen.getByRole('region', { name: 'Blood pressure' });
    expect(within(pressure).getByText('Normal')).toBeVisible();
    expect(within(pressure).getByText('118/76')).toBeVisible();
    expect(within(pressure).getByTestId('blood-pressure-week')).toHaveTextContent(
      '7-day average 127/82 mmHg (2 readings)',
    );
    expect(within(pressure).getByRole('figure')).toBeInTheDocument();
    const rows = within(within(pressure).getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([['118/76 mmHg'], ['135/88 mmHg']]);
    // Notes are the person's own: not a column here, even if an answer carried one.
    expect(within(pressure).queryByText('After a walk')).not.toBeInTheDocument();
    const pulse = screen.getByRole('region', { name: 'Pulse' });
    expect(within(pulse).getByText('72 bpm')).toBeVisible();

    // A page of its own: nothing on it leads into the app.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex',
    );

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('opens for someone signed in to Vitalia without touching their session', async () => {
    signInAs();
    // Even were the link's refusal a 401, it says nothing about the session.
    serveLinkWithCode(401);
    const app = renderApp(`/shared#${token}`);
    expect(await screen.findByRole('textbox', { name: '6-digit code' })).toBeVisible();
    expect(getAccessToken()).not.toBeNull();
    expect(fakeApi.requestsTo('POST', identityPaths.oauthToken)).toHaveLength(0);
    expect(app.currentUrl()).toBe('/shared');
  });

  it('says a link that ended or never was cannot open', async () => {
    fakeApi.on(
      'POST',
      sharingPaths.openLink,
      refusal(404, 'NOT_FOUND', 'This link has ended or does not exist. Ask for a new one.'),
    );
    renderApp(`/shared#${token}`);
    expect(
      await screen.findByText('This link has ended or does not exist. Ask for a new one.'),
    ).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the server’s words and a Retry when too many codes arrive at once', async () => {
    const busy = 'Too many codes at once for this link. Try again in a moment.';
    fakeApi.on('POST', sharingPaths.openLink, refusal(429, 'CODE_BUSY', busy));
    renderApp(`/shared#${token}`);
    expect(await screen.findByText(busy)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('opens another link pasted into the same tab, not showing the first one’s readings', async () => {
    fakeApi.on('POST', sharingPaths.openLink, { status: 200, body: aView() });
    const app = renderApp(`/shared#${token}`);
    await screen.findByRole('heading', {
      level: 1,
      name: 'Health readings shared by Ada Lovelace',
    });
    const other = 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp';
    fakeApi.on('POST', sharingPaths.openLink, {
      status: 404,
      body: { errors: ['This link has ended or does not exist. Ask for a new one.'] },
    });
    await app.router.navigate(`/shared#${other}`);
    expect(
      await screen.findByText('This link has ended or does not exist. Ask for a new one.'),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: /Ada Lovelace/ })).not.toBeInTheDocument();
    expect(fakeApi.requestsTo('POST', sharingPaths.openLink).map((r) => r.body)).toEqual([
      { token },
      { token: other },
    ]);
  });

  it('asks for the whole link when the address has no token and the tab no pass', async () => {
    renderApp('/shared');
    expect(
      await screen.findByText(/keeps an opened link only in the tab it was opened in/),
    ).toBeVisible();
    expect(fakeApi.requestsTo('POST', sharingPaths.openLink)).toHaveLength(0);
    expect(fakeApi.requestsTo('POST', sharingPaths.reopenLink)).toHaveLength(0);
  });
});

describe('a reload of the tab', () => {
  /** The tab reloaded: the page mounts again at the address it was left at, without the token. */
  function reload() {
    cleanup();
    return renderApp('/shared');
  }

  it('shows the readings again with the pass, without the token or the code', async () => {
    serveLinkWithCode();
    fakeApi.on('POST', sharingPaths.reopenLink, { status: 200, body: aView() });
    renderApp(`/shared#${token}`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '482913');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('heading', { level: 1, name: /Ada Lovelace/ });
    // Kept for this tab alone: never in local storage, never in the address.
    expect(window.sessionStorage.getItem('vitalia.sharedLink.pass')).toBe(pass);
    expect(JSON.stringify({ ...window.localStorage })).not.toContain(pass);

    const app = reload();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Health readings shared by Ada Lovelace',
      }),
    ).toBeVisible();
    expect(screen.queryByRole('textbox', { name: '6-digit code' })).not.toBeInTheDocument();
    expect(fakeApi.requestsTo('POST', sharingPaths.reopenLink).map((r) => r.body)).toEqual([
      { pass },
    ]);
    expect(fakeApi.requestsTo('POST', sharingPaths.openLink)).toHaveLength(2);
    expect(app.currentUrl()).toBe('/shared');
  });

  it('says a link ended since is over, and forgets its pass', async () => {
    window.sessionStorage.setItem('vitalia.sharedLink.pass', pass);
    fakeApi.on(
      'POST',
      sharingPaths.reopenLink,
      refusal(404, 'NOT_FOUND', 'This link has ended or does not exist. Ask for a new one.'),
    );
    renderApp('/shared');
    expect(
      await screen.findByText('This link has ended or does not exist. Ask for a new one.'),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: /Ada Lovelace/ })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('vitalia.sharedLink.pass')).toBeNull();
  });
});
