import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { assessmentPath } from '@vitalia/api/assessment.contract';
import { identityPaths } from '@vitalia/api/identity.contract';
import { recordsPaths } from '@vitalia/api/records.contract';
import { addToOutbox, outboxItems } from '../../../lib/offline/outbox';
import { startOfflineSync } from '../../../lib/offline/outbox-sync';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi } from '../../../test/fake-api';
import { aReading, serveRecords } from '../../../test/health-fixtures';
import { withOfflineSwitch } from '../../../test/offline';
import { renderDashboard } from '../../../test/render-dashboard';

// Issue 22: offline, the dashboard shows what the device kept, says what it could not keep, and a
// dangerous reading waiting to send raises the same urgent banner as one sent.

const { browserSaysOffline, goOnline } = withOfflineSwitch();

/** A fresh page loaded offline: the browser says so and every request goes unanswered. */
function loadOffline() {
  browserSaysOffline();
  for (const path of [recordsPaths.analysis, assessmentPath, identityPaths.profile]) {
    fakeApi.on('GET', path, 'network-error');
  }
}

/** What the device kept while online: the analysis with a calm 97 % taken an hour ago. */
async function keptCalmOxygen() {
  serveRecords([
    aReading('SPO2Value', '97', { takenAt: new Date(Date.now() - 3600_000).toISOString() }),
  ]);
  const queryClient = createQueryClient();
  const { fetchAnalysis } = await import('../../../readings/api/analysis.query');
  queryClient.setQueryData(['records', 'analysis'], await fetchAnalysis());
  return queryClient;
}

describe('the dashboard offline', () => {
  it('raises the emergency banner for a saturation of 85 % waiting to send, over a calm kept one', async () => {
    const queryClient = await keptCalmOxygen();
    loadOffline();
    await addToOutbox('oxygen', { Tag: 'SPO2Value', TagValue: 85 }, 'key-85');

    renderDashboard(queryClient);
    // The waiting reading is the tile's newest, with its own rating and mark: never the calm
    // 97 % kept from before it. It decides the banner too.
    const tile = await screen.findByTestId('tile-oxygen');
    expect(tile).toHaveTextContent(/^Oxygen saturation85 %/);
    expect(within(tile).getByText('Waiting to send')).toBeVisible();
    expect(tile.querySelector('[data-colour]')).toHaveAttribute('data-colour', 'red');
    expect(within(tile).queryByText('Normal')).toBeNull();
    expect(within(tile).getByRole('link')).toHaveAccessibleName(/85 %, .*, waiting to send/);
    const urgent = await screen.findByRole('alert', { name: /Urgent: .*85/ });
    expect(within(urgent).getByText('Get emergency care now')).toBeVisible();
    expect(urgent).toHaveAttribute('data-urgency', 'now');
    expect(await screen.findByTestId('offline-banner')).toBeVisible();
  });

  it('shows a note instead of an endless skeleton for what was never kept, and the banner', async () => {
    loadOffline();
    await addToOutbox(
      'bloodPressure',
      { Tag: 'Systolic', TagValue: 185, MinTagValue: 125 },
      'key-bp',
    );
    await addToOutbox('oxygen', { Tag: 'SPO2Value', TagValue: 85 }, 'key-85');

    renderDashboard();
    expect(await screen.findByTestId('offline-banner')).toBeVisible();
    const notes = await screen.findAllByTestId('not-available-offline');
    expect(notes.map((note) => note.textContent)).toEqual([
      expect.stringMatching(
        /^Your readings: not available offline until this device is back online/,
      ),
      expect.stringMatching(/^Your risk factors: not available offline/),
    ]);
    expect(screen.queryByRole('status', { name: /Loading/ })).toBeNull();
    expect(screen.getAllByTestId('pending-reading')).toHaveLength(2);
    // Each waiting reading raises the banner it would raise once sent, with the default number.
    const urgent = await screen.findAllByRole('alert', { name: /^Urgent/ });
    expect(urgent.map((alert) => alert.getAttribute('data-urgency'))).toEqual(['now', 'today']);
    expect(urgent[1]).toHaveAccessibleName(/blood pressure 185\/125/i);
    expect(within(urgent[0]!).getByRole('link', { name: /Call 112/ })).toBeVisible();
  });

  // Last in this file: the sync it starts stays wired to the page for the tests after it.
  it('keeps a sent reading as the newest when the refresh after the send gets no answer', async () => {
    const queryClient = await keptCalmOxygen();
    loadOffline();
    await addToOutbox('oxygen', { Tag: 'SPO2Value', TagValue: 93 }, 'key-93');
    renderDashboard(queryClient);
    const tile = await screen.findByTestId('tile-oxygen');
    expect(within(tile).getByText('Waiting to send')).toBeVisible();

    // The network is back long enough to send the reading, and gone before the screens refresh.
    goOnline();
    startOfflineSync(queryClient);
    await waitFor(() => expect(outboxItems()).toEqual([]));
    expect(fakeApi.requestsTo('POST', recordsPaths.health)).toHaveLength(1);

    // The reading sent is the newest, no longer waiting; never the 'Normal' 97 % before it.
    await waitFor(() => expect(within(tile).queryByText('Waiting to send')).toBeNull());
    expect(tile).toHaveTextContent(/^Oxygen saturation93 %/);
    expect(tile.querySelector('[data-colour]')).toHaveAttribute('data-colour', 'red');
    expect(within(tile).queryByText('Normal')).toBeNull();
    expect(screen.getByRole('alert', { name: /Urgent: .*93/ })).toBeVisible();
  });
});
