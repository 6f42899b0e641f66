import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordsPaths } from '@vitalia/api/records.contract';
import { fakeApi } from '../../../test/fake-api';
import { aReading, serveRecords } from '../../../test/health-fixtures';
import { signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

beforeEach(() => signInAs());

function chipIn(scope: HTMLElement) {
  const chip = scope.querySelector<HTMLElement>('[data-colour]');
  if (!chip) throw new Error('No rating chip here');
  return { colour: chip.dataset.colour, label: chip.textContent };
}

async function readingRows() {
  const table = await screen.findByRole('table', { name: 'Readings' });
  // The first row holds the column headings.
  return within(table).getAllByRole('row').slice(1);
}

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T08:30:00.000Z`;

describe('a measure page', () => {
  it('keeps the title My Health and shows the latest reading and every reading rated', async () => {
    serveRecords([
      aReading('Systolic', '142', { minTagValue: '92', takenAt: day(10) }),
      aReading('Systolic', '128', { minTagValue: '84', takenAt: day(11) }),
      aReading('Systolic', '118', { minTagValue: '76', takenAt: day(12) }),
      aReading('SPO2Value', '97', { takenAt: day(12) }),
    ]);
    renderApp('/healths/blood-pressure');

    expect(await screen.findByRole('heading', { level: 1, name: 'My Health' })).toBeVisible();
    // The page shows once the profile has answered (the main layout waits for it).
    expect(await screen.findByRole('heading', { level: 2, name: 'Blood pressure' })).toBeVisible();
    const latest = screen.getByRole('region', { name: 'Latest reading' });
    await waitFor(() => expect(chipIn(latest)).toEqual({ colour: 'green', label: 'Normal' }));
    expect(latest).toHaveTextContent('118/76mmHg');

    const rows = await readingRows();
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('12 Jan 2026') as string,
      expect.stringContaining('11 Jan 2026') as string,
      expect.stringContaining('10 Jan 2026') as string,
    ]);
    expect(rows.map(chipIn)).toEqual([
      { colour: 'green', label: 'Normal' },
      { colour: 'yellow', label: 'Elevated' },
      { colour: 'red', label: 'High' },
    ]);
    expect(
      screen.getByRole('figure', { name: /^Blood pressure: 3 readings over time/ }),
    ).toBeInTheDocument();
    expect(fakeApi.requestsTo('GET', recordsPaths.healths)[0]?.params).toMatchObject({
      tag: 'Systolic',
      order: 'DESC',
    });
  });

  it('loads older readings a page at a time with the cursor', async () => {
    serveRecords(
      Array.from({ length: 25 }, (_, index) =>
        aReading('Pulse Value', String(60 + index), { takenAt: day(index + 1) }),
      ),
    );
    renderApp('/healths/pulse');
    const user = userEvent.setup({ delay: null });

    expect(await readingRows()).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await readingRows()).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const pages = fakeApi
      .requestsTo('GET', recordsPaths.healths)
      .filter((request) => request.params.limit === 20);
    expect(pages.map((request) => request.params.cursor)).toEqual([undefined, '20']);
  });

  it('draws the period chosen, from the readings taken in it', async () => {
    const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 3600_000).toISOString();
    serveRecords(
      [1, 3, 6, 12, 20, 45, 200, 500].map((ago) =>
        aReading('Pulse Value', String(60 + ago / 10), { takenAt: daysAgo(ago) }),
      ),
    );
    renderApp('/healths/pulse');
    const user = userEvent.setup({ delay: null });
    const history = await screen.findByRole('region', { name: 'History' });

    expect(
      await within(history).findByRole('figure', { name: /^Pulse: 8 readings over time/ }),
    ).toBeInTheDocument();
    expect(within(history).getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(history).getByRole('button', { name: 'Week' }));
    expect(
      await within(history).findByRole('figure', { name: /^Pulse: 3 readings over time/ }),
    ).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: 'Month' }));
    expect(
      await within(history).findByRole('figure', { name: /^Pulse: 5 readings over time/ }),
    ).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: 'Year' }));
    expect(
      await within(history).findByRole('figure', { name: /^Pulse: 7 readings over time/ }),
    ).toBeInTheDocument();

    const chartCalls = fakeApi
      .requestsTo('GET', recordsPaths.healths)
      .filter((request) => request.params.limit === 200);
    const fromOf = (index: number) => Date.parse(String(chartCalls[index]?.params.from));
    expect(chartCalls[0]?.params.from).toBeUndefined();
    // Each period reaches back its length from now, give or take the test's own run time.
    for (const [index, days] of [
      [1, 7],
      [2, 30],
      [3, 365],
    ] as const) {
      expect(Math.abs(Date.now() - days * 24 * 3600_000 - fromOf(index))).toBeLessThan(60_000);
    }
  });

  it('draws blood sugar readings against the ranges of their own circumstances', async () => {
    serveRecords([
      aReading('Blood-sugar', '95', { takenAt: day(1) }),
      aReading('Blood-sugar', '160', { narration: 'HadMeal', takenAt: day(2) }),
      aReading('Blood-sugar', '90', { takenAt: day(3) }),
    ]);
    renderApp('/healths/blood-sugar');
    const user = userEvent.setup({ delay: null });
    const history = await screen.findByRole('region', { name: 'History' });

    // The newest reading was fasting: the fasting readings, against the fasting ranges.
    expect(
      await within(history).findByRole('figure', { name: /^Blood sugar: 2 readings over time/ }),
    ).toBeInTheDocument();
    expect(
      within(history).getByText(
        '1 other reading was taken in other circumstances and is drawn against their own ranges: choose them under ‘Ranges for’.',
      ),
    ).toBeVisible();

    await user.click(within(history).getByRole('combobox', { name: 'Ranges for' }));
    await user.click(screen.getByRole('option', { name: 'After a meal, no diabetes' }));
    expect(
      await within(history).findByRole('figure', { name: /^Blood sugar: 1 reading over time/ }),
    ).toBeInTheDocument();
    expect(
      within(history).getByText(/^2 other readings were taken in other circumstances/),
    ).toBeVisible();

    await user.click(within(history).getByRole('combobox', { name: 'Ranges for' }));
    await user.click(screen.getByRole('option', { name: 'Fasting, with diabetes' }));
    expect(
      await within(history).findByText('No readings taken fasting, with diabetes.'),
    ).toBeVisible();
  });

  it('says when a period holds no readings, and keeps the choice of period at hand', async () => {
    serveRecords([aReading('Pulse Value', '64', { takenAt: day(3) })]);
    renderApp('/healths/pulse');
    const user = userEvent.setup({ delay: null });
    const history = await screen.findByRole('region', { name: 'History' });
    await within(history).findByRole('figure', { name: /^Pulse: 1 readings? over time/ });

    await user.click(within(history).getByRole('button', { name: 'Week' }));
    expect(
      await within(history).findByText(
        'No readings in the last 7 days. Choose a longer period to see earlier ones.',
      ),
    ).toBeVisible();
    await user.click(within(history).getByRole('button', { name: 'All' }));
    expect(
      await within(history).findByRole('figure', { name: /^Pulse: 1 readings? over time/ }),
    ).toBeInTheDocument();
  });

  it('draws at most 1,000 readings, the newest, and says the oldest are left out', async () => {
    const start = Date.parse('2024-01-01T00:00:00.000Z');
    serveRecords(
      Array.from({ length: 1005 }, (_, index) =>
        aReading('Pulse Value', String(60 + (index % 30)), {
          takenAt: new Date(start + index * 12 * 3600_000).toISOString(),
        }),
      ),
    );
    renderApp('/healths/pulse');
    const history = await screen.findByRole('region', { name: 'History' });

    expect(
      await within(history).findByRole('figure', { name: /^Pulse: 1000 readings over time/ }),
    ).toBeInTheDocument();
    expect(
      within(history).getByText(
        'Only your newest 1,000 readings are drawn. Choose a shorter period to see fewer in more detail.',
      ),
    ).toBeVisible();
    const chartCalls = fakeApi
      .requestsTo('GET', recordsPaths.healths)
      .filter((request) => request.params.limit === 200);
    expect(chartCalls.map((request) => request.params.cursor)).toEqual([
      undefined,
      '200',
      '400',
      '600',
      '800',
    ]);
  });

  it('corrects a reading with the same form, filled in, and shows the new rating', async () => {
    const reading = aReading('Systolic', '135', { minTagValue: '85', takenAt: day(12) });
    serveRecords([reading]);
    renderApp('/healths/blood-pressure');
    const user = userEvent.setup({ delay: null });

    const [row] = await readingRows();
    await user.click(
      within(row!).getByRole('button', { name: 'Correct the reading of 12 Jan 2026, 08:30' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Correct a reading: Blood pressure' });
    const systolic = within(dialog).getByLabelText('Systolic');
    const diastolic = within(dialog).getByLabelText('Diastolic');
    expect(systolic).toHaveValue('135');
    expect(diastolic).toHaveValue('85');
    await user.clear(systolic);
    await user.type(systolic, '118');
    await user.clear(diastolic);
    await user.type(diastolic, '76');
    expect(chipIn(within(dialog).getByRole('status'))).toEqual({
      colour: 'green',
      label: 'Normal',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const put = fakeApi.requestsTo('PUT', `${recordsPaths.health}/${reading.id}`);
    expect(put).toHaveLength(1);
    // The time was left as it was, so it is not sent and the server keeps it.
    expect(put[0]?.body).toMatchObject({ Tag: 'Systolic', TagValue: 118, MinTagValue: 76 });
    expect(put[0]?.body).not.toHaveProperty('TakenAt');
    await waitFor(async () => {
      const [corrected] = await readingRows();
      expect(corrected).toHaveTextContent('118/76 mmHg');
      expect(chipIn(corrected!)).toEqual({ colour: 'green', label: 'Normal' });
    });
    expect(screen.getByText('Reading corrected.')).toBeVisible();
  });

  it('closes a correction and rates it at once, also when the refresh after it fails', async () => {
    const older = aReading('SPO2Value', '98', { takenAt: day(11) });
    const newest = aReading('SPO2Value', '97', { takenAt: day(12) });
    serveRecords([older, newest]);
    renderApp('/healths/oxygen');
    const user = userEvent.setup({ delay: null });
    const latest = await screen.findByRole('region', { name: 'Latest reading' });
    await waitFor(() => expect(chipIn(latest)).toEqual({ colour: 'green', label: 'Normal' }));

    const [row] = await readingRows();
    await user.click(
      within(row!).getByRole('button', { name: 'Correct the reading of 12 Jan 2026, 08:30' }),
    );
    const dialog = await screen.findByRole('dialog', { name: /^Correct a reading/ });
    const value = within(dialog).getByRole('textbox', { name: /^Oxygen/ });
    await user.clear(value);
    await user.type(value, '87');
    // The server stores the correction; every read after it fails.
    fakeApi
      .on('GET', recordsPaths.analysis, 'network-error')
      .on('GET', recordsPaths.healths, 'network-error');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(chipIn(latest)).toMatchObject({ colour: 'red' });
    expect(latest).toHaveTextContent('87');
    expect(latest).not.toHaveTextContent('Normal');
    const [corrected] = await readingRows();
    expect(chipIn(corrected!)).toMatchObject({ colour: 'red' });
  });

  it('opens the form at once when the dashboard sends the person to add a reading', async () => {
    serveRecords([]);
    const { currentUrl } = renderApp('/healths/blood-pressure?add=1');
    const user = userEvent.setup({ delay: null });

    const dialog = await screen.findByRole('dialog', { name: 'Add a reading: Blood pressure' });
    await user.type(within(dialog).getByLabelText('Systolic'), '118');
    await user.type(within(dialog).getByLabelText('Diastolic'), '76');
    // The pulse the monitor shows goes with the pressure, in the same request.
    await user.type(within(dialog).getByLabelText('Pulse (optional)'), '71');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(fakeApi.requestsTo('POST', recordsPaths.health)).toHaveLength(1);
    expect(fakeApi.requestsTo('POST', recordsPaths.health)[0]?.body).toMatchObject({
      Tag: 'Systolic',
      TagValue: 118,
      MinTagValue: 76,
      Pulse: 71,
    });
    // Back to the plain address, so a reload does not open the form again.
    expect(currentUrl()).toBe('/healths/blood-pressure');
  });

  it('keeps a note typed with a reading and shows it in the table', async () => {
    serveRecords([]);
    renderApp('/healths/pulse?add=1');
    const user = userEvent.setup({ delay: null });

    const dialog = await screen.findByRole('dialog', { name: 'Add a reading: Pulse' });
    await user.type(within(dialog).getByLabelText('Resting pulse'), '96');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'After climbing the stairs');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(fakeApi.requestsTo('POST', recordsPaths.health)[0]?.body).toMatchObject({
      Tag: 'Pulse Value',
      TagValue: 96,
      Note: 'After climbing the stairs',
    });
    const [row] = await readingRows();
    expect(within(row!).getByTestId('reading-note')).toHaveTextContent('After climbing the stairs');
  });

  it('charts the weights BMI readings were worked out from, and shows each beside its BMI', async () => {
    serveRecords([
      aReading('BMI', '24.1', { weight: '72.5', takenAt: day(10) }),
      aReading('BMI', '23.9', { takenAt: day(11) }),
      aReading('BMI', '23.5', { weight: '70.8', takenAt: day(12) }),
    ]);
    renderApp('/healths/bmi');

    const weight = await screen.findByRole('region', { name: 'Weight' });
    expect(
      within(weight).getByRole('img', {
        name: 'Weight: 2 readings over time, from 72.5 kg to 70.8 kg',
      }),
    ).toBeInTheDocument();
    const rows = await readingRows();
    expect(rows[0]).toHaveTextContent('From 70.8 kg');
    // A BMI typed in directly has no weight to show.
    expect(within(rows[1]!).queryByText(/^From .* kg$/)).not.toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('From 72.5 kg');
  });

  it('deletes a reading only once the person confirms', async () => {
    const kept = aReading('Mood', 'Happy', { takenAt: day(12) });
    const deleted = aReading('Mood', 'Sad', { takenAt: day(11) });
    serveRecords([kept, deleted]);
    renderApp('/healths/mood');
    const user = userEvent.setup({ delay: null });

    const rows = await readingRows();
    const deleteButton = within(rows[1]!).getByRole('button', {
      name: 'Delete the reading of 11 Jan 2026, 08:30',
    });
    await user.click(deleteButton);
    let confirm = await screen.findByRole('dialog', { name: 'Delete this reading?' });
    expect(confirm).toHaveTextContent(
      'The mood reading of 11 Jan 2026, 08:30 (Sad) will be deleted',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(fakeApi.requests.filter((request) => request.method === 'DELETE')).toEqual([]);

    await user.click(deleteButton);
    confirm = await screen.findByRole('dialog', { name: 'Delete this reading?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(async () => expect(await readingRows()).toHaveLength(1));
    expect(fakeApi.requestsTo('DELETE', `${recordsPaths.health}/${deleted.id}`)).toHaveLength(1);
    expect(await screen.findByText('Reading deleted.')).toBeVisible();
  });

  it('shows a temperature in °F when asked, and remembers the choice', async () => {
    serveRecords([aReading('Temperature', '37.5', { takenAt: day(12) })]);
    const view = renderApp('/healths/temperature');
    const user = userEvent.setup({ delay: null });

    const [row] = await readingRows();
    expect(row).toHaveTextContent('37.5 °C');
    await user.click(screen.getByRole('button', { name: '°F' }));
    expect(row).toHaveTextContent('99.5 °F');
    view.unmount();

    renderApp('/healths/temperature');
    const [again] = await readingRows();
    expect(again).toHaveTextContent('99.5 °F');
  });

  it('says when the readings cannot be loaded, with a Retry', async () => {
    serveRecords([aReading('BMI', '22.5')]);
    fakeApi.on('GET', recordsPaths.healths, { status: 503, body: { errors: ['Gone fishing.'] } });
    renderApp('/healths/bmi');
    const user = userEvent.setup({ delay: null });

    const readings = await screen.findByRole('region', { name: 'Readings' });
    const alert = await within(readings).findByRole('alert');
    expect(alert).toHaveTextContent('Your readings could not be loaded');
    expect(alert).toHaveTextContent('Gone fishing.');
    serveRecords([aReading('BMI', '22.5')]);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await readingRows()).toHaveLength(1);
  });

  it('answers an unknown measure with a way back to My Health', async () => {
    serveRecords([]);
    renderApp('/healths/blood-type');

    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'There is no measure called ‘blood-type’',
      }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'My Health' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to My Health' })).toHaveAttribute(
      'href',
      '/healths',
    );
    expect(fakeApi.requestsTo('GET', recordsPaths.healths)).toEqual([]);
  });
});
