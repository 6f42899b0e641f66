import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { sharingPaths } from '@vitalia/api/sharing.contract';
import { getAccessToken } from '../../../lib/token-store';
import { fakeApi, type FakeRequest } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';
import { aLink, anEntry, serveSharing } from '../../../test/sharing-fixtures';
import { setViewportWidth } from '../../../test/viewport';

beforeEach(() => {
  signInAs();
  fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
});

afterEach(() => {
  setViewportWidth(1024);
  vi.restoreAllMocks();
});

const url = 'https://vitalia.example/shared#k3Jd9fQ2mZ8xLw0pVb7nR4tY6uE1aS5c';

describe('links for a visit', () => {
  it('makes a link of what was chosen, and shows its address and code this once', async () => {
    const server = serveSharing();
    server.makesLinks(url, '482913');
    renderApp('/sharing');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Make a link' }));
    let dialog = await screen.findByRole('dialog', { name: 'Make a link for a visit' });
    expect(
      within(dialog).getByRole('switch', { name: 'Protect with a 6-digit code' }),
    ).toBeChecked();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'What the link is for' }),
      'Dr Bello, 3 December',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen measures' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Blood pressure' }));
    await user.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Make link' }));

    dialog = await screen.findByRole('dialog', { name: 'Your link is ready' });
    expect(fakeApi.requestsTo('POST', sharingPaths.links)[0]?.body).toEqual({
      label: 'Dr Bello, 3 December',
      measures: ['bloodPressure'],
      lifetimeHours: 168,
      withCode: true,
    });
    expect(within(dialog).getByRole('textbox', { name: 'Link' })).toHaveValue(url);
    expect(within(dialog).getByText('482 913')).toBeVisible();
    expect(dialog).toHaveTextContent('This is the only time the link and its code are shown.');
    expect(dialog).toHaveTextContent('Give the code separately from the link');

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByText(/^Copied\./)).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(url);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const links = await screen.findByRole('list', { name: 'Your links' });
    const made = within(links).getByRole('listitem', { name: 'Dr Bello, 3 December' });
    expect(made).toHaveTextContent('Blood pressure · with a 6-digit code');
    expect(made).toHaveTextContent('Not opened yet');

    // Opened again, the dialog is a fresh form: neither the address nor the code comes back.
    await user.click(screen.getByRole('button', { name: 'Make a link' }));
    dialog = await screen.findByRole('dialog', { name: 'Make a link for a visit' });
    expect(screen.queryByText('482 913')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(url)).not.toBeInTheDocument();
  });

  it('says a link without a code is shown once too, and ends a link after asking', async () => {
    const open = aLink({ label: 'Clinic visit', opens: 3, lastOpenedAt: new Date().toISOString() });
    const locked = aLink({ label: 'Old one', status: 'locked' });
    const server = serveSharing({ links: [locked, open] });
    server.makesLinks(url, null);
    renderApp('/sharing');
    const user = userEvent.setup();

    const links = await screen.findByRole('list', { name: 'Your links' });
    const items = within(links).getAllByRole('listitem');
    // The link that still opens comes first.
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Clinic visit',
      'Old one',
    ]);
    expect(items[0]).toHaveTextContent('Opened 3 times, last just now');
    expect(items[1]).toHaveTextContent('Locked after 5 wrong codes: make a new link');
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(items[0]!).getByRole('button', { name: 'End the link Clinic visit' }));
    const confirm = await screen.findByRole('dialog', { name: 'End this link?' });
    await user.click(within(confirm).getByRole('button', { name: 'End link' }));
    expect(
      await screen.findByText('The link “Clinic visit” has ended: it opens nothing from now on.'),
    ).toBeVisible();
    expect(fakeApi.requestsTo('DELETE', sharingPaths.link.replace(':id', open.id))).toHaveLength(1);

    // Once the confirmation has gone.
    await user.click(await screen.findByRole('button', { name: 'Make a link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a link for a visit' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'What the link is for' }),
      'Pharmacy',
    );
    await user.click(within(dialog).getByRole('switch', { name: 'Protect with a 6-digit code' }));
    await user.click(within(dialog).getByRole('button', { name: 'Make link' }));
    const ready = await screen.findByRole('dialog', { name: 'Your link is ready' });
    expect(ready).toHaveTextContent('This is the only time the link is shown.');
    expect(within(ready).queryByRole('heading', { name: 'Code' })).not.toBeInTheDocument();
    expect(fakeApi.requestsTo('POST', sharingPaths.links)[0]?.body).toMatchObject({
      measures: null,
      lifetimeHours: 24,
      withCode: false,
    });
  });
});

describe('sharing a link just made', () => {
  async function makeALink() {
    const server = serveSharing();
    server.makesLinks(url, '482913');
    renderApp('/sharing');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make a link' }));
    const form = await screen.findByRole('dialog', { name: 'Make a link for a visit' });
    await user.type(
      within(form).getByRole('textbox', { name: 'What the link is for' }),
      'Dr Bello, 3 December',
    );
    await user.click(within(form).getByRole('button', { name: 'Make link' }));
    return { user, dialog: await screen.findByRole('dialog', { name: 'Your link is ready' }) };
  }

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
  });

  it('hands the phone’s share sheet a message that says what it is, and never the code', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user, dialog } = await makeALink();

    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledOnce();
    const sent = share.mock.calls[0]![0];
    expect(sent.url).toBe(url);
    expect(sent.title).toBe('My health readings in Vitalia');
    expect(sent.text).toMatch(
      /^A read-only link to my health readings in Vitalia \(“Dr Bello, 3 December”\), open until .+\. It asks for a 6-digit code, which I will give you separately\.$/,
    );
    expect(JSON.stringify(sent)).not.toMatch(/482\s?913/);
    expect(await within(dialog).findByText('Shared. Give the code separately.')).toBeVisible();
  });

  it('copies that message where the browser cannot share', async () => {
    const { user, dialog } = await makeALink();
    expect('share' in navigator).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText(/^This browser cannot share from here/)).toBeVisible();
    const pasted = await navigator.clipboard.readText();
    expect(pasted).toMatch(/^A read-only link to my health readings in Vitalia .*\n/);
    expect(pasted.endsWith(`\n${url}`)).toBe(true);
    expect(pasted).not.toMatch(/482\s?913/);
  });
});

describe('the access log', () => {
  function serveLog() {
    fakeApi.on('GET', sharingPaths.accessLog, (request: FakeRequest) =>
      request.params.cursor === 'page-2'
        ? {
            status: 200,
            body: {
              items: [anEntry({ who: 'link: Clinic visit', action: 'opened link', what: null })],
              nextCursor: null,
            },
          }
        : {
            status: 200,
            body: {
              items: [
                anEntry(),
                anEntry({ who: 'you', action: 'paused', what: null, client: null, address: null }),
              ],
              nextCursor: 'page-2',
            },
          },
    );
  }

  it('lists who looked and what they saw, newest first, and loads older entries', async () => {
    serveSharing();
    serveLog();
    renderApp('/sharing');
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Access log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'Ade Bello (dr.ade@clinic.ng)',
        'Viewed readings: blood pressure, readings 1-50',
        'Vitalia for Android · 203.0.113.7',
      ],
      ['You', 'Paused', '—'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('link: Clinic visit')).toBeVisible();
    expect(within(table).getByText('Opened link')).toBeVisible();
    expect(fakeApi.requestsTo('GET', sharingPaths.accessLog).at(-1)?.params).toEqual({
      cursor: 'page-2',
    });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('is a list on a phone, not a table wider than the screen', async () => {
    setViewportWidth(390);
    serveSharing();
    serveLog();
    renderApp('/sharing');

    const log = await screen.findByRole('list', { name: 'Access log' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [first] = within(log).getAllByRole('listitem');
    expect(first).toHaveTextContent('Viewed readings: blood pressure, readings 1-50');
    expect(first).toHaveTextContent('From Vitalia for Android · 203.0.113.7');
  });

  it('downloads the log as CSV with the session’s token in a header, never in an address', async () => {
    serveSharing();
    serveLog();
    fakeApi.on('GET', sharingPaths.accessLogCsv, {
      status: 200,
      body: new Blob(['at,who\n'], { type: 'text/csv' }),
    });
    // jsdom has no object URLs: these stand in for the browser's.
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:vitalia/log');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.href} ${this.download}`);
    });
    renderApp('/sharing');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Download log (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^blob:vitalia\/log vitalia-access-log-\d{4}-\d\d-\d\d\.csv$/);
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    const [request] = fakeApi.requestsTo('GET', sharingPaths.accessLogCsv);
    expect(request?.headers.Authorization).toBe(`Bearer ${getAccessToken()}`);
    expect(request?.path).toBe('/api/v1/sharing/access-log.csv');
    expect(request?.params).toEqual({});
  });
});
