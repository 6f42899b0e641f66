import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsClipPath } from '@mui/x-charts/ChartsClipPath';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { useDrawingArea, useYScale } from '@mui/x-charts/hooks';
import {
  LINE_CHART_PLUGINS,
  LineHighlightPlot,
  LinePlot,
  MarkPlot,
  type LineChartPluginSignatures,
} from '@mui/x-charts/LineChart';
import type { LineSeriesType } from '@mui/x-charts/models';
import type { HealthReading } from '@vitalia/api/records.contract';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { readingColours } from '../../../components/ui/reading-colours';
import { chartValues, moodWordAt, type ShadedBand } from '../utils/chart-bands';
import type { DisplayUnit } from '../utils/display-units';
import { formatTakenAt } from '../../../lib/reading-time';

const hour = 3600_000;
const day = 24 * hour;
const formats = {
  time: new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }),
  day: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }),
  month: new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric' }),
};

/** Ticks as fine as the readings' span needs: hours within two days, months over a year. */
function timeAxis(times: readonly number[]) {
  const first = Math.min(...times);
  const last = Math.max(...times);
  const span = last - first;
  const format = span < 2 * day ? formats.time : span < 300 * day ? formats.day : formats.month;
  // A single reading (or several in one minute) gets a day either side; otherwise 3 % of the span
  // either side, so the first and last points are drawn whole rather than cut by the edges.
  const pad = span < hour ? day : span * 0.03;
  return {
    format,
    tickMinStep: span < 2 * day ? hour : day,
    min: new Date(first - pad),
    max: new Date(last + pad),
  };
}
const clipPathId = 'reading-history-clip';

/** The reference bands, drawn under the grid and the lines, in the colours the chips use. */
function BandShading({ bands }: { bands: readonly ShadedBand[] }) {
  const { left, top, width, height } = useDrawingArea();
  const yScale = useYScale<'linear'>();
  const clamp = (y: number) => Math.min(top + height, Math.max(top, y));
  return (
    <g aria-hidden data-testid="chart-bands">
      {bands.map((band, index) => {
        const upper = band.to === null ? top : clamp(yScale(band.to) ?? top);
        const lower = band.from === null ? top + height : clamp(yScale(band.from) ?? top + height);
        if (lower - upper < 0.5) return null;
        return (
          <rect
            key={index}
            data-colour={band.colour}
            x={left}
            width={width}
            y={upper}
            height={lower - upper}
            fill={readingColours[band.colour].background}
          />
        );
      })}
    </g>
  );
}

interface HistoryChartProps {
  measure: MeasureId;
  /** Oldest first. */
  readings: readonly HealthReading[];
  unit: DisplayUnit | null;
  bands: readonly ShadedBand[];
}

function axisRange(values: number[], bands: readonly ShadedBand[]): { min: number; max: number } {
  // The green range stays in view, so every reading is seen against what is normal.
  const edges = bands
    .filter((band) => band.colour === 'green')
    .flatMap((band) => [band.from, band.to])
    .filter((edge): edge is number => edge !== null);
  const all = [...values, ...edges];
  const low = Math.min(...all);
  const high = Math.max(...all);
  const pad = Math.max((high - low) * 0.12, Math.abs(high) * 0.02, 1);
  return { min: Math.max(0, low - pad), max: high + pad };
}

/** A measure's readings over time with its reference bands shaded behind them. */
export function HistoryChart({ measure, readings, unit, bands }: HistoryChartProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const points = readings.map((reading) => ({
    at: new Date(reading.takenAt),
    ...chartValues(measure, reading, unit),
  }));
  const unitText = unit ?? MEASURES[measure].unit ?? '';
  const isMood = measure === 'mood';
  const format = (value: number | null) => {
    if (value === null) return '';
    if (isMood) return moodWordAt(Math.round(value));
    return `${value} ${unitText}`;
  };

  const twoLines = measure === 'bloodPressure' || measure === 'breathing';
  const firstLabel =
    measure === 'bloodPressure'
      ? 'Systolic'
      : measure === 'breathing'
        ? 'FEV2'
        : MEASURES[measure].displayName;
  const secondLabel = measure === 'bloodPressure' ? 'Diastolic' : 'FEV1';
  const series: LineSeriesType[] = [
    {
      type: 'line',
      id: 'first',
      label: firstLabel,
      data: points.map((point) => point.first),
      color: theme.palette.primary.main,
      curve: isMood ? 'stepAfter' : 'linear',
      valueFormatter: format,
      showMark: true,
    },
  ];
  if (twoLines) {
    series.push({
      type: 'line',
      id: 'second',
      label: secondLabel,
      data: points.map((point) => point.second),
      color: '#00838f',
      curve: 'linear',
      valueFormatter: format,
      showMark: true,
    });
  }
  // People read FEV1 first; draw it first so the legend and tooltip follow.
  if (measure === 'breathing') series.reverse();

  const values = points
    .flatMap((point) => [point.first, point.second])
    .filter((value): value is number => value !== null);
  const range = isMood ? { min: -0.5, max: 3.5 } : axisRange(values, bands);

  const axis = timeAxis(points.map((point) => point.at.getTime()));
  const title = `${MEASURES[measure].displayName}: ${readings.length} ${
    readings.length === 1 ? 'reading' : 'readings'
  } over time, with the reference ranges shaded`;

  return (
    // The table below the chart holds the same readings as text; the chart is named as a figure.
    <Box role="figure" aria-label={title} data-testid="history-chart">
      <ChartsDataProvider<'line', LineChartPluginSignatures>
        plugins={LINE_CHART_PLUGINS}
        height={isMood ? 260 : 300}
        series={series}
        margin={{ top: 16, right: 16, bottom: 8, left: 8 }}
        xAxis={[
          {
            id: 'time',
            scaleType: 'time',
            data: points.map((point) => point.at),
            valueFormatter: (value: Date, context) =>
              context.location === 'tick'
                ? axis.format.format(value)
                : formatTakenAt(value.toISOString()),
            // Fewer dates on a phone, where five ran into one another.
            tickNumber: narrow ? 3 : 5,
            tickMinStep: axis.tickMinStep,
            min: axis.min,
            max: axis.max,
          },
        ]}
        yAxis={[
          {
            id: 'value',
            min: range.min,
            max: range.max,
            width: isMood ? 76 : 72,
            ...(isMood
              ? {
                  tickInterval: [0, 1, 2, 3],
                  valueFormatter: (value: number) => moodWordAt(value),
                }
              : { label: unitText }),
          },
        ]}
      >
        <ChartsWrapper legendPosition={{ vertical: 'top', horizontal: 'start' }}>
          {twoLines && <ChartsLegend />}
          <ChartsSurface>
            <BandShading bands={bands} />
            <ChartsGrid horizontal />
            <g clipPath={`url(#${clipPathId})`}>
              <LinePlot />
              <ChartsAxisHighlight x="line" />
            </g>
            <ChartsXAxis />
            <ChartsYAxis />
            <g data-drawing-container>
              <MarkPlot />
            </g>
            <LineHighlightPlot />
            <ChartsClipPath id={clipPathId} />
          </ChartsSurface>
          <ChartsTooltip trigger="axis" />
        </ChartsWrapper>
      </ChartsDataProvider>
    </Box>
  );
}
