import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { assessmentPath } from '@vitalia/api/assessment.contract';
import { identityPaths } from '@vitalia/api/identity.contract';
import { anAssessment } from '../../../test/assessment-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

function newPerson() {
  signInAs();
  fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
  fakeApi.on('GET', assessmentPath, {
    status: 404,
    body: { errors: ['You have not completed the risk assessment yet.'] },
  });
}

const questions = [
  'Do you smoke?',
  'Do you use recreational drugs?',
  'Do you self medicate?',
  'Do you have any illness?',
  'Do you drink alcohol regularly?',
  'Do you drink herbal concoction?',
  'Have you ever been diagnosed with cancer?',
];

describe('the risk assessment dialog', () => {
  it('opens by itself for a person with no saved answers, and submits only when all are answered', async () => {
    newPerson();
    fakeApi.on('PUT', assessmentPath, ({ body }) => ({
      status: 200,
      body: anAssessment({
        smoke: (body as Record<string, boolean>).Smoke,
        updatedAt: '2026-11-22T10:00:00.000Z',
      }),
    }));
    renderApp('/');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Assessment form' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    for (const [index, question] of questions.entries()) {
      expect(submit).toBeDisabled();
      const group = within(dialog).getByRole('group', { name: question });
      await user.click(within(group).getByRole('button', { name: index === 0 ? 'Yes' : 'No' }));
    }
    expect(submit).toBeEnabled();
    // An optional question about health, answered and its use said under it.
    const sickle = within(dialog).getByRole('group', { name: 'Do you have sickle cell disease?' });
    expect(sickle).toHaveAccessibleDescription(/38\.0 °C or more is treated as an emergency/);
    await user.click(within(sickle).getByRole('button', { name: 'Yes' }));
    // Pressing the chosen answer again leaves it unanswered.
    const pregnant = within(dialog).getByRole('group', { name: 'Are you pregnant now?' });
    await user.click(within(pregnant).getByRole('button', { name: 'No' }));
    await user.click(within(pregnant).getByRole('button', { name: 'No' }));
    await user.click(submit);

    expect(await screen.findByText('User assessment saved successfully')).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Assessment form' })).not.toBeInTheDocument(),
    );
    expect(fakeApi.requestsTo('PUT', assessmentPath)[0]?.body).toEqual({
      Smoke: true,
      RecreationalDrugs: false,
      SelfMedicate: false,
      Illness: false,
      Alcohol: false,
      HerbalConcotion: false,
      Cancer: false,
      Diabetes: null,
      HighBloodPressure: null,
      SickleCell: true,
      Pregnant: null,
      AsthmaOrCopd: null,
      HeartDisease: null,
    });
  });

  it("says 'An error occurred' when saving fails, and keeps the answers", async () => {
    newPerson();
    fakeApi.on('PUT', assessmentPath, { status: 500, body: { errors: ['Something went wrong'] } });
    renderApp('/');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Assessment form' });
    for (const question of questions) {
      await user.click(
        within(within(dialog).getByRole('group', { name: question })).getByRole('button', {
          name: 'No',
        }),
      );
    }
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('An error occurred')).toBeVisible();
    const smoke = within(dialog).getByRole('group', { name: 'Do you smoke?' });
    expect(within(smoke).getByRole('button', { name: 'No' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says why it asks and who sees the answers, and Later holds it back until the next visit', async () => {
    newPerson();
    const first = renderApp('/');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Assessment form' });
    expect(dialog).toHaveTextContent('Only you can see your answers');
    // The seven do not change a rating, and the questionnaire does not claim they do.
    expect(dialog).toHaveTextContent('they do not change how a reading is rated');
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Another page of the same visit: still held back.
    first.unmount();
    renderApp('/account/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    await waitFor(() =>
      expect(fakeApi.requestsTo('GET', assessmentPath).length).toBeGreaterThan(0),
    );
    expect(screen.queryByRole('dialog', { name: 'Assessment form' })).not.toBeInTheDocument();
    // 'Update health data' still opens it, with Cancel rather than Later.
    await user.click(await screen.findByRole('button', { name: 'Update health data' }));
    const asked = await screen.findByRole('dialog', { name: 'Assessment form' });
    expect(within(asked).getByRole('button', { name: 'Cancel' })).toBeVisible();
  });

  it('takes Escape as Later, so it stays away for the rest of the visit', async () => {
    newPerson();
    const first = renderApp('/');
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Assessment form' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();
    renderApp('/account/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    await waitFor(() =>
      expect(fakeApi.requestsTo('GET', assessmentPath).length).toBeGreaterThan(0),
    );
    expect(screen.queryByRole('dialog', { name: 'Assessment form' })).not.toBeInTheDocument();
  });

  it('does not open over the profile form that registration lands on, but on the next page', async () => {
    newPerson();
    const app = renderApp('/account/profile?edit=true');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    await waitFor(() => expect(fakeApi.requestsTo('GET', assessmentPath)).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Assessment form' })).not.toBeInTheDocument();
    await act(() => app.router.navigate('/account/profile'));
    expect(await screen.findByRole('dialog', { name: 'Assessment form' })).toBeVisible();
    // Back to the form (the browser's Back): it steps aside again, and returns after.
    await act(() => app.router.navigate('/account/profile?edit=true'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Assessment form' })).not.toBeInTheDocument(),
    );
    await act(() => app.router.navigate('/'));
    expect(await screen.findByRole('dialog', { name: 'Assessment form' })).toBeVisible();
  });

  it('never opens by itself for an administrator', async () => {
    signInAs('ADMIN');
    fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
    fakeApi.on('GET', assessmentPath, {
      status: 404,
      body: { errors: ['You have not completed the risk assessment yet.'] },
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(fakeApi.requestsTo('GET', assessmentPath)).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Assessment form' })).not.toBeInTheDocument();
  });

  it('stays closed for a person who has answered, until asked for', async () => {
    signInAs();
    fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(fakeApi.requestsTo('GET', assessmentPath)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
