import { isInaccessible, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { brandColors, theme } from '../../app/theme';
import { ScoreGauge } from './score-gauge';

function renderGauge(score: number, total = 9) {
  const { container } = render(
    <ThemeProvider theme={theme}>
      <ScoreGauge score={score} total={total} />
    </ThemeProvider>,
  );
  return {
    track: container.querySelector('[data-testid="gauge-track"]'),
    value: container.querySelector('[data-testid="gauge-value"]'),
  };
}

describe('the score gauge', () => {
  it('shows the score in its middle, out of how many measures', () => {
    renderGauge(3);
    expect(screen.getByText('3')).toBeVisible();
    expect(screen.getByText('of 9 in range')).toBeVisible();
  });

  it('fills that share of the arc in the brand green, over a grey track', () => {
    const { track, value } = renderGauge(3);
    // The filled arc runs along the whole track, with a dash 3 long of an arc 9 long.
    expect(value).toHaveAttribute('d', track?.getAttribute('d'));
    expect(value).toHaveAttribute('pathLength', '9');
    expect(value).toHaveAttribute('stroke-dasharray', '3 9');
    expect(value).toHaveAttribute('stroke', brandColors.secondary);
    expect(track).toHaveAttribute('stroke', theme.palette.grey[200]);
  });

  it('fills the whole arc when every measure is in range', () => {
    const { value } = renderGauge(9);
    expect(value).toHaveAttribute('stroke-dasharray', '9 9');
  });

  it('draws no green at all for a score of 0, not even a dot', () => {
    const { track, value } = renderGauge(0);
    expect(screen.getByText('0')).toBeVisible();
    expect(track).toBeInTheDocument();
    expect(value).toBeNull();
  });

  it('is left out for screen readers, which read the score sentence beside it instead', () => {
    renderGauge(3);
    // Announced as well, it would say the score twice in a row.
    expect(isInaccessible(screen.getByText('3'))).toBe(true);
    expect(isInaccessible(screen.getByText('of 9 in range'))).toBe(true);
    expect(screen.queryByRole('meter')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
