import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { limitMessage, READING_LIMITS } from '@vitalia/health/measurement-limits.catalog';
import { followedMeasurePath, recordsPaths } from '@vitalia/api/records.contract';
import { remindersPaths } from '@vitalia/api/reminders.contract';
import { MEASURE_COUNT } from '@vitalia/health/measure.catalog';
import { fakeApi } from '../../../test/fake-api';
import { aReading, serveRecords } from '../../../test/health-fixtures';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

beforeEach(() => signInAs());

function chipIn(scope: HTMLElement) {
  const chip = scope.querySelector<HTMLElement>('[data-colour]');
  if (!chip) throw new Error('No rating chip here');
  return { colour: chip.dataset.colour, label: chip.textContent };
}

async function openForm(user: UserEvent, name: string) {
  const card = await screen.findByRole('region', { name });
  await user.click(within(card).getByRole('button', { name: 'Add reading' }));
  return screen.findByRole('dialog', { name: `Add a reading: ${name}` });
}

function preview(dialog: HTMLElement) {
  return within(dialog).getByRole('status', { name: 'What this reading means' });
}

function sent(): Record<string, unknown> | undefined {
  return fakeApi.requestsTo('POST', recordsPaths.health).at(-1)?.body as
    Record<string, unknown> | undefined;
}

describe('My Health - Vitals', () => {
  it('shows the score as in range of every measure beside how many are measured, and each measure with its value, rating, advice and time', async () => {
    serveRecords([
      aReading('SPO2Value', '97', { takenAt: '2026-01-15T08:30:00.000Z' }),
      aReading('Systolic', '135', { minTagValue: '85' }),
      aReading('Temperature', '36.8'),
    ]);
    renderApp('/healths');

    expect(await screen.findByTestId('health-score')).toHaveTextContent(
      // The oxygen reading is months old: measured, but no longer followed.
      `In range: 1 of 2 · 3 of ${MEASURE_COUNT} measured`,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'My Health - Vitals' })).toBeVisible();

    const oxygen = screen.getByRole('region', { name: 'Oxygen saturation' });
    expect(within(oxygen).getByText('97')).toBeVisible();
    expect(chipIn(oxygen)).toEqual({ colour: 'green', label: 'Normal' });
    expect(oxygen).toHaveTextContent('(Sources: NHS England, Pulse oximetry');
    expect(within(oxygen).getByText(/ago$/)).toHaveAttribute('title', '15 Jan 2026, 08:30');
    // Taken more than 90 days ago: green, but old, and it earns no point.
    expect(within(oxygen).getByTestId('old-oxygen')).toHaveTextContent(
      'Old reading: over 90 days old, so it does not count in your score. Add a new reading',
    );
    const chips = within(screen.getByRole('region', { name: 'Health score' }));
    expect(chips.getByText('1 in range')).toBeVisible();
    expect(chips.getByText('1 old reading')).toBeVisible();
    expect(within(oxygen).getByRole('link', { name: 'Oxygen saturation history' })).toHaveAttribute(
      'href',
      '/healths/oxygen',
    );

    const pressure = screen.getByRole('region', { name: 'Blood pressure' });
    expect(within(pressure).getByText('135/85')).toBeVisible();
    expect(chipIn(pressure)).toEqual({ colour: 'red', label: 'High' });
    expect(within(pressure).queryByText('Old reading')).not.toBeInTheDocument();

    const bmi = screen.getByRole('region', { name: 'BMI' });
    expect(chipIn(bmi)).toEqual({ colour: 'grey', label: 'No reading yet' });
    // A complete profile needs no reminder.
    expect(screen.queryByRole('link', { name: 'Complete profile' })).not.toBeInTheDocument();
  });

  it('asks for date of birth, gender and height when the profile lacks them', async () => {
    serveRecords([], aProfile({ dob: null, heightMM: null }));
    renderApp('/healths');

    expect(await screen.findByRole('link', { name: 'Complete profile' })).toHaveAttribute(
      'href',
      '/account/profile?edit=true',
    );
    // Nothing recorded: how to start rather than a bare zero.
    expect(screen.getByTestId('health-score')).toHaveTextContent('No readings yet');
    expect(screen.getByRole('region', { name: 'Health score' })).not.toHaveTextContent(
      new RegExp(`\\b0 of ${MEASURE_COUNT}\\b|0/${MEASURE_COUNT}`),
    );
  });

  it('says when the readings cannot be loaded, and tries again on Retry', async () => {
    serveRecords([aReading('Mood', 'Happy')]);
    fakeApi.on('GET', recordsPaths.analysis, {
      status: 500,
      body: { errors: ['The server is resting.'] },
    });
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Your readings could not be loaded');
    expect(alert).toHaveTextContent('The server is resting.');
    serveRecords([aReading('Mood', 'Happy')]);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('health-score')).toHaveTextContent(
      `In range: 1 of 1 · 1 of ${MEASURE_COUNT} measured`,
    );
  });

  it('shows the 7-day average blood pressure beside the newest reading, and nothing without one', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600 * 1000).toISOString();
    serveRecords([
      aReading('Systolic', '124', { minTagValue: '80', takenAt: hoursAgo(2) }),
      aReading('Systolic', '131', { minTagValue: '87', takenAt: hoursAgo(30) }),
      aReading('Systolic', '129', { minTagValue: '84', takenAt: hoursAgo(100) }),
      // Eight days ago: not in the week.
      aReading('Systolic', '170', { minTagValue: '100', takenAt: hoursAgo(8 * 24) }),
    ]);
    renderApp('/healths');

    const pressure = await screen.findByRole('region', { name: 'Blood pressure' });
    expect(within(pressure).getByText('124/80')).toBeVisible();
    expect(within(pressure).getByTestId('blood-pressure-week')).toHaveTextContent(
      '7-day average 128/84 mmHg (3 readings)',
    );
  });

  it('shows no 7-day average when no blood pressure was taken this week', async () => {
    serveRecords([
      aReading('Systolic', '120', { minTagValue: '78', takenAt: '2026-01-15T08:30:00.000Z' }),
    ]);
    renderApp('/healths');

    const pressure = await screen.findByRole('region', { name: 'Blood pressure' });
    expect(within(pressure).getByText('120/78')).toBeVisible();
    expect(within(pressure).queryByTestId('blood-pressure-week')).not.toBeInTheDocument();
    expect(pressure).not.toHaveTextContent('7-day average');
  });

  it('puts an urgent reading in a banner above the score, with the number to call', async () => {
    serveRecords([aReading('Systolic', '45', { minTagValue: '30' }), aReading('Mood', 'Happy')]);
    renderApp('/healths');

    const banner = await screen.findByRole('alert', {
      name: 'Urgent: blood pressure 45/30 mmHg',
    });
    expect(banner).toHaveTextContent('Get emergency care now');
    expect(banner).toHaveTextContent('What to do first: Lie down with your legs raised.');
    expect(within(banner).getByRole('link', { name: 'Call 112' })).toHaveAttribute(
      'href',
      'tel:112',
    );
    expect(within(banner).getByRole('link', { name: 'Record a new reading' })).toHaveAttribute(
      'href',
      '/healths/blood-pressure?add=1',
    );
    const score = screen.getByRole('region', { name: 'Health score' });
    expect(banner.compareDocumentPosition(score) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(chipIn(screen.getByRole('region', { name: 'Blood pressure' })).colour).toBe('red');
  });

  it('counts a measure chosen in "Measures in your score" before its first reading, and stops when switched off', async () => {
    const user = userEvent.setup();
    const server = serveRecords([
      aReading('SPO2Value', '97', { takenAt: '2026-01-15T08:30:00.000Z' }),
      aReading('Temperature', '36.8'),
    ]);
    renderApp('/healths');
    const score = await screen.findByTestId('health-score');
    expect(score).toHaveTextContent(`In range: 1 of 1 · 2 of ${MEASURE_COUNT} measured`);

    await user.click(screen.getByRole('button', { name: 'Measures in your score' }));
    const dialog = await screen.findByRole('dialog', { name: 'Measures in your score' });
    const pressure = within(dialog).getByRole('switch', { name: 'Blood pressure' });
    expect(pressure).not.toBeChecked();
    expect(pressure).toHaveAccessibleDescription('Not counted: no reading yet');
    expect(
      within(dialog).getByRole('switch', { name: 'Oxygen saturation' }),
    ).toHaveAccessibleDescription('Not counted: its reading is more than 90 days old');
    expect(within(dialog).getByRole('switch', { name: 'Temperature' })).toHaveAccessibleDescription(
      'Counted while its reading is less than 90 days old',
    );

    await user.click(pressure);
    await waitFor(() => expect(server.chosen).toEqual(['bloodPressure']));
    expect(pressure).toBeChecked();
    expect(pressure).toHaveAccessibleDescription('Counted: waiting for its first reading');
    // The pressure is not yet in range: the score asks for it.
    expect(score).toHaveTextContent(`In range: 1 of 2 · 2 of ${MEASURE_COUNT} measured`);

    await user.click(within(dialog).getByRole('switch', { name: 'Oxygen saturation' }));
    await waitFor(() => expect(server.chosen).toEqual(['oxygen', 'bloodPressure']));
    expect(score).toHaveTextContent(`In range: 1 of 3 · 2 of ${MEASURE_COUNT} measured`);

    await user.click(pressure);
    await waitFor(() => expect(server.chosen).toEqual(['oxygen']));
    expect(pressure).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(score).toHaveTextContent(`In range: 1 of 2 · 2 of ${MEASURE_COUNT} measured`);
  });

  it('puts the switch back and says why when the choice cannot be saved', async () => {
    const user = userEvent.setup();
    serveRecords([aReading('Temperature', '36.8')]);
    fakeApi.on('PUT', followedMeasurePath('sugar'), {
      status: 503,
      body: { errors: ['The server is busy: try again in a minute.'] },
    });
    renderApp('/healths');
    await user.click(await screen.findByRole('button', { name: 'Measures in your score' }));
    const dialog = await screen.findByRole('dialog', { name: 'Measures in your score' });
    const sugar = within(dialog).getByRole('switch', { name: 'Blood sugar' });
    await user.click(sugar);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not saved: The server is busy: try again in a minute.',
    );
    expect(sugar).not.toBeChecked();
    expect(screen.getByTestId('health-score')).toHaveTextContent('In range: 1 of 1');
  });

  it('says under the results that Vitalia does not diagnose, and for a teenager that adult ranges do not apply', async () => {
    const dob = new Date(Date.now() - 16 * 365.25 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    serveRecords([aReading('Mood', 'Happy')], aProfile({ dob }));
    renderApp('/healths');

    const notes = await screen.findByRole('complementary', { name: 'About these results' });
    expect(notes).toHaveTextContent(
      'Vitalia helps you follow your readings; it does not diagnose.',
    );
    expect(notes).toHaveTextContent('do not apply to people under 18');
    const measures = screen.getByRole('region', { name: 'Your measures' });
    expect(measures.compareDocumentPosition(notes) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('puts reminders, the weekly summary, sharing and importing before the measures', async () => {
    serveRecords([aReading('Mood', 'Happy')]);
    fakeApi.on('GET', remindersPaths.list, { status: 200, body: { items: [] } });
    renderApp('/healths');

    const reminders = await screen.findByRole('region', { name: 'Reminders' });
    const measures = screen.getByRole('region', { name: 'Your measures' });
    const tools = [
      reminders,
      within(reminders).getByRole('switch', { name: 'Weekly summary by mail' }),
      screen.getByRole('region', { name: 'Share with your doctor' }),
      screen.getByRole('region', { name: 'Bring in your history' }),
    ];
    for (const tool of tools) {
      expect(
        tool.compareDocumentPosition(measures) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
    // Each keeps its way in, and says where the measures are now.
    expect(screen.getByRole('link', { name: 'Share your readings' })).toHaveAttribute(
      'href',
      '/sharing',
    );
    expect(screen.getByRole('button', { name: 'Import readings' })).toBeVisible();
    expect(reminders).toHaveTextContent('Choose ‘Remind me’ on a measure below');
  });
});

// docs/clinical-reference.md, measure by measure: what the form shows while typing, and what it sends.
describe('adding a reading, rated while it is typed', () => {
  it('oxygen: 93 % is low, red; saving sends it and refreshes the card and the score', async () => {
    serveRecords([aReading('Mood', 'Happy')]);
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'Oxygen saturation');
    expect(preview(dialog)).toHaveTextContent('Type your oxygen saturation to see what it means.');
    await user.type(within(dialog).getByLabelText('Oxygen saturation (SpO2)'), '93');
    expect(chipIn(preview(dialog))).toEqual({ colour: 'red', label: 'Low' });
    expect(preview(dialog)).toHaveTextContent('contact a doctor or clinic today');
    expect(preview(dialog)).toHaveTextContent('(Sources: NHS England, Pulse oximetry');
    const analysisCalls = fakeApi.requestsTo('GET', recordsPaths.analysis).length;
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent()).toEqual({
      Tag: 'SPO2Value',
      TagValue: 93,
      DirectFromDevice: false,
      MinTagValue: '',
      MinTag: '',
      Narration: '',
      Device: '',
      Report: '',
      Note: '',
      // Fixed when saved, with a key for the reading, so a repeat of the send is the same
      // reading to the server (decision 0035).
      TakenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(fakeApi.requestsTo('POST', recordsPaths.health)[0]?.headers['Idempotency-Key']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    // The analysis was fetched again, so the card shows the new reading.
    const card = screen.getByRole('region', { name: 'Oxygen saturation' });
    await waitFor(() => expect(chipIn(card)).toEqual({ colour: 'red', label: 'Low' }));
    expect(fakeApi.requestsTo('GET', recordsPaths.analysis).length).toBeGreaterThan(analysisCalls);
    expect(within(card).getByText('93')).toBeVisible();
    expect(await screen.findByText('Oxygen saturation reading saved: Low.')).toBeVisible();
    // 93 % asks for a doctor today: the banner is there as soon as the reading is saved.
    const banner = screen.getByRole('alert', { name: 'Urgent: oxygen saturation 93 %' });
    expect(banner).toHaveTextContent('Contact a doctor today');
  });

  it('blood pressure: 135/85 is high, red, sent as systolic with the diastolic second', async () => {
    serveRecords([]);
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'Blood pressure');
    await user.type(within(dialog).getByLabelText('Systolic'), '135');
    expect(preview(dialog)).toHaveTextContent('Type both numbers to see what they mean.');
    await user.type(within(dialog).getByLabelText('Diastolic'), '85');
    expect(chipIn(preview(dialog))).toEqual({ colour: 'red', label: 'High' });
    expect(preview(dialog)).toHaveTextContent('135/85 mmHg');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent()).toMatchObject({
      Tag: 'Systolic',
      TagValue: 135,
      MinTag: 'Diastolic',
      MinTagValue: 85,
    });
  });

  it('blood sugar: 5.5 mmol/L fasting without diabetes is normal, green, and sent as typed', async () => {
    serveRecords([]);
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'Blood sugar');
    await user.click(within(dialog).getByRole('button', { name: 'mmol/L' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Blood sugar' }), '5.5');
    expect(chipIn(preview(dialog))).toEqual({ colour: 'green', label: 'Normal' });
    // Shown as typed; the server rates it by ADA's mg/dL equivalents, as the preview does.
    expect(preview(dialog)).toHaveTextContent('5.5 mmol/L');
    expect(preview(dialog)).toHaveTextContent('A usual fasting blood sugar');

    // With diabetes, after a meal: the after-meal table for people with diabetes.
    await user.click(within(dialog).getByRole('switch', { name: 'I have diabetes' }));
    await user.click(
      within(dialog).getByRole('switch', { name: 'I have eaten in the last 2 hours' }),
    );
    expect(preview(dialog)).toHaveTextContent(
      'Within the after-meal target for most adults with diabetes',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent()).toMatchObject({
      Tag: 'Blood-sugar',
      TagValue: 5.5,
      Unit: 'mmol/L',
      Narration: 'HadDiabetics HadMeal',
    });
  });

  it('blood sugar: a meter that shows HI or LO is answered without a number, with the number to call', async () => {
    const user = userEvent.setup();
    serveRecords([]);
    renderApp('/healths');
    const dialog = await openForm(user, 'Blood sugar');
    const advice = within(dialog).getByText('Meter shows HI or LO instead of a number?');
    // Folded away until asked for.
    expect(within(dialog).getByText(/^HI: your sugar is higher/)).not.toBeVisible();
    await user.click(advice);
    expect(within(dialog).getByText(/^HI: your sugar is higher/)).toHaveTextContent(
      'Go to the nearest hospital emergency unit now, or call the emergency number.',
    );
    expect(within(dialog).getByText(/^LO: your sugar is lower/)).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Call 112' })).toHaveAttribute(
      'href',
      'tel:112',
    );

    // Typed as the meter shows it, it is answered with what to do, not 'type a number'.
    await user.type(within(dialog).getByLabelText('Blood sugar'), 'HI');
    expect(preview(dialog)).toHaveTextContent(
      'Get emergency care nowHI: your sugar is higher than the meter can read.',
    );
    expect(within(preview(dialog)).getByRole('link', { name: 'Call 112' })).toBeVisible();
    await user.clear(within(dialog).getByLabelText('Blood sugar'));
    await user.type(within(dialog).getByLabelText('Blood sugar'), 'lo');
    expect(preview(dialog)).toHaveTextContent('LO: your sugar is lower than the meter can read.');
  });

  it('pulse: a reading that completes an emergency read together says so when saved, and shows the banner', async () => {
    const user = userEvent.setup();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    serveRecords([
      aReading('Temperature', '39.0', { takenAt: minutesAgo(30) }),
      aReading('Systolic', '88', { minTagValue: '58', takenAt: minutesAgo(20) }),
    ]);
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderApp('/healths');
    const dialog = await openForm(user, 'Pulse');
    await user.type(within(dialog).getByLabelText('Resting pulse'), '118');
    // Alone, 118 asks for nothing urgent.
    expect(preview(dialog)).not.toHaveTextContent('Get emergency care now');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    expect(
      await screen.findByText(
        'Pulse reading saved: Fast. Read with your other readings, this needs emergency care now: see the banner at the top.',
      ),
    ).toBeVisible();
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    scroll.mockRestore();
    expect(
      await screen.findByRole('alert', { name: 'Urgent: 3 readings together' }),
    ).toHaveTextContent('Get emergency care now');
  });

  it('BMI: 60 kg at the profile height of 165 cm is 22, normal, green', async () => {
    serveRecords([], aProfile({ heightMM: 1650 }));
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'BMI');
    await user.type(within(dialog).getByLabelText('Weight'), '60');
    expect(chipIn(preview(dialog))).toEqual({ colour: 'green', label: 'Normal' });
    expect(preview(dialog)).toHaveTextContent('22 kg/m²');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    // Every digit is sent: a rounding could carry a BMI across an edge.
    expect(sent()).toMatchObject({ Tag: 'BMI', TagValue: 60 / (1.65 * 1.65) });
  });

  it('BMI: without a height in the profile it is typed directly, and the profile is offered', async () => {
    serveRecords([], aProfile({ heightMM: null }));
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'BMI');
    expect(within(dialog).queryByLabelText('Weight')).not.toBeInTheDocument();
    expect(
      within(dialog).getByRole('link', { name: 'add your height to your profile' }),
    ).toHaveAttribute('href', '/account/profile?edit=true');
    await user.type(within(dialog).getByLabelText('BMI'), '31.2');
    expect(chipIn(preview(dialog))).toEqual({ colour: 'red', label: 'Obese (class I)' });
  });

  it('mood: four choices; Very Sad is a bad mood, red, with the crisis advice', async () => {
    serveRecords([]);
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'Mood');
    const choices = within(dialog).getByRole('group', { name: 'Mood' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Happy', 'Neutral', 'Sad', 'Very Sad']);
    await user.click(within(choices).getByRole('button', { name: 'Very Sad' }));
    expect(chipIn(preview(dialog))).toEqual({ colour: 'red', label: 'Very low mood' });
    expect(preview(dialog)).toHaveTextContent('call the emergency number or a crisis line now');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent()).toMatchObject({ Tag: 'Mood', TagValue: 'Very Sad' });
    const banner = await screen.findByRole('alert', { name: 'Urgent: mood Very Sad' });
    expect(banner).toHaveTextContent('Get emergency care now');
    expect(within(banner).getByRole('link', { name: 'Call 112' })).toHaveAttribute(
      'href',
      'tel:112',
    );
  });

  it('pulse: rated for a woman of her age from the profile; the adult range without one', async () => {
    // Born 10 December 1985: 40 in 2026, and 62 is Excellent for women in every age band from 26.
    serveRecords([], aProfile({ gender: 'Female', dob: '1985-12-10' }));
    const view = renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    let dialog = await openForm(user, 'Pulse');
    await user.type(within(dialog).getByLabelText('Resting pulse'), '62');
    // Coloured by the clinical range, with the fitness chart's row as the second line.
    expect(chipIn(preview(dialog))).toEqual({ colour: 'green', label: 'Normal' });
    expect(preview(dialog)).toHaveTextContent('Fitness: Excellent');
    expect(preview(dialog)).toHaveTextContent('for women aged');
    view.unmount();

    serveRecords([], aProfile({ gender: null, dob: null }));
    renderApp('/healths');
    dialog = await openForm(user, 'Pulse');
    expect(
      within(dialog).getByRole('link', { name: 'Add your date of birth and gender' }),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText('Resting pulse'), '102');
    expect(chipIn(preview(dialog))).toEqual({ colour: 'yellow', label: 'Fast' });
  });

  it('breathing: FEV1 85 and FEV2 75 are borderline, yellow; FEV1 is sent as the second value', async () => {
    serveRecords([]);
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'Breathing');
    await user.type(within(dialog).getByLabelText('FEV1'), '85');
    await user.type(within(dialog).getByLabelText('FEV2'), '75');
    expect(chipIn(preview(dialog))).toEqual({
      colour: 'yellow',
      label: 'Borderline: repeat the test',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent()).toMatchObject({ Tag: 'FEV2', TagValue: 75, MinTag: 'FEV1', MinTagValue: 85 });
  });

  it('temperature: 100.4 °F is 38.0 °C, a fever to test for malaria today, and is sent in °C', async () => {
    serveRecords([]);
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'Temperature');
    await user.click(within(dialog).getByRole('button', { name: '°F' }));
    await user.type(within(dialog).getByLabelText('Body temperature'), '100.4');
    expect(chipIn(preview(dialog))).toEqual({ colour: 'red', label: 'Fever' });
    expect(preview(dialog)).toHaveTextContent('38.0 °C');
    expect(preview(dialog)).toHaveTextContent('Get a malaria test today');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent()).toMatchObject({ Tag: 'Temperature', TagValue: 38 });
    // The card reads in the unit chosen, with the stored one beside it.
    const card = screen.getByRole('region', { name: 'Temperature' });
    await waitFor(() => expect(card).toHaveTextContent('100.4°F'));
    expect(card).toHaveTextContent('38.0 °C');
  });

  it('cholesterol: 6.5 mmol/L is 251 mg/dL, high, red', async () => {
    serveRecords([]);
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'Cholesterol');
    await user.click(within(dialog).getByRole('button', { name: 'mmol/L' }));
    await user.type(within(dialog).getByLabelText('Total cholesterol'), '6.5');
    expect(chipIn(preview(dialog))).toEqual({ colour: 'red', label: 'High' });
    expect(preview(dialog)).toHaveTextContent('251 mg/dL');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent()).toMatchObject({ Tag: 'Cholesterol Value', TagValue: 251 });
  });

  it('converts what is typed when the unit changes', async () => {
    serveRecords([]);
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'Blood sugar');
    const field = within(dialog).getByRole('textbox', { name: 'Blood sugar' });
    await user.type(field, '99');
    await user.click(within(dialog).getByRole('button', { name: 'mmol/L' }));
    expect(field).toHaveValue('5.5');
    await user.click(within(dialog).getByRole('button', { name: 'mg/dL' }));
    expect(field).toHaveValue('99');
  });
});

describe('the form refuses what the server would, in the same words', () => {
  it.each([
    {
      measure: 'Oxygen saturation',
      field: 'Oxygen saturation (SpO2)',
      typed: '101',
      message: limitMessage(READING_LIMITS.spo2),
    },
    {
      // (A mmol/L figure typed as mg/dL is asked about first: see reading-form-dialog.test.tsx.)
      measure: 'Blood sugar',
      field: 'Blood sugar',
      typed: '1200',
      message: 'Blood sugar must be a number between 10 and 1000 mg/dL',
    },
    {
      measure: 'Resting pulse',
      card: 'Pulse',
      field: 'Resting pulse',
      typed: 'fast',
      message: 'Pulse must be a number between 20 and 250 bpm',
    },
  ])('$measure: $typed', async ({ measure, card, field, typed, message }) => {
    serveRecords([]);
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, card ?? measure);
    const input = within(dialog).getByRole('textbox', { name: field });
    await user.type(input, typed);
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    await waitFor(() => expect(input).toHaveAccessibleDescription(message));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(fakeApi.requestsTo('POST', recordsPaths.health)).toEqual([]);
  });

  it('gives the limits in the unit typed', async () => {
    serveRecords([]);
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'Temperature');
    await user.click(within(dialog).getByRole('button', { name: '°F' }));
    const temperature = within(dialog).getByLabelText('Body temperature');
    await user.type(temperature, '37');
    // 37 °F is not a body temperature; the preview says so before saving.
    expect(preview(dialog)).toHaveTextContent('Temperature must be a number between 77 and 113 °F');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    await waitFor(() =>
      expect(temperature).toHaveAccessibleDescription(
        'Temperature must be a number between 77 and 113 °F',
      ),
    );
    expect(fakeApi.requestsTo('POST', recordsPaths.health)).toEqual([]);
  });

  it('refuses a diastolic pressure that is not below the systolic', async () => {
    serveRecords([]);
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'Blood pressure');
    await user.type(within(dialog).getByLabelText('Systolic'), '80');
    const diastolic = within(dialog).getByLabelText('Diastolic');
    await user.type(diastolic, '90');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    await waitFor(() =>
      expect(diastolic).toHaveAccessibleDescription(
        'Diastolic pressure must be below systolic pressure',
      ),
    );
    expect(fakeApi.requestsTo('POST', recordsPaths.health)).toEqual([]);
  });

  it('asks for a mood before saving one', async () => {
    serveRecords([]);
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'Mood');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    expect(
      await within(dialog).findByText('Mood must be one of: Happy, Neutral, Sad, Very Sad'),
    ).toBeVisible();
    expect(fakeApi.requestsTo('POST', recordsPaths.health)).toEqual([]);
  });

  it('shows the server’s refusal beside the field it names, and any other failure above', async () => {
    serveRecords([]);
    fakeApi.on('POST', recordsPaths.health, {
      status: 400,
      body: { errors: ['TagValue: SpO2 from this device is not accepted'] },
    });
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'Oxygen saturation');
    const input = within(dialog).getByLabelText('Oxygen saturation (SpO2)');
    await user.type(input, '97');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('SpO2 from this device is not accepted'),
    );

    fakeApi.on('POST', recordsPaths.health, {
      status: 500,
      body: { errors: ['Something went wrong on our side.'] },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side.',
    );
    // Still open, as typed.
    expect(input).toHaveValue('97');
  });
});
