import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { assessmentPath, type Assessment } from '@vitalia/api/assessment.contract';
import { recordsPaths } from '@vitalia/api/records.contract';
import { Providers } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi } from '../../../test/fake-api';
import { aReading, serveRecords } from '../../../test/health-fixtures';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { DashboardRoute } from './dashboard.route';

// The dashboard on its own, without the main layout (whose assessment dialog opens by itself when
// nothing is saved, and which other work is changing): the screen is what these tests are about.
function renderDashboard() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <DashboardRoute /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000).toISOString();

function anAssessment(overrides: Partial<Assessment> = {}): Assessment {
  return {
    smoke: false,
    alcohol: false,
    recreationalDrugs: false,
    selfMedicate: false,
    herbalConcotion: false,
    illness: false,
    cancer: false,
    updatedAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => signInAs());

describe('dashboard score', () => {
  it('shows n/9 and what would raise it', async () => {
    serveRecords([
      aReading('SPO2Value', '97', { takenAt: daysAgo(1) }),
      aReading('Systolic', '118', { minTagValue: '76', takenAt: daysAgo(2) }),
      aReading('Cholesterol Value', '250', { takenAt: daysAgo(3) }),
      aReading('Temperature', '37.5', { takenAt: daysAgo(3) }),
    ]);
    renderDashboard();

    expect(await screen.findByTestId('dashboard-score')).toHaveTextContent('2/9');
    const sentence = screen.getByTestId('raise-score');
    expect(sentence).toHaveTextContent(
      /^To raise your score: record your blood sugar, BMI, mood, pulse and breathing; see the advice for temperature \(\w+\) and cholesterol \(\w+\)\.$/,
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
    const all = {
      measure: 'oxygen',
      value: '97',
      unit: '%',
      colour: 'green',
      band: 'normal',
      result: 'Normal',
      advice: 'Keep it up.',
      source: 'WHO',
      ok: 1,
    } as const;
    const ids = [
      'oxygen',
      'sugar',
      'bmi',
      'mood',
      'pulse',
      'bloodPressure',
      'breathing',
      'temperature',
      'cholesterol',
    ] as const;
    fakeApi.on('GET', recordsPaths.analysis, {
      status: 200,
      body: {
        measures: Object.fromEntries(ids.map((id) => [id, { ...all, measure: id }])),
        forScaleOk: 9,
        profileOk: 1,
        readings: Object.fromEntries(
          ids.map((id) => [id, aReading('SPO2Value', '97', { takenAt: daysAgo(1) })]),
        ),
      },
    });
    renderDashboard();

    expect(await screen.findByTestId('dashboard-score')).toHaveTextContent('9/9');
    expect(screen.getByTestId('raise-score')).toHaveTextContent('Every measure is in range');
    expect(screen.queryByRole('link', { name: 'Complete profile' })).not.toBeInTheDocument();
  });

  it('asks for the missing profile details, linking to the profile form', async () => {
    serveRecords([], aProfile({ dob: null, gender: null, heightMM: null }));
    renderDashboard();

    const link = await screen.findByRole('link', { name: 'Complete profile' });
    expect(link).toHaveAttribute('href', '/account/profile?edit=true');
    expect(screen.getByText(/Add your date of birth, gender and height/)).toBeVisible();
  });
});

describe('dashboard tiles', () => {
  it('shows a tile per measure with value, chip, age and a link to the measure', async () => {
    serveRecords([
      aReading('Systolic', '118', { minTagValue: '76', takenAt: daysAgo(2) }),
      aReading('Cholesterol Value', '250', { takenAt: daysAgo(1) }),
    ]);
    renderDashboard();

    const pressure = await screen.findByTestId('tile-bloodPressure');
    expect(within(pressure).getByRole('heading', { name: 'Blood pressure' })).toBeVisible();
    expect(within(pressure).getByText('118/76 mmHg')).toBeVisible();
    const chip = pressure.querySelector('[data-colour]');
    expect(chip).toHaveAttribute('data-colour', 'green');
    expect(chip).toHaveTextContent('Normal');
    expect(within(pressure).getByText('2 days ago')).toBeVisible();
    expect(within(pressure).getByRole('link')).toHaveAttribute('href', '/healths/blood-pressure');

    const cholesterol = screen.getByTestId('tile-cholesterol');
    expect(cholesterol.querySelector('[data-colour]')).toHaveAttribute('data-colour', 'red');
    expect(within(cholesterol).getByText('yesterday')).toBeVisible();
    expect(within(cholesterol).getByRole('link')).toHaveAttribute('href', '/healths/cholesterol');

    expect(screen.getAllByRole('article')).toHaveLength(9);
  });

  it('invites the first reading on an empty tile', async () => {
    serveRecords([]);
    const router = renderDashboard();

    const mood = await screen.findByTestId('tile-mood');
    expect(within(mood).getByText('No reading yet')).toBeVisible();
    expect(mood.querySelector('[data-colour]')).toHaveAttribute('data-colour', 'grey');
    const invite = within(mood).getByRole('link', { name: 'Add your first reading' });
    expect(invite).toHaveAttribute('href', '/healths/mood?add=1');

    await userEvent.setup().click(invite);
    expect(router.state.location.pathname).toBe('/healths/mood');
    expect(router.state.location.search).toBe('?add=1');
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
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Blood pressure' }));
    expect(router.state.location.pathname).toBe('/healths/blood-pressure');
    expect(router.state.location.search).toBe('?add=1');
  });
});

describe('dashboard loading and errors', () => {
  it('shows skeletons while loading, then the dashboard', async () => {
    serveRecords([]);
    renderDashboard();

    expect(screen.getByRole('status', { name: 'Loading your dashboard' })).toBeInTheDocument();
    expect(await screen.findByTestId('dashboard-score')).toHaveTextContent('0/9');
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

    expect(await screen.findByTestId('dashboard-score')).toHaveTextContent('0/9');
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
      await screen.findByText('Answer the risk assessment from Update Health Data in the menu.'),
    ).toBeVisible();
  });
});
