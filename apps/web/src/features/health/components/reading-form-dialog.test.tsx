import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { limitMessage, READING_LIMITS } from '@vitalia/health/measurement-limits.catalog';
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

const preview = (dialog: HTMLElement) =>
  within(dialog).getByRole('status', { name: 'What this reading means' });

const posted = () => fakeApi.requestsTo('POST', recordsPaths.health).map((call) => call.body);

async function typeSugar(user: UserEvent, typed: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Add a reading: Blood sugar' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Blood sugar' }), typed);
  return dialog;
}

/** The blood pressure form of a woman born in 1990, open, with a pressure typed into it. */
async function typePressure(systolic: string, diastolic: string) {
  serveRecords([], aProfile({ gender: 'Female', dob: '1990-05-17' }));
  renderApp('/healths/blood-pressure?add=1');
  const user = userEvent.setup({ delay: null });
  const dialog = await screen.findByRole('dialog', { name: 'Add a reading: Blood pressure' });
  await user.type(within(dialog).getByLabelText('Systolic'), systolic);
  await user.type(within(dialog).getByLabelText('Diastolic'), diastolic);
  return { user, dialog };
}

describe('a blood sugar that reads as the other unit', () => {
  it('asks ‘Did you mean 15 mmol/L?’ before saving 15 mg/dL, and switches the unit only', async () => {
    serveRecords([]);
    renderApp('/healths/blood-sugar?add=1');
    const user = userEvent.setup({ delay: null });
    const dialog = await typeSugar(user, '15');

    // The question stands in place of any advice: nothing says 'take 15 g of sugar now' yet.
    const question = await within(dialog).findByRole('alert', { name: 'Check the unit' });
    expect(question).toHaveTextContent('Did you mean 15 mmol/L');
    // (The meter's LO advice is folded away under the field, out of sight.)
    for (const advice of within(dialog).queryAllByText(/15 g|fast-acting sugar/)) {
      expect(advice).not.toBeVisible();
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    await waitFor(() => expect(question).toHaveFocus());
    expect(posted()).toEqual([]);

    await user.click(within(question).getByRole('button', { name: 'Switch to mmol/L' }));
    expect(question).not.toBeInTheDocument();
    // The number stays as typed; only its unit changes, and the preview rates 15 mmol/L.
    expect(within(dialog).getByRole('textbox', { name: 'Blood sugar' })).toHaveValue('15');
    expect(within(dialog).getByRole('button', { name: 'mmol/L' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(preview(dialog)).toHaveTextContent('15 mmol/L');
    expect(chipIn(preview(dialog)).colour).toBe('red');
    expect(chipIn(preview(dialog)).label).not.toMatch(/low/i);

    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(posted()).toEqual([expect.objectContaining({ TagValue: 15, Unit: 'mmol/L' })]);
  });

  it('gives a reading that needs emergency care its own call link, since the form covers the banners', async () => {
    serveRecords([]);
    renderApp('/healths/blood-sugar?add=1');
    const user = userEvent.setup({ delay: null });
    const dialog = await typeSugar(user, '45');
    expect(preview(dialog)).toHaveTextContent('Get emergency care now');
    expect(within(preview(dialog)).getByRole('link', { name: 'Call 112' })).toHaveAttribute(
      'href',
      'tel:112',
    );
    // A reading that needs no emergency care has none.
    const value = within(dialog).getByRole('textbox', { name: 'Blood sugar' });
    await user.clear(value);
    await user.type(value, '95');
    expect(within(preview(dialog)).queryByRole('link', { name: 'Call 112' })).toBeNull();
  });

  it('saves the number in the unit typed when the person keeps it', async () => {
    serveRecords([]);
    renderApp('/healths/blood-sugar?add=1');
    const user = userEvent.setup({ delay: null });
    const dialog = await typeSugar(user, '35');

    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    const question = await within(dialog).findByRole('alert', { name: 'Check the unit' });
    await user.click(within(question).getByRole('button', { name: 'Keep 35 mg/dL and save' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(posted()).toEqual([expect.objectContaining({ TagValue: 35, Unit: 'mg/dL' })]);
  });

  it('asks about 126 typed as mmol/L, which is 126 mg/dL', async () => {
    serveRecords([]);
    renderApp('/healths/blood-sugar?add=1');
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Add a reading: Blood sugar' });
    await user.click(within(dialog).getByRole('button', { name: 'mmol/L' }));
    await typeSugar(user, '126');

    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    const question = await within(dialog).findByRole('alert', { name: 'Check the unit' });
    expect(question).toHaveTextContent('Did you mean 126 mg/dL');
    await user.click(within(question).getByRole('button', { name: 'Switch to mg/dL' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(posted()).toEqual([expect.objectContaining({ TagValue: 126, Unit: 'mg/dL' })]);
  });

  it('does not ask about a number that fits its unit', async () => {
    serveRecords([]);
    renderApp('/healths/blood-sugar?add=1');
    const user = userEvent.setup({ delay: null });
    const dialog = await typeSugar(user, '45');

    // 45 mg/dL is a real, dangerous low: rated at once, in words as well as red, and saved
    // without a question.
    expect(chipIn(preview(dialog)).colour).toBe('red');
    expect(preview(dialog)).toHaveTextContent('Get emergency care now');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(within(document.body).queryByRole('alert', { name: 'Check the unit' })).toBeNull();
    expect(posted()).toEqual([expect.objectContaining({ TagValue: 45, Unit: 'mg/dL' })]);
  });
});

describe('the preview', () => {
  it('never rates a value the server refuses: FEV 500 % is not normal lung function', async () => {
    serveRecords([]);
    renderApp('/healths/breathing?add=1');
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Add a reading: Breathing' });
    await user.type(within(dialog).getByLabelText('FEV1'), '500');
    await user.type(within(dialog).getByLabelText('FEV2'), '500');

    expect(preview(dialog)).not.toHaveTextContent(/normal/i);
    expect(preview(dialog).querySelector('[data-colour="green"]')).toBeNull();
    expect(preview(dialog)).toHaveTextContent(
      `${limitMessage(READING_LIMITS.fev2).replace(/^f/, 'F')}.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    expect(posted()).toEqual([]);
  });

  it('rates a pulse for the person’s age on the day it was taken, not today', async () => {
    // Born 1 March 1950: 25 on 1 June 1975, when 49 bpm is a man's Athlete band; at his age
    // today the same 49 would be unusually low.
    const reading = aReading('Pulse Value', '52', { takenAt: '1975-06-01T08:30:00.000Z' });
    serveRecords([reading], aProfile({ gender: 'Male', dob: '1950-03-01' }));
    renderApp('/healths/pulse');
    const user = userEvent.setup({ delay: null });

    const table = await screen.findByRole('table', { name: 'Readings' });
    await user.click(within(table).getByRole('button', { name: /^Correct the reading of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct a reading: Pulse' });
    const pulse = within(dialog).getByLabelText('Resting pulse');
    await user.clear(pulse);
    await user.type(pulse, '49');

    expect(chipIn(preview(dialog))).toEqual({ colour: 'green', label: 'Athlete' });
  });

  it('rates the pulse typed with a pressure too: 120/78 is normal, a pulse of 35 is not', async () => {
    const { user, dialog } = await typePressure('120', '78');
    expect(chipIn(preview(dialog))).toMatchObject({ colour: 'green' });
    expect(within(preview(dialog)).queryByRole('group')).toBeNull();

    await user.type(within(dialog).getByLabelText('Pulse (optional)'), '35');
    const pressure = within(preview(dialog)).getByRole('group', { name: 'Blood pressure' });
    const pulse = within(preview(dialog)).getByRole('group', { name: 'Pulse' });
    expect(chipIn(pressure)).toMatchObject({ colour: 'green' });
    expect(chipIn(pulse)).toMatchObject({ colour: 'red' });
    expect(pulse).toHaveTextContent('35 bpm');
    expect(pulse).toHaveTextContent('Get emergency care now');
    expect(pressure).not.toHaveTextContent('Urgent');
    // The one that asks for action is read first.
    expect(
      within(preview(dialog))
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-label')),
    ).toEqual(['Pulse', 'Blood pressure']);
  });

  it('keeps rating the pressure when the pulse typed with it is wrong, and says what is wrong', async () => {
    const { user, dialog } = await typePressure('50', '30');
    await user.type(within(dialog).getByLabelText('Pulse (optional)'), '300');

    expect(chipIn(preview(dialog))).toMatchObject({ colour: 'red', label: 'Dangerously low' });
    expect(preview(dialog)).toHaveTextContent('Get emergency care now');
    expect(preview(dialog)).toHaveTextContent(
      `${limitMessage(READING_LIMITS.pulse).replace(/^p/, 'P')}.`,
    );
    expect(within(preview(dialog)).queryByRole('group')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    expect(posted()).toEqual([]);
  });

  it('rates a BMI from a weight on every digit: 50.36 kg at 165 cm is underweight', async () => {
    serveRecords([], aProfile({ heightMM: 1650 }));
    renderApp('/healths/bmi');
    const user = userEvent.setup({ delay: null });
    // Once the page (and with it the height in the profile) has loaded.
    await screen.findByText('No BMI readings yet.');
    await user.click(screen.getByRole('button', { name: 'Add reading' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a reading: BMI' });
    await user.type(within(dialog).getByLabelText('Weight'), '50.36');

    // 18.4977...: one decimal would have made it 18.5, normal.
    expect(chipIn(preview(dialog))).toEqual({ colour: 'yellow', label: 'Underweight' });
    expect(preview(dialog)).toHaveTextContent('18.4 kg/m²');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const [body] = posted() as { TagValue: number }[];
    expect(body?.TagValue).toBeLessThan(18.5);
    // Stored with every digit, shown cut to one decimal, as the rating reads it.
    const table = await screen.findByRole('table', { name: 'Readings' });
    await waitFor(() => expect(table).toHaveTextContent('18.4 kg/m²'));
  });
});
