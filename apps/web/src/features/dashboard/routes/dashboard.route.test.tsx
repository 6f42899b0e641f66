import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assessmentPath } from '@vitalia/api/assessment.contract';
import { recordsPaths } from '@vitalia/api/records.contract';
import { MEASURE_COUNT } from '@vitalia/health/measure.catalog';
import { fakeApi } from '../../../test/fake-api';
import { anAssessment } from '../../../test/assessment-fixtures';
import { aReading, serveRecords } from '../../../test/health-fixtures';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderDashboard } from '../../../test/render-dashboard';
import { firstStartMeasures } from '../components/first-steps';
import {
  appContainer,
  dropScreenSnapshot,
  forgetScreenSnapshotStateForTests,
  keepScreenSnapshot,
  paintScreenSnapshot,
  screenSnapshotId,
  screenSnapshotKey,
} from '../../../lib/offline/screen-snapshot';

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000).toISOString();

beforeEach(() => signInAs());

describe('dashboard score', () => {
  it('shows how many measures are in range beside how many are measured, and what would raise it', async () => {
    serveRecords([
      aReading('SPO2Value', '97', { takenAt: daysAgo(1) }),
      aReading('Systolic', '118', { minTagValue: '76', takenAt: daysAgo(2) }),
      aReading('Cholesterol Value', '250', { takenAt: daysAgo(3) }),
      aReading('Temperature', '37.5', { takenAt: daysAgo(3) }),
    ]);
    renderDashboard();

    expect(await screen.findByTestId('dashboard-score')).toHaveTextContent(
      `In range: 2 of 4 · 4 of ${MEASURE_COUNT} measured`,
    );
    const sentence = screen.getByTestId('raise-score');
    expect(sentence).toHaveTextContent(
      /^To raise your score: record your blood sugar, BMI, mood, pulse, breathing and respiratory rate; see the advice for temperature \(Slightly raised\) and cholesterol \(High\)\.$/,
    );
    // Out of range, named with the label its tile shows.
    const cholesterol = screen.getByRole('article', { name: 'Cholesterol' });
    const temperature = screen.getByRole('article', { name: 'Temperature' });
    for (const tile of [cholesterol, temperature]) {
      const label = tile.querySelector('[data-colour]')?.textContent ?? '';
      const name = tile === cholesterol ? 'cholesterol' : 'temperature';
      expect(sentence).toHaveTextContent(`${name} (${label})`);
    }
    expect(sentence).not.toHaveTextContent(/oxygen/i);
    expect(sentence).not.toHaveTextContent(/blood pressure/i);
  });

  it('congratulates when every measure is in range', async () => {
    serveRecords([
      aReading('SPO2Value', '97'),
      aReading('Blood-sugar', '90'),
      aReading('BMI', '22'),
      aReading('Mood', 'Happy'),
      aReading('Pulse Value', '62'),
      aReading('Systolic', '115', { minTagValue: '75' }),
      aReading('FEV2', '92', { minTagValue: '90' }),
      aReading('Temperature', '36.6'),
      aReading('Cholesterol Value', '180'),
      aReading('Respiratory Rate', '14'),
    ]);
    renderDashboard();

    expect(await screen.findByTestId('dashboard-score')).toHaveTextContent(
      `In range: ${MEASURE_COUNT} of ${MEASURE_COUNT} · ${MEASURE_COUNT} of ${MEASURE_COUNT} measured`,
    );
    expect(screen.getByTestId('raise-score')).toHaveTextContent('Every measure is in range');
    expect(screen.queryByRole('link', { name: 'Complete profile' })).not.toBeInTheDocument();
  });

  it('greets a new person with first steps, not a score of zero or a card per measure empty', async () => {
    serveRecords([]);
    const router = renderDashboard();

    const welcome = await screen.findByRole('region', { name: 'Welcome. Start with one reading' });
    expect(welcome).toHaveTextContent('Vitalia tells you at once what it means');
    expect(screen.queryByRole('region', { name: 'Health score' })).not.toBeInTheDocument();
    expect(
      screen.queryByText(new RegExp(`\\b0 of ${MEASURE_COUNT}\\b|0/${MEASURE_COUNT}`)),
    ).not.toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    // The three most people start with, one tap each; the others in a compact list.
    const starts = within(welcome).getByRole('list', { name: 'Start with' });
    expect(
      within(starts)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Add blood pressureFrom an arm cuff monitor', '/healths/blood-pressure?add=1'],
      ['Add blood sugarFrom a glucose meter', '/healths/blood-sugar?add=1'],
      ['Add weight and BMIFrom your bathroom scale', '/healths/bmi?add=1'],
    ]);
    const others = screen.getByRole('region', { name: 'Or another measure' });
    expect(within(others).getAllByRole('link')).toHaveLength(
      MEASURE_COUNT - firstStartMeasures.length,
    );
    await userEvent.setup().click(within(others).getByRole('link', { name: 'Mood' }));
    expect(router.state.location.pathname).toBe('/healths/mood');
    expect(router.state.location.search).toBe('?add=1');
  });

  it('marks an old reading, counts it as measured but not in range, and asks for a new one', async () => {
    serveRecords([
      aReading('Cholesterol Value', '180', { takenAt: daysAgo(120) }),
      aReading('SPO2Value', '97', { takenAt: daysAgo(1) }),
    ]);
    renderDashboard();

    expect(await screen.findByTestId('dashboard-score')).toHaveTextContent(
      `In range: 1 of 1 · 2 of ${MEASURE_COUNT} measured`,
    );
    const tile = screen.getByRole('article', { name: 'Cholesterol' });
    expect(within(tile).getByText('Old reading')).toBeVisible();
    expect(within(tile).getByTestId('old-cholesterol')).toHaveTextContent(
      'Old reading: over 90 days old, so it does not count in your score.',
    );
    expect(
      within(tile).getByRole('link', { name: /^Cholesterol: 180 mg\/dL, Normal, old reading$/ }),
    ).toHaveAttribute('href', '/healths/cholesterol');
    expect(within(tile).getByRole('link', { name: 'Take a new reading' })).toHaveAttribute(
      'href',
      '/healths/cholesterol?add=1',
    );
    expect(screen.getByTestId('raise-score')).toHaveTextContent(
      'measure your cholesterol again (old reading)',
    );
    // A fresh reading is not marked.
    const oxygen = screen.getByRole('article', { name: 'Oxygen saturation' });
    expect(within(oxygen).queryByText('Old reading')).not.toBeInTheDocument();
  });

  it('asks for the missing profile details, linking to the profile form', async () => {
    serveRecords([], aProfile({ dob: null, gender: null, heightMM: null }));
    renderDashboard();

    const link = await screen.findByRole('link', { name: 'Complete profile' });
    expect(link).toHaveAttribute('href', '/account/profile?edit=true');
    expect(
      await screen.findByText(
        'Add your date of birth, gender and height to your profile, so your pulse is rated for your age and sex and your BMI can be worked out from your weight.',
      ),
    ).toBeVisible();
  });

  it('names only what the profile lacks', async () => {
    serveRecords([aReading('Pulse Value', '72')], aProfile({ dob: null, heightMM: 1800 }));
    renderDashboard();

    expect(
      await screen.findByText(
        'Add your date of birth to your profile, so your pulse is rated for your age and sex.',
      ),
    ).toBeVisible();
  });
});

const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }).format(new Date(iso));

describe('dashboard tiles', () => {
  it('shows a tile per measure with value, chip, age and a link to the measure', async () => {
    serveRecords([
      aReading('Systolic', '118', { minTagValue: '76', takenAt: daysAgo(2) }),
      aReading('Cholesterol Value', '250', { takenAt: daysAgo(1) }),
    ]);
    renderDashboard();

    const pressure = await screen.findByTestId('tile-bloodPressure');
    expect(within(pressure).getByRole('heading', { name: 'Blood pressure' })).toBeVisible();
    expect(within(pressure).getByText('118/76')).toBeVisible();
    expect(within(pressure).getByText('mmHg')).toBeVisible();
    const chip = pressure.querySelector('[data-colour]');
    expect(chip).toHaveAttribute('data-colour', 'green');
    expect(chip).toHaveTextContent('Normal');
    expect(within(pressure).getByText('2 days ago')).toBeVisible();
    expect(within(pressure).getByRole('link')).toHaveAttribute('href', '/healths/blood-pressure');

    const cholesterol = screen.getByTestId('tile-cholesterol');
    expect(cholesterol.querySelector('[data-colour]')).toHaveAttribute('data-colour', 'red');
    expect(within(cholesterol).getByText('yesterday')).toBeVisible();
    expect(within(cholesterol).getByRole('link')).toHaveAttribute('href', '/healths/cholesterol');

    // Only the measures with readings have cards.
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('lists the measures not yet recorded under the cards, each one tap from its form', async () => {
    serveRecords([aReading('Pulse Value', '72')]);
    renderDashboard();

    expect(await screen.findByTestId('dashboard-score')).toHaveTextContent(
      `1 of ${MEASURE_COUNT} measured`,
    );
    expect(screen.getAllByRole('article')).toHaveLength(1);
    const missing = screen.getByRole('region', { name: 'Not recorded yet' });
    expect(within(missing).getAllByRole('link')).toHaveLength(MEASURE_COUNT - 1);
    expect(within(missing).getByRole('link', { name: 'Mood' })).toHaveAttribute(
      'href',
      '/healths/mood?add=1',
    );
  });

  it('shows the direction since the reading before, a line of the last readings and the week’s average', async () => {
    // Sent out of order: the card goes by the time each was taken.
    const before = daysAgo(3);
    serveRecords([
      aReading('Systolic', '124', { minTagValue: '80', takenAt: daysAgo(1) }),
      aReading('Systolic', '150', { minTagValue: '95', takenAt: daysAgo(30) }),
      aReading('Systolic', '132', { minTagValue: '86', takenAt: before }),
    ]);
    renderDashboard();

    const pressure = await screen.findByTestId('tile-bloodPressure');
    expect(within(pressure).getByTestId('trend')).toHaveTextContent(
      `Down from 132/86 mmHg on ${shortDate(before)}`,
    );
    expect(
      within(pressure).getByRole('img', {
        name: 'Last 3 readings, oldest first: 150/95, 132/86, 124/80',
      }),
    ).toBeInTheDocument();
    // (124 + 132) / 2 and (80 + 86) / 2; the reading of 30 days ago is not in the week.
    expect(within(pressure).getByTestId('week-average')).toHaveTextContent(
      '7-day average 128/83 mmHg (2 readings)',
    );
    expect(within(pressure).getByRole('link')).toHaveAccessibleName(
      `Blood pressure: 124/80 mmHg, Elevated. Down from 132/86 mmHg on ${shortDate(before)}. 7-day average 128/83 mmHg (2 readings)`,
    );
  });

  it('says a blood pressure changed, not fell, when its bottom number rose', async () => {
    const before = daysAgo(2);
    serveRecords([
      aReading('Systolic', '130', { minTagValue: '78', takenAt: before }),
      aReading('Systolic', '122', { minTagValue: '88', takenAt: daysAgo(1) }),
    ]);
    renderDashboard();

    const pressure = await screen.findByTestId('tile-bloodPressure');
    expect(within(pressure).getByTestId('trend')).toHaveTextContent(
      `Changed from 130/78 mmHg on ${shortDate(before)}`,
    );
  });

  it('shows no direction or line for a single reading, and compares across a long gap', async () => {
    const longAgo = daysAgo(60);
    serveRecords([
      aReading('Pulse Value', '72', { takenAt: daysAgo(1) }),
      aReading('Blood-sugar', '90', { takenAt: longAgo }),
      aReading('Blood-sugar', '99', { takenAt: daysAgo(2) }),
    ]);
    renderDashboard();

    const pulse = await screen.findByTestId('tile-pulse');
    expect(within(pulse).queryByTestId('trend')).not.toBeInTheDocument();
    expect(within(pulse).queryByRole('img')).not.toBeInTheDocument();
    expect(within(pulse).queryByTestId('week-average')).not.toBeInTheDocument();
    const sugar = screen.getByTestId('tile-sugar');
    expect(within(sugar).getByTestId('trend')).toHaveTextContent(
      `Up from 90 mg/dL on ${shortDate(longAgo)}`,
    );
    // Fasting and after meals together: a trend, never rated, and it says so.
    expect(within(sugar).getByTestId('week-average')).toHaveTextContent(
      '7-day average 99 mg/dL (1 reading, fasting and after meals together)',
    );
    expect(within(sugar).getByTestId('week-average').querySelector('[data-colour]')).toBeNull();
  });

  it('shows the week’s blood sugar average in the unit chosen', async () => {
    window.localStorage.setItem('vitalia.displayUnit.sugar', 'mmol/L');
    serveRecords([
      aReading('Blood-sugar', '90', { takenAt: daysAgo(2) }),
      aReading('Blood-sugar', '108', { takenAt: daysAgo(1) }),
    ]);
    renderDashboard();

    // 99 mg/dL is 5.5 mmol/L.
    expect(
      within(await screen.findByTestId('tile-sugar')).getByTestId('week-average'),
    ).toHaveTextContent('7-day average 5.5 mmol/L (2 readings, fasting and after meals together)');
  });

  it('offers a quick Add reading action: a measure, then its form', async () => {
    serveRecords([]);
    const router = renderDashboard();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add reading' }));
    const menu = screen.getByRole('menu', { name: 'Add reading' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Oxygen saturation',
      'Blood sugar',
      'BMI',
      'Mood',
      'Pulse',
      'Blood pressure',
      'Breathing',
      'Temperature',
      'Cholesterol',
      'Respiratory rate',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Blood pressure' }));
    expect(router.state.location.pathname).toBe('/healths/blood-pressure');
    expect(router.state.location.search).toBe('?add=1');
  });
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('urgent readings on the dashboard', () => {
  it('shows an emergency banner above the score, with what to do and the number to call', async () => {
    serveRecords([
      aReading('SPO2Value', '90', { takenAt: minutesAgo(5) }),
      aReading('Temperature', '36.8', { takenAt: daysAgo(1) }),
    ]);
    renderDashboard();

    const banner = await screen.findByRole('alert', { name: 'Urgent: oxygen saturation 90 %' });
    expect(banner).toHaveTextContent('Get emergency care now');
    expect(banner).toHaveTextContent('Oxygen saturation: 90 %, taken 5 minutes ago');
    expect(banner).toHaveTextContent(
      'What to do first: Call the emergency number now, or have someone take you to the nearest hospital emergency unit.',
    );
    expect(banner).toHaveTextContent('Signs of an emergency: Breathlessness, confusion');
    expect(within(banner).getByRole('link', { name: 'Call 112' })).toHaveAttribute(
      'href',
      'tel:112',
    );
    expect(within(banner).queryByRole('link', { name: /crisis line/i })).not.toBeInTheDocument();
    // Above everything else, the score included.
    const score = screen.getByRole('region', { name: 'Health score' });
    expect(banner.compareDocumentPosition(score) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('leaves when a newer reading of that measure is not urgent', async () => {
    const server = serveRecords([aReading('SPO2Value', '90', { takenAt: minutesAgo(30) })]);
    const { queryClient } = renderDashboard();
    await screen.findByRole('alert', { name: 'Urgent: oxygen saturation 90 %' });

    server.readings.push(aReading('SPO2Value', '97', { takenAt: minutesAgo(1) }));
    await queryClient.invalidateQueries();

    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: /^Urgent/ })).not.toBeInTheDocument(),
    );
    expect(within(screen.getByTestId('tile-oxygen')).getByText('97')).toBeVisible();
  });

  it('says "contact a doctor today" for a reading that needs a doctor today', async () => {
    serveRecords([aReading('SPO2Value', '93', { takenAt: minutesAgo(10) })]);
    renderDashboard();

    const banner = await screen.findByRole('alert', { name: 'Urgent: oxygen saturation 93 %' });
    expect(banner).toHaveTextContent('Contact a doctor today');
    expect(banner).not.toHaveTextContent('Get emergency care now');
    expect(banner).toHaveTextContent(
      'Signs of an emergency: Call the emergency number now, or have someone take you to the nearest hospital emergency unit, if',
    );
    expect(within(banner).getByRole('link', { name: 'Call 112' })).toHaveAttribute(
      'href',
      'tel:112',
    );
  });

  it('gives a very sad mood the crisis line as well as the configured emergency number', async () => {
    serveRecords(
      [
        aReading('Mood', 'Very Sad', { takenAt: minutesAgo(2) }),
        aReading('Pulse Value', '35', { takenAt: minutesAgo(3) }),
      ],
      aProfile(),
      { number: '999', crisisLine: '116 123' },
    );
    renderDashboard();

    const mood = await screen.findByRole('alert', { name: 'Urgent: mood Very Sad' });
    expect(within(mood).getByRole('link', { name: 'Call 999' })).toHaveAttribute('href', 'tel:999');
    expect(within(mood).getByRole('link', { name: 'Crisis line 116 123' })).toHaveAttribute(
      'href',
      'tel:116123',
    );
    // The crisis line is for mood; a pulse of 35 gets the emergency number alone.
    const pulse = screen.getByRole('alert', { name: 'Urgent: pulse 35 bpm' });
    expect(within(pulse).getByRole('link', { name: 'Call 999' })).toBeVisible();
    expect(within(pulse).queryByRole('link', { name: /Crisis line/ })).not.toBeInTheDocument();
    expect(mood).not.toHaveTextContent('Reach someone you trust now');
  });

  it('without a crisis line, asks a very sad person to reach someone they trust now', async () => {
    serveRecords([aReading('Mood', 'Very Sad', { takenAt: minutesAgo(2) })], aProfile(), {
      number: '112',
      crisisLine: null,
    });
    renderDashboard();

    const mood = await screen.findByRole('alert', { name: 'Urgent: mood Very Sad' });
    expect(mood).toHaveTextContent(
      'Reach someone you trust now and tell them how you feel, and call 112 if you might act on thoughts of harming yourself.',
    );
    expect(within(mood).getByRole('link', { name: 'Call 112' })).toHaveAttribute('href', 'tel:112');
    expect(within(mood).queryByRole('link', { name: /Crisis line/ })).not.toBeInTheDocument();
  });

  it('shows no banner when nothing is urgent', async () => {
    serveRecords([aReading('SPO2Value', '96'), aReading('Cholesterol Value', '250')]);
    renderDashboard();

    await screen.findByTestId('dashboard-score');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the same reading looks the same as on My Health', () => {
  it('shows blood sugar and temperature in the units chosen on My Health', async () => {
    window.localStorage.setItem('vitalia.displayUnit.sugar', 'mmol/L');
    window.localStorage.setItem('vitalia.displayUnit.temperature', '°F');
    serveRecords([aReading('Blood-sugar', '130'), aReading('Temperature', '37.0')]);
    renderDashboard();

    const sugar = await screen.findByTestId('tile-sugar');
    expect(within(sugar).getByText('7.2')).toBeVisible();
    expect(within(sugar).getByText('mmol/L')).toBeVisible();
    expect(sugar).not.toHaveTextContent('130');
    const temperature = screen.getByTestId('tile-temperature');
    expect(within(temperature).getByText('98.6')).toBeVisible();
    expect(within(temperature).getByText('°F')).toBeVisible();
  });

  it('shows a blood sugar typed in mmol/L as it was typed', async () => {
    window.localStorage.setItem('vitalia.displayUnit.sugar', 'mmol/L');
    serveRecords([aReading('Blood-sugar', '80', { enteredValue: '4.4', enteredUnit: 'mmol/L' })]);
    renderDashboard();

    expect(within(await screen.findByTestId('tile-sugar')).getByText('4.4')).toBeVisible();
  });

  it('reads breathing as FEV1/FEV2, as My Health does', async () => {
    serveRecords([aReading('FEV2', '88', { minTagValue: '92' })]);
    renderDashboard();

    const breathing = await screen.findByTestId('tile-breathing');
    expect(within(breathing).getByText('92/88')).toBeVisible();
    expect(within(breathing).getByText('% of predicted')).toBeVisible();
    expect(within(breathing).getByText('FEV1/FEV2')).toBeVisible();
  });
});

describe('notes under the results', () => {
  it('says that Vitalia does not diagnose', async () => {
    serveRecords([aReading('SPO2Value', '97')]);
    renderDashboard();

    const notes = await screen.findByRole('complementary', { name: 'About these results' });
    expect(notes).toHaveTextContent(
      'Vitalia helps you follow your readings; it does not diagnose.',
    );
    expect(notes).not.toHaveTextContent('under 18');
  });

  it('tells someone under 18 that the adult ranges do not apply', async () => {
    const dob = new Date(Date.now() - 15 * 365.25 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    serveRecords([aReading('SPO2Value', '97')], aProfile({ dob }));
    renderDashboard();

    const notes = await screen.findByRole('complementary', { name: 'About these results' });
    expect(notes).toHaveTextContent('do not apply to people under 18');
    expect(notes).toHaveTextContent('it does not diagnose');
  });
});

describe('dashboard loading and errors', () => {
  it('shows skeletons while loading, then the dashboard', async () => {
    serveRecords([]);
    renderDashboard();

    expect(screen.getByRole('status', { name: 'Loading your dashboard' })).toBeInTheDocument();
    expect(
      await screen.findByRole('region', { name: 'Welcome. Start with one reading' }),
    ).toBeVisible();
    expect(
      screen.queryByRole('status', { name: 'Loading your dashboard' }),
    ).not.toBeInTheDocument();
  });

  it('shows an error with Retry, and retrying loads the dashboard', async () => {
    fakeApi.on('GET', recordsPaths.analysis, { status: 500, body: { errors: ['Down.'] } });
    renderDashboard();

    expect(await screen.findByText('Your readings could not be loaded')).toBeVisible();
    serveRecords([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));

    expect(
      await screen.findByRole('region', { name: 'Welcome. Start with one reading' }),
    ).toBeVisible();
  });
});

describe('dashboard risk factors', () => {
  it('lists each yes answer with advice and a link to its article', async () => {
    serveRecords([]);
    fakeApi.on('GET', assessmentPath, {
      status: 200,
      body: anAssessment({ smoke: true, illness: true, cancer: true }),
    });
    renderDashboard();

    const section = await screen.findByRole('region', { name: 'Risk factors' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('heading', { name: 'Smoking' })).toBeVisible();
    expect(within(items[0]!).getByText(/Stopping at any age/)).toBeVisible();
    expect(within(section).getByRole('link', { name: 'Read about smoking' })).toHaveAttribute(
      'href',
      '/education/smoking',
    );
    expect(
      within(section).getByRole('link', { name: 'Read about existing illness' }),
    ).toHaveAttribute('href', '/education/living-with-an-existing-illness');
    expect(
      within(section).getByRole('link', { name: 'Read about cancer history' }),
    ).toHaveAttribute('href', '/education/cancer-risk');
    expect(within(section).queryByText('Alcohol')).not.toBeInTheDocument();
  });

  it('says what was told about health and what each answer changes, only for yes', async () => {
    serveRecords([]);
    fakeApi.on('GET', assessmentPath, {
      status: 200,
      body: anAssessment({ diabetes: true, pregnant: true, sickleCell: false }),
    });
    renderDashboard();

    const section = await screen.findByRole('region', { name: 'Risk factors' });
    expect(await within(section).findByText(/reveal no risk factors/)).toBeVisible();
    const told = within(section).getByRole('region', {
      name: 'What you told us about your health',
    });
    const items = within(told).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Diabetes: A blood sugar reading you do not mark yourself is rated/),
      expect.stringMatching(/^Pregnancy: Blood pressure of 140\/90 or more means contacting/),
    ]);
  });

  it('encourages when the answers reveal no risk', async () => {
    serveRecords([]);
    fakeApi.on('GET', assessmentPath, { status: 200, body: anAssessment() });
    renderDashboard();

    const section = await screen.findByRole('region', { name: 'Risk factors' });
    expect(await within(section).findByText(/reveal no risk factors/)).toBeVisible();
    expect(within(section).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('points to the assessment when none is saved', async () => {
    serveRecords([]);
    fakeApi.on('GET', assessmentPath, { status: 404, body: { errors: ['No assessment.'] } });
    renderDashboard();

    expect(
      await screen.findByText('Answer the risk assessment from ‘Update health data’ in the menu.'),
    ).toBeVisible();
  });
});

describe('the copy of the dashboard painted at the next start', () => {
  let root: HTMLElement;
  beforeEach(() => {
    forgetScreenSnapshotStateForTests();
    root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
  });
  afterEach(() => {
    dropScreenSnapshot();
    root.remove();
  });

  const keptHtml = () =>
    (
      JSON.parse(window.localStorage.getItem(screenSnapshotKey) ?? '{"html":""}') as {
        html: string;
      }
    ).html;

  it('stands in until the readings show, and a copy of what they show is kept a second later', async () => {
    keepScreenSnapshot({
      owner: 'user-1',
      path: '/',
      savedAt: Date.now() - 3600_000,
      html: '<h2>Your measures</h2><p>Oxygen saturation 91 %</p>',
      css: '',
      width: window.innerWidth,
    });
    expect(paintScreenSnapshot()).toBe(true);
    serveRecords([aReading('SPO2Value', '97', { takenAt: daysAgo(1) })]);

    renderDashboard(undefined, { container: appContainer() ?? undefined });

    expect(await screen.findByTestId('dashboard-score')).toBeVisible();
    expect(document.getElementById(screenSnapshotId)).toBeNull();
    expect(document.getElementById('root')).toBe(root);
    await waitFor(() => expect(keptHtml()).not.toContain('91 %'), { timeout: 4000 });
    expect(keptHtml()).toContain('Oxygen saturation');
    expect(keptHtml()).toMatch(/97\s*(<[^>]*>\s*)*%/);
  });
});
