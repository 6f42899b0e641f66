import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { get, set } from 'idb-keyval';
import { identityPaths } from '@vitalia/api/identity.contract';
import { recordsPaths } from '@vitalia/api/records.contract';
import { fakeApi } from '../../test/fake-api';
import { aReading, serveRecords } from '../../test/health-fixtures';
import { accessToken } from '../../test/identity-fixtures';
import { withOfflineSwitch } from '../../test/offline';
import { renderApp } from '../../test/render-app';
import { setViewportWidth } from '../../test/viewport';
import { offlineChangeMessage } from '../api-client';
import {
  offlineCorrectionMessage,
  offlineDeletionMessage,
} from '../../features/health/hooks/reading-dialogs.hook';
import { setTokens } from '../token-store';
import { clearDeviceData } from './clear-device';
import { deviceKeys, deviceStore } from './device-store';
import { OfflineBanner, offlineBannerText, offlineNothingKeptText } from './offline-banner';
import { addToOutbox, loadOutbox, outboxItems, type OutboxItem } from './outbox';
import { restoreKeptQueries, saveKeptQueries, saveKeptQueriesOnChange } from './query-persistence';
import { keepScreenSnapshot, screenSnapshotKey } from './screen-snapshot';

const { goOffline, browserSaysOffline } = withOfflineSwitch();

/** A blood pressure of 120/78 kept to send, with the pulse its monitor showed. */
const keepPressureWithPulse = (pulse: number) =>
  addToOutbox(
    'bloodPressure',
    { Tag: 'Systolic', TagValue: 120, MinTag: 'Diastolic', MinTagValue: 78, Pulse: pulse },
    'bp-with-pulse',
  );

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T08:30:00.000Z`;

describe('the offline banner', () => {
  it('says when the readings shown were fetched, only while offline', () => {
    const fetched = Date.parse('2026-11-20T08:30:00Z');
    const { rerender } = render(<OfflineBanner updatedAt={fetched} />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();

    goOffline();
    rerender(<OfflineBanner updatedAt={fetched} />);
    expect(screen.getByRole('status')).toHaveTextContent(offlineBannerText(fetched));
    expect(offlineBannerText(fetched)).toMatch(
      /^Offline: showing readings from 20 Nov 2026, \d\d:30$/,
    );

    // Nothing kept: offline all the same, without a date.
    rerender(<OfflineBanner updatedAt={0} />);
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(offlineNothingKeptText);
  });
});

describe('a measure page without a network', () => {
  it('keeps the readings on screen with the banner, and keeps a new reading to send', async () => {
    serveRecords([aReading('SPO2Value', '97', { takenAt: day(12) })]);
    renderApp('/healths/oxygen');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Readings' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);

    goOffline();
    expect(await screen.findByTestId('offline-banner')).toHaveTextContent(
      /^Offline: showing readings from /,
    );

    await user.click(screen.getByRole('button', { name: /Add reading/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Oxygen saturation (SpO2)'), '93');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    // Nothing was sent; the reading waits, rated by the same interpreter as the stored ones.
    expect(fakeApi.requestsTo('POST', recordsPaths.health)).toEqual([]);
    const pending = await screen.findByTestId('pending-reading');
    expect(within(pending).getByText('Waiting to send')).toBeVisible();
    expect(within(pending).getByText('Low')).toBeVisible();
    expect(pending.querySelector('[data-colour]')).toHaveAttribute('data-colour', 'red');
    // The latest reading is the one waiting, never the 'Normal' 97 % sent before it.
    const latest = screen.getByRole('region', { name: 'Latest reading' });
    expect(within(latest).getByText('93')).toBeVisible();
    expect(within(latest).getByText('Low')).toBeVisible();
    expect(within(latest).getByText('Waiting to send')).toBeVisible();
    expect(within(latest).queryByText('Normal')).toBeNull();
    // The chart draws the readings sent, and says the waiting one is not among them yet.
    expect(screen.getByTestId('waiting-not-drawn')).toHaveTextContent(
      'Your reading waiting to send is not drawn yet; it will be once sent.',
    );
    expect(outboxItems()).toEqual([
      expect.objectContaining({
        measure: 'oxygen',
        key: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
        request: expect.objectContaining({ TagValue: 93, TakenAt: expect.any(String) }) as object,
      }),
    ]);
    expect(await screen.findByText(/sent when you are online/)).toBeVisible();
  });

  it('keeps a reading at once when the browser says it is offline, without waiting on refreshes', async () => {
    serveRecords([aReading('SPO2Value', '97', { takenAt: day(12) })]);
    renderApp('/healths/oxygen');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Readings' });
    // Offline without the event (as for a page loaded offline): refreshes would try and wait.
    browserSaysOffline();
    for (const path of [recordsPaths.analysis, recordsPaths.healths]) {
      fakeApi.on('GET', path, 'network-error');
    }

    await user.click(screen.getByRole('button', { name: /Add reading/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Oxygen saturation (SpO2)'), '92');
    const before = fakeApi.requests.length;
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    // Closed with no refresh tried: had the dialog waited on the refreshes, their three tries
    // (1 s and 2 s apart) would be in the requests by the time it closed. (A bound of 800 ms on
    // the closing failed once on a loaded machine; what the person sees is told by the requests.)
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), { timeout: 5000 });
    expect(fakeApi.requests.slice(before)).toEqual([]);
    const pending = await screen.findByTestId('pending-reading');
    expect(within(pending).getByText('Waiting to send')).toBeVisible();
  });

  it('does not say there are no readings beside one waiting to send', async () => {
    serveRecords([]);
    renderApp('/healths/blood-pressure');
    expect(await screen.findByText('No blood pressure readings yet.')).toBeVisible();
    goOffline();
    await act(() =>
      addToOutbox('bloodPressure', { Tag: 'Systolic', TagValue: 185, MinTagValue: 125 }, 'bp-1'),
    );

    expect(await screen.findByTestId('pending-reading')).toBeVisible();
    expect(screen.getByText('No blood pressure readings sent yet.')).toBeVisible();
    expect(screen.getByText(/^No readings sent yet\. The readings waiting to send/)).toBeVisible();
    expect(screen.queryByText(/^No readings yet/)).toBeNull();
    expect(screen.queryByText('No blood pressure readings yet.')).toBeNull();
  });

  it('says what it never kept, on a measure page first opened offline, instead of spinning', async () => {
    serveRecords([aReading('SPO2Value', '97', { takenAt: day(12) })]);
    const { router } = renderApp('/healths/oxygen');
    await screen.findByRole('table', { name: 'Readings' });
    goOffline();
    // Offline for real: the one try the queries make despite the browser's word gets no answer
    // (an answer would fill the sections, as it should, a moment after the note showed).
    for (const path of [recordsPaths.analysis, recordsPaths.healths]) {
      fakeApi.on('GET', path, 'network-error');
    }

    // Pulse was never opened online: its readings and chart were never kept on this device.
    await act(() => router.navigate('/healths/pulse'));
    const notes = await screen.findAllByTestId('not-available-offline');
    expect(notes.map((note) => note.textContent)).toEqual([
      'The chart: not available offline until this device is back online.',
      'Your readings: not available offline until this device is back online.',
    ]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    // The latest reading comes from the analysis, which the oxygen page kept.
    expect(screen.getByRole('region', { name: 'Latest reading' })).not.toHaveTextContent(
      /not available offline/,
    );
  });

  it('shows a pulse waiting with a blood pressure on the pulse page, as its latest reading', async () => {
    serveRecords([aReading('Pulse Value', '48', { takenAt: day(12) })]);
    renderApp('/healths/pulse');
    const user = userEvent.setup();
    const latest = await screen.findByRole('region', { name: 'Latest reading' });
    await waitFor(() => expect(latest).toHaveTextContent('48'));
    goOffline();
    await act(() => keepPressureWithPulse(35));

    // Never the older 48 under its 'Normal': the 35 waiting is the newest pulse.
    await waitFor(() => expect(latest).toHaveTextContent('35'));
    expect(within(latest).getByText('Waiting to send')).toBeVisible();
    expect(latest.querySelector('[data-colour]')).toHaveAttribute('data-colour', 'red');
    // Listed with the readings waiting to send, as the pulse it is, with the pressure it came with.
    const pending = await screen.findByTestId('pending-reading');
    expect(pending).toHaveTextContent('35');
    expect(pending).toHaveTextContent('Sent with the blood pressure 120/78 mmHg');
    expect(pending.querySelector('[data-colour]')).toHaveAttribute('data-colour', 'red');
    // Discarding it discards the pressure it came with, and says so.
    await user.click(within(pending).getByRole('button', { name: /^Discard / }));
    const question = await screen.findByRole('dialog', { name: 'Discard this reading?' });
    expect(question).toHaveAccessibleDescription(
      /^Blood pressure 120\/78 mmHg and the pulse sent with it, .*: it has not been sent, and will not be\.$/,
    );
  });

  it('names the pulse waiting with a pressure, rated, on the blood pressure page', async () => {
    serveRecords([]);
    renderApp('/healths/blood-pressure');
    expect(await screen.findByText('No blood pressure readings yet.')).toBeVisible();
    goOffline();
    await act(() => keepPressureWithPulse(35));

    const pending = await screen.findByTestId('pending-reading');
    expect(pending).toHaveTextContent('120/78');
    expect(pending).toHaveTextContent('With a pulse of 35 bpm');
    const colours = Array.from(pending.querySelectorAll<HTMLElement>('[data-colour]')).map(
      (chip) => `${chip.dataset.colour} ${chip.textContent}`,
    );
    expect(colours).toEqual(['red Very low', 'green Normal']);
  });

  it('keeps a reading when the send fails for lack of network', async () => {
    serveRecords([aReading('SPO2Value', '97', { takenAt: day(12) })]);
    fakeApi.on('POST', recordsPaths.health, 'network-error');
    renderApp('/healths/oxygen');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Readings' });

    await user.click(screen.getByRole('button', { name: /Add reading/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Oxygen saturation (SpO2)'), '96');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    const [sent] = fakeApi.requestsTo('POST', recordsPaths.health);
    const [kept] = outboxItems();
    // The outbox sends it again under the key of the first try: one reading on the server.
    expect(kept?.key).toBe(sent?.headers['Idempotency-Key']);
    expect(kept?.request.TakenAt).toBe((sent?.body as { TakenAt: string }).TakenAt);
    const pending = await screen.findByTestId('pending-reading');
    expect(within(pending).getByText('Waiting to send')).toBeVisible();

    // The send left, so the server may hold it: discarding it must reach the server too.
    expect(kept?.tried).toBe(true);
    await user.click(within(pending).getByRole('button', { name: /^Discard / }));
    const question = await screen.findByRole('dialog', { name: 'Discard this reading?' });
    expect(question).toHaveAccessibleDescription(
      /: it will not be kept\. A send of it may have reached Vitalia without an answer; if it did, it is deleted there when you are back online\.$/,
    );
  });

  it('keeps a correction made without a network open, with what was typed, and says so', async () => {
    const reading = aReading('SPO2Value', '97', { takenAt: day(12) });
    serveRecords([reading]);
    renderApp('/healths/oxygen');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Readings' });
    fakeApi.on('PUT', `${recordsPaths.health}/${reading.id}`, 'network-error');

    await user.click(
      within(table).getByRole('button', { name: 'Correct the reading of 12 Jan 2026, 08:30' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Correct a reading: Oxygen saturation',
    });
    // The network goes while the form is open.
    goOffline();
    const field = within(dialog).getByLabelText('Oxygen saturation (SpO2)');
    await user.clear(field);
    await user.type(field, '94');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByText(offlineChangeMessage)).toBeVisible();
    expect(field).toHaveValue('94');
    expect(table).toHaveTextContent('97 %');
  });

  it('says at once, offline, that correcting or deleting a reading needs a connection', async () => {
    serveRecords([aReading('SPO2Value', '97', { takenAt: day(12) })]);
    renderApp('/healths/oxygen');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Readings' });
    goOffline();

    await user.click(
      within(table).getByRole('button', { name: 'Correct the reading of 12 Jan 2026, 08:30' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(offlineCorrectionMessage);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(
      within(table).getByRole('button', { name: 'Delete the reading of 12 Jan 2026, 08:30' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(offlineDeletionMessage),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fakeApi.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('takes back a mistyped reading waiting to send, with its alarm, after a question', async () => {
    serveRecords([aReading('SPO2Value', '97', { takenAt: day(12) })]);
    renderApp('/healths/oxygen');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Readings' });
    goOffline();
    // 79 typed for 97: rated at once, and alarming.
    await act(() => addToOutbox('oxygen', { Tag: 'SPO2Value', TagValue: 79 }, 'typo'));
    const pending = await screen.findByTestId('pending-reading');
    expect(await screen.findByText('Get emergency care now')).toBeVisible();

    await user.click(
      within(pending).getByRole('button', { name: /^Discard Oxygen saturation 79 %, / }),
    );
    const question = await screen.findByRole('dialog', { name: 'Discard this reading?' });
    expect(question).toHaveAccessibleDescription(
      /^Oxygen saturation 79 %, .*: it has not been sent, and will not be\.$/,
    );
    await user.click(within(question).getByRole('button', { name: 'Discard' }));

    await waitFor(() => expect(screen.queryByTestId('pending-reading')).toBeNull());
    expect(screen.queryByText('Get emergency care now')).toBeNull();
    const latest = screen.getByRole('region', { name: 'Latest reading' });
    expect(within(latest).getByText('97')).toBeVisible();
    expect(within(latest).getByText('Normal')).toBeVisible();
    expect(await get(deviceKeys.outbox, deviceStore())).toEqual([]);
    expect(fakeApi.requestsTo('POST', recordsPaths.health)).toEqual([]);
  });

  it('says a reading saved on the device was discarded, in place of saying it was saved', async () => {
    serveRecords([aReading('SPO2Value', '97', { takenAt: day(12) })]);
    renderApp('/healths/oxygen');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Readings' });
    goOffline();
    await user.click(screen.getByRole('button', { name: /Add reading/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Oxygen saturation (SpO2)'), '79');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    expect(await screen.findByText(/^Reading saved on this device/)).toBeVisible();

    const pending = await screen.findByTestId('pending-reading');
    // Found once the form's dialog has closed and no longer hides the page.
    await user.click(await within(pending).findByRole('button', { name: /^Discard / }));
    const question = await screen.findByRole('dialog', { name: 'Discard this reading?' });
    await user.click(within(question).getByRole('button', { name: 'Discard' }));

    expect(await screen.findByText('Reading discarded.')).toBeVisible();
    expect(screen.queryByText(/^Reading saved on this device/)).toBeNull();
    expect(screen.queryByTestId('pending-reading')).toBeNull();
  });

  it('shows a refused reading with the server message, to fix or discard', async () => {
    serveRecords([aReading('SPO2Value', '97', { takenAt: day(12) })]);
    await addToOutbox('oxygen', { Tag: 'SPO2Value', TagValue: '92' }, 'key-1');
    const refused: OutboxItem[] = outboxItems().map((item) => ({
      ...item,
      refusal: 'TakenAt must not be in the future',
    }));
    await set(deviceKeys.outbox, refused, deviceStore());
    await loadOutbox();
    renderApp('/healths/oxygen');
    const user = userEvent.setup();

    await screen.findByRole('table', { name: 'Readings' });
    const pending = screen.getByTestId('pending-reading');
    expect(pending).toHaveTextContent('Not sent: TakenAt must not be in the future');
    expect(within(pending).queryByText('Waiting to send')).toBeNull();
    // Not on its way: once the chart is drawn, it does not promise to draw it once sent.
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('In range')).toBeVisible();
    expect(within(history).queryByTestId('waiting-not-drawn')).toBeNull();

    await user.click(within(pending).getByRole('button', { name: 'Fix' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a reading: Oxygen saturation' });
    expect(within(dialog).getByLabelText('Oxygen saturation (SpO2)')).toHaveValue('92');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    await user.click(within(pending).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByTestId('pending-reading')).toBeNull());
    expect(await get(deviceKeys.outbox, deviceStore())).toEqual([]);
  });
});

describe('kept readings queries', () => {
  it("restores only the signed-in person's, and never without a session", async () => {
    const seen = new QueryClient();
    seen.setQueryData(['records', 'analysis'], { score: 1 });
    seen.setQueryData(['store', 'products'], ['not kept']);
    await saveKeptQueries(seen);

    const same = new QueryClient();
    await restoreKeptQueries(same);
    expect(same.getQueryData(['records', 'analysis'])).toEqual({ score: 1 });
    expect(same.getQueryData(['store', 'products'])).toBeUndefined();
    // Shown at once, and fetched again by the first screen that uses it, however recent.
    expect(same.getQueryState(['records', 'analysis'])?.isInvalidated).toBe(true);

    setTokens({ accessToken: accessToken('USER', 900, 'user-2'), refreshToken: 'refresh-2' });
    const other = new QueryClient();
    await restoreKeptQueries(other);
    expect(other.getQueryData(['records', 'analysis'])).toBeUndefined();
    // The other person's copy is removed, not kept for later.
    expect(await get(deviceKeys.queryCache, deviceStore())).toBeUndefined();
  });

  it('saves the readings at once when the page is hidden before the save falls due', async () => {
    const seen = new QueryClient();
    const stop = saveKeptQueriesOnChange(seen);
    seen.setQueryData(['records', 'analysis'], { score: 1 });
    // Hidden (another app opened) well within the second a save waits for the cache to settle.
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    stop();

    const next = new QueryClient();
    await waitFor(async () => {
      await restoreKeptQueries(next);
      expect(next.getQueryData(['records', 'analysis'])).toEqual({ score: 1 });
    });
  });

  it('keeps the readings of a query whose refresh failed offline, restored as fetched', async () => {
    const seen = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    seen.setQueryData(['records', 'analysis'], { score: 1 });
    // Offline, a refresh that ran out of tries leaves the query in error with its data.
    await seen
      .fetchQuery({
        queryKey: ['records', 'analysis'],
        queryFn: () => Promise.reject(new Error('Network Error')),
      })
      .catch(() => undefined);
    expect(seen.getQueryState(['records', 'analysis'])?.status).toBe('error');
    await saveKeptQueries(seen);

    const next = new QueryClient();
    await restoreKeptQueries(next);
    expect(next.getQueryData(['records', 'analysis'])).toEqual({ score: 1 });
    expect(next.getQueryState(['records', 'analysis'])).toMatchObject({
      status: 'success',
      error: null,
    });
  });
});

describe('signing out', () => {
  it('clears the kept queries, the outbox, the copy of the dashboard and every cache but the precache', async () => {
    const seen = new QueryClient();
    seen.setQueryData(['records', 'analysis'], { score: 1 });
    await saveKeptQueries(seen);
    await addToOutbox('oxygen', { Tag: 'SPO2Value', TagValue: '92' }, 'key-1');
    const names = ['workbox-precache-v2-http://localhost/', 'api-answers', 'other'];
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: () => Promise.resolve(names),
      delete: (name: string) => {
        deleted.push(name);
        return Promise.resolve(true);
      },
    });

    keepScreenSnapshot({
      owner: 'user-1',
      path: '/',
      savedAt: 1,
      html: '<p>97 %</p>',
      css: '',
      width: 1024,
    });

    await clearDeviceData();

    expect(window.localStorage.getItem(screenSnapshotKey)).toBeNull();
    expect(await get(deviceKeys.queryCache, deviceStore())).toBeUndefined();
    expect(await get(deviceKeys.outbox, deviceStore())).toBeUndefined();
    expect(outboxItems()).toEqual([]);
    expect(deleted).toEqual(['api-answers', 'other']);
    vi.unstubAllGlobals();
  });

  it('asks first when a reading taken back may still be on the server', async () => {
    setViewportWidth(1280);
    serveRecords([aReading('SPO2Value', '97', { takenAt: day(12) })]);
    await addToOutbox('oxygen', { Tag: 'SPO2Value', TagValue: '79' }, 'key-1');
    // A send of it left without an answer, then the person discarded it.
    const taken: OutboxItem[] = outboxItems().map((item) => ({
      ...item,
      tried: true,
      withdrawn: true,
    }));
    await set(deviceKeys.outbox, taken, deviceStore());
    await loadOutbox();
    const app = renderApp('/healths/oxygen');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Readings' });
    expect(screen.queryByTestId('pending-reading')).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    const question = await screen.findByRole('dialog', {
      name: 'Sign out before discarded readings are deleted?',
    });
    expect(question).toHaveTextContent(
      '1 reading you discarded may have reached Vitalia; signing out leaves it there.',
    );
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(app.currentUrl()).toBe('/healths/oxygen');
  });

  it('asks first when readings are waiting to send, and clears them when confirmed', async () => {
    setViewportWidth(1280);
    serveRecords([aReading('SPO2Value', '97', { takenAt: day(12) })]);
    fakeApi.on('POST', identityPaths.logout, { status: 204 });
    await addToOutbox('oxygen', { Tag: 'SPO2Value', TagValue: '92' }, 'key-1');
    await addToOutbox('oxygen', { Tag: 'SPO2Value', TagValue: '93' }, 'key-2');
    const app = renderApp('/healths/oxygen');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    const question = await screen.findByRole('dialog', {
      name: 'Sign out and delete unsent readings?',
    });
    expect(question).toHaveTextContent(
      '2 readings have not been sent yet; signing out deletes them.',
    );
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(app.currentUrl()).toBe('/healths/oxygen');
    expect(outboxItems()).toHaveLength(2);
    await waitFor(() => expect(question).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    await waitFor(async () => expect(await get(deviceKeys.outbox, deviceStore())).toBeUndefined());
    expect(outboxItems()).toEqual([]);
  });
});
