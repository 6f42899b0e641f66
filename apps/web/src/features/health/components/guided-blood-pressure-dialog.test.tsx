import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordsPaths } from '@vitalia/api/records.contract';
import { fakeApi } from '../../../test/fake-api';
import { aReading, serveRecords } from '../../../test/health-fixtures';
import { signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';
import { CountdownTimer } from './countdown-timer';

function chipIn(scope: HTMLElement) {
  const chip = scope.querySelector<HTMLElement>('[data-colour]');
  if (!chip) throw new Error('No rating chip here');
  return { colour: chip.dataset.colour, label: chip.textContent };
}

async function enterPair(
  user: UserEvent,
  dialog: HTMLElement,
  systolic: string,
  diastolic: string,
) {
  await user.type(within(dialog).getByLabelText('Systolic'), systolic);
  await user.type(within(dialog).getByLabelText('Diastolic'), diastolic);
}

describe('measuring blood pressure, guided', () => {
  beforeEach(() => signInAs());

  it('rests, takes two readings a minute apart and saves their average, rated first', async () => {
    serveRecords([
      aReading('Systolic', '142', { minTagValue: '92', takenAt: '2026-01-10T08:30:00.000Z' }),
    ]);
    renderApp('/healths/blood-pressure');
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Measure blood pressure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Measure blood pressure' });
    expect(
      within(dialog).getByRole('heading', { name: 'Step 1 of 5: Sit and rest' }),
    ).toHaveFocus();
    expect(within(dialog).getByRole('timer', { name: 'Rest: 5:00 left' })).toHaveTextContent(
      '5:00',
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent('Rest: 5 minutes left.');

    await user.click(within(dialog).getByRole('button', { name: 'Skip the rest' }));
    expect(
      within(dialog).getByRole('heading', { name: 'Step 2 of 5: First reading' }),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Systolic')).toHaveFocus();
    await enterPair(user, dialog, '128', '84');
    await user.click(within(dialog).getByRole('button', { name: 'Next: wait 1 minute' }));

    expect(within(dialog).getByRole('timer', { name: 'Wait: 1:00 left' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Skip the wait' }));
    await enterPair(user, dialog, '124', '81');
    await user.click(within(dialog).getByRole('button', { name: 'Next: see the average' }));

    const readings = within(dialog).getByRole('list', { name: 'Your readings' });
    expect(
      within(readings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'First reading128/84 mmHg',
      'Second reading124/81 mmHg',
      // 82.5 rounds up.
      'Average, to be saved126/83 mmHg',
    ]);
    const rating = within(dialog).getByRole('status', { name: 'What this reading means' });
    expect(chipIn(rating)).toEqual({ colour: 'yellow', label: 'Elevated' });
    expect(fakeApi.requestsTo('POST', recordsPaths.health)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Save the average' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const [sent] = fakeApi.requestsTo('POST', recordsPaths.health);
    expect(sent?.body).toMatchObject({
      Tag: 'Systolic',
      TagValue: 126,
      MinTagValue: 83,
      Narration:
        'Average of 2 readings less than a minute apart: 128/84 and 124/81. The 5-minute rest was skipped.',
    });
    const latest = screen.getByRole('region', { name: 'Latest reading' });
    await waitFor(() => expect(latest).toHaveTextContent('126/83mmHg'));
    expect(chipIn(latest)).toEqual({ colour: 'yellow', label: 'Elevated' });
    expect(screen.getByText('Average saved as your newest reading.')).toBeVisible();
  });

  it('refuses a reading the server would refuse, beside its field', async () => {
    serveRecords([]);
    renderApp('/healths/blood-pressure?guided=1');
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Measure blood pressure' });

    await user.click(within(dialog).getByRole('button', { name: 'Skip the rest' }));
    await enterPair(user, dialog, '80', '90');
    await user.click(within(dialog).getByRole('button', { name: 'Next: wait 1 minute' }));
    expect(within(dialog).getByLabelText('Diastolic')).toHaveAccessibleDescription(
      'Diastolic pressure must be below systolic pressure',
    );
    expect(
      within(dialog).getByRole('heading', { name: 'Step 2 of 5: First reading' }),
    ).toBeVisible();
  });

  it('is offered from the blood pressure card on My Health', async () => {
    serveRecords([]);
    renderApp('/healths');
    const card = await screen.findByRole('region', { name: 'Blood pressure' });
    expect(within(card).getByRole('link', { name: 'Measure blood pressure' })).toHaveAttribute(
      'href',
      '/healths/blood-pressure?guided=1',
    );
  });
});

describe('the countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down visibly, says the time left once a minute, and says when it is up', () => {
    const onDone = vi.fn();
    render(<CountdownTimer seconds={120} label="Rest" doneMessage="Rest done." onDone={onDone} />);
    const said = screen.getByRole('status');
    expect(said).toHaveAttribute('aria-live', 'polite');
    expect(said).toHaveTextContent('Rest: 2 minutes left.');

    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByRole('timer')).toHaveTextContent('1:45');
    // Not every second: the status keeps its last words until the next minute.
    expect(said).toHaveTextContent('Rest: 2 minutes left.');
    act(() => vi.advanceTimersByTime(45_000));
    expect(said).toHaveTextContent('Rest: 1 minute left.');
    act(() => vi.advanceTimersByTime(50_000));
    expect(said).toHaveTextContent('Rest: 10 seconds left.');
    expect(onDone).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(11_000));
    expect(screen.getByRole('timer')).toHaveTextContent('0:00');
    expect(said).toHaveTextContent('Rest done.');
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
