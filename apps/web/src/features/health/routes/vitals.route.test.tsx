import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { limitMessage, READING_LIMITS } from '@vitalia/api/reading-limits.catalog';
import { recordsPaths } from '@vitalia/api/records.contract';
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
  it('shows the score out of 9 and each measure with its value, rating, advice and time', async () => {
    serveRecords([
      aReading('SPO2Value', '97', { takenAt: '2026-01-15T08:30:00.000Z' }),
      aReading('Systolic', '135', { minTagValue: '85' }),
    ]);
    renderApp('/healths');

    expect(await screen.findByTestId('health-score')).toHaveTextContent('1/9');
    expect(screen.getByRole('heading', { level: 1, name: 'My Health - Vitals' })).toBeVisible();

    const oxygen = screen.getByRole('region', { name: 'Oxygen saturation' });
    expect(within(oxygen).getByText('97')).toBeVisible();
    expect(chipIn(oxygen)).toEqual({ colour: 'green', label: 'Normal' });
    expect(oxygen).toHaveTextContent('(Source: WHO)');
    expect(within(oxygen).getByText(/ago$/)).toHaveAttribute('title', '15 Jan 2026, 08:30');
    expect(within(oxygen).getByRole('link', { name: 'Oxygen saturation history' })).toHaveAttribute(
      'href',
      '/healths/oxygen',
    );

    const pressure = screen.getByRole('region', { name: 'Blood pressure' });
    expect(within(pressure).getByText('135/85')).toBeVisible();
    expect(chipIn(pressure)).toEqual({ colour: 'red', label: 'High' });

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
    expect(screen.getByTestId('health-score')).toHaveTextContent('0/9');
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
    expect(await screen.findByTestId('health-score')).toHaveTextContent('1/9');
  });
});

// decisions.md section 4, measure by measure: what the form shows while typing, and what it sends.
describe('adding a reading, rated while it is typed', () => {
  it('oxygen: 93 % is low, red; saving sends it and refreshes the card and the score', async () => {
    serveRecords([aReading('Mood', 'Happy')]);
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'Oxygen saturation');
    expect(preview(dialog)).toHaveTextContent('Type your oxygen saturation to see what it means.');
    await user.type(within(dialog).getByLabelText('Oxygen saturation (SpO2)'), '93');
    expect(chipIn(preview(dialog))).toEqual({ colour: 'red', label: 'Low' });
    expect(preview(dialog)).toHaveTextContent('(Source: WHO)');
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
    });
    // The analysis was fetched again, so the card shows the new reading.
    const card = screen.getByRole('region', { name: 'Oxygen saturation' });
    await waitFor(() => expect(chipIn(card)).toEqual({ colour: 'red', label: 'Low' }));
    expect(fakeApi.requestsTo('GET', recordsPaths.analysis).length).toBeGreaterThan(analysisCalls);
    expect(within(card).getByText('93')).toBeVisible();
    expect(await screen.findByText('Oxygen saturation reading saved: Low.')).toBeVisible();
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

  it('blood sugar: 5.5 mmol/L fasting without diabetes is 99 mg/dL, normal, green', async () => {
    serveRecords([]);
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'Blood sugar');
    await user.click(within(dialog).getByRole('button', { name: 'mmol/L' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Blood sugar' }), '5.5');
    expect(chipIn(preview(dialog))).toEqual({ colour: 'green', label: 'Normal' });
    expect(preview(dialog)).toHaveTextContent('99 mg/dL');
    expect(preview(dialog)).toHaveTextContent('Normal fasting blood sugar');

    // With diabetes, after a meal: the after-meal table for people with diabetes.
    await user.click(within(dialog).getByRole('switch', { name: 'I have diabetes' }));
    await user.click(
      within(dialog).getByRole('switch', { name: 'I have eaten in the last 2 hours' }),
    );
    expect(preview(dialog)).toHaveTextContent('after-meal target of 180 mg/dL');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent()).toMatchObject({
      Tag: 'Blood-sugar',
      TagValue: 99,
      Narration: 'HadDiabetics HadMeal',
    });
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
    expect(sent()).toMatchObject({ Tag: 'BMI', TagValue: 22 });
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
    expect(chipIn(preview(dialog))).toEqual({ colour: 'red', label: 'Obese' });
  });

  it('mood: four choices; Very Sad is a bad mood, red, with advice to talk to a therapist', async () => {
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
    expect(chipIn(preview(dialog))).toEqual({ colour: 'red', label: 'Bad mood' });
    expect(preview(dialog)).toHaveTextContent('talk to a therapist');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent()).toMatchObject({ Tag: 'Mood', TagValue: 'Very Sad' });
  });

  it('pulse: rated for a woman of her age from the profile; the adult range without one', async () => {
    // Born 10 December 1985: 40 in 2026, and 62 is Excellent for women in every age band from 26.
    serveRecords([], aProfile({ gender: 'Female', dob: '1985-12-10' }));
    const view = renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    let dialog = await openForm(user, 'Pulse');
    await user.type(within(dialog).getByLabelText('Resting pulse'), '62');
    expect(chipIn(preview(dialog))).toEqual({ colour: 'green', label: 'Excellent' });
    expect(preview(dialog)).toHaveTextContent('for women aged');
    view.unmount();

    serveRecords([], aProfile({ gender: null, dob: null }));
    renderApp('/healths');
    dialog = await openForm(user, 'Pulse');
    expect(
      within(dialog).getByRole('link', { name: 'Add your date of birth and gender' }),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText('Resting pulse'), '102');
    expect(chipIn(preview(dialog))).toEqual({ colour: 'red', label: 'High' });
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

  it('temperature: 100.4 °F is 38.0 °C, high, yellow, and is sent in °C', async () => {
    serveRecords([]);
    renderApp('/healths');
    const user = userEvent.setup({ delay: null });

    const dialog = await openForm(user, 'Temperature');
    await user.click(within(dialog).getByRole('button', { name: '°F' }));
    await user.type(within(dialog).getByLabelText('Body temperature'), '100.4');
    expect(chipIn(preview(dialog))).toEqual({ colour: 'yellow', label: 'High' });
    expect(preview(dialog)).toHaveTextContent('38.0 °C');
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
      // A mmol/L figure typed as mg/dL: the server's hint says how to convert.
      measure: 'Blood sugar',
      field: 'Blood sugar',
      typed: '5.5',
      message:
        'Blood sugar must be a number between 10 and 1000 mg/dL (multiply mmol/L by 18 to get mg/dL)',
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
