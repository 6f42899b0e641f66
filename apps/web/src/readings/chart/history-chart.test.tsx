import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aReading } from '../../test/health-fixtures';
import { chartBands } from './chart-bands';
import { HistoryChart } from './history-chart';

const options = {
  unit: null,
  sugarContext: { hadDiabetics: false, hadMeal: false },
  profile: null,
};

/** The colour of the shaded band behind each point of a panel's line, oldest first. */
function coloursBehindPoints(panel: HTMLElement): (string | undefined)[] {
  const path = panel.querySelector<SVGPathElement>('path[data-series-id]');
  const ys = [...(path?.getAttribute('d') ?? '').matchAll(/[ML][\d.]+,([\d.]+)/g)].map((match) =>
    Number(match[1]),
  );
  const rects = [...panel.querySelectorAll<SVGRectElement>('[data-testid="chart-bands"] rect')];
  return ys.map((y) => {
    const behind = rects.find((rect) => {
      const top = Number(rect.getAttribute('y'));
      return top <= y && y <= top + Number(rect.getAttribute('height'));
    });
    return behind?.dataset.colour;
  });
}

describe('a chart of two numbers', () => {
  it('draws each blood pressure line in its own panel, against its own bands', () => {
    render(
      <HistoryChart
        measure="bloodPressure"
        readings={[
          aReading('Systolic', '118', { minTagValue: '95', takenAt: '2026-01-10T08:30:00.000Z' }),
          aReading('Systolic', '119', { minTagValue: '75', takenAt: '2026-01-12T08:30:00.000Z' }),
        ]}
        unit={null}
        bands={chartBands('bloodPressure', options)}
      />,
    );
    const figure = screen.getByRole('figure', { name: /^Blood pressure: 2 readings over time/ });
    expect(figure).toHaveAccessibleName(/Systolic and Diastolic each against its own/);
    expect(within(figure).getByText('Systolic (top number)')).toBeVisible();
    expect(within(figure).getByText('Diastolic (bottom number)')).toBeVisible();

    expect(coloursBehindPoints(screen.getByTestId('chart-panel-systolic'))).toEqual([
      'green',
      'green',
    ]);
    // A diastolic of 95 is high: it sits in red, never inside the systolic's green.
    expect(coloursBehindPoints(screen.getByTestId('chart-panel-diastolic'))).toEqual([
      'red',
      'green',
    ]);
  });

  it('draws FEV1 and FEV2 each in a panel of its own', () => {
    render(
      <HistoryChart
        measure="breathing"
        readings={[
          aReading('FEV2', '92', { minTagValue: '70', takenAt: '2026-01-10T08:30:00.000Z' }),
          aReading('FEV2', '95', { minTagValue: '85', takenAt: '2026-01-12T08:30:00.000Z' }),
        ]}
        unit={null}
        bands={chartBands('breathing', options)}
      />,
    );
    expect(coloursBehindPoints(screen.getByTestId('chart-panel-fev1'))).toEqual(['red', 'green']);
    expect(coloursBehindPoints(screen.getByTestId('chart-panel-fev2'))).toEqual(['green', 'green']);
  });
});
