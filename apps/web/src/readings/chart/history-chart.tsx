import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsClipPath } from '@mui/x-charts/ChartsClipPath';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
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
import { shownValue } from '@vitalia/health/analysis.model';
import { everyDigitTable, MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { readingColours } from '../components/reading-colours';
import { chartValues, wordAtAxis, type ChartLine, type ShadedBand } from './chart-bands';
import { unitChoiceOf, type DisplayUnit } from '../format/display-units';
import { formatTakenAt } from '../format/reading-time';

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
  /** Drawn at once, for a page that may be printed as soon as it shows. */
  still?: boolean;
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

interface Panel {
  /** The line's name, shown over its panel; null for a measure of one number. */
  title: string | null;
  line: ChartLine | null;
  label: string;
  color: string;
  data: (number | null)[];
}

const secondLineColour = '#00838f';

/** One line per panel: a measure of two numbers gets two (its plot's lines), each against its own bands. */
function panelsOf(
  measure: MeasureId,
  points: readonly { first: number | null; second: number | null }[],
  primary: string,
): Panel[] {
  const plot = MEASURES[measure].plot;
  const first = points.map((point) => point.first);
  if (plot.kind !== 'pair') {
    return [
      {
        title: null,
        line: null,
        label: MEASURES[measure].displayName,
        color: primary,
        data: first,
      },
    ];
  }
  const second = points.map((point) => point.second);
  return plot.lines.map((line) => ({
    title: line.title.en,
    line: line.line,
    label: line.label.en,
    // The line that holds the reading's own value keeps the primary colour.
    color: line.part === 'value' ? primary : secondLineColour,
    data: line.part === 'value' ? first : second,
  }));
}

/** A measure's readings over time with its reference bands shaded behind them. */
export function HistoryChart({ measure, readings, unit, bands, still = false }: HistoryChartProps) {
  const theme = useTheme();
  // A page may hold several charts (a link for a visit draws one a measure); each clips its lines
  // with a path of its own, named in letters a url() reference takes as they are.
  const chartId = useId().replace(/[^\w-]/g, '');
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const points = readings.map((reading) => ({
    at: new Date(reading.takenAt),
    ...chartValues(measure, reading, unit),
  }));
  const unitText = unit ?? MEASURES[measure].unit ?? '';
  const plot = MEASURES[measure].plot;
  const words = plot.kind === 'words' ? plot.words : null;
  // A table that rates every digit (BMI) shows its values cut as the rating reads them.
  const everyDigit = everyDigitTable(measure);
  const choice = unitChoiceOf(measure);
  const decimals = choice
    ? choice.decimals[unit === choice.alternative ? 'alternative' : 'canonical']
    : null;
  const format = (value: number | null) => {
    if (value === null) return '';
    if (words) return wordAtAxis(words, Math.round(value));
    // In the unit's usual decimals: 80 mg/dL in mmol/L is 4.4, not 4.4404973...; a BMI, stored
    // with every digit, cut as its rating reads it.
    if (everyDigit) return `${shownValue(everyDigit, value)} ${unitText}`;
    return `${decimals === null ? value : value.toFixed(decimals)} ${unitText}`;
  };

  const axis = timeAxis(points.map((point) => point.at.getTime()));
  const times = points.map((point) => point.at);
  const panels = panelsOf(measure, points, theme.palette.primary.main);
  const title = `${MEASURES[measure].displayName}: ${readings.length} ${
    readings.length === 1 ? 'reading' : 'readings'
  } over time, with the reference ranges shaded${
    panels.length > 1
      ? ` (${panels.map((panel) => panel.label).join(' and ')} each against its own)`
      : ''
  }`;

  return (
    // The table below the chart holds the same readings as text; the chart is named as a figure.
    <Box role="figure" aria-label={title} data-testid="history-chart">
      {panels.map((panel) => {
        const panelBands = bands.filter((band) => (band.line ?? null) === panel.line);
        const values = panel.data.filter((value): value is number => value !== null);
        const range = words
          ? { min: -0.5, max: words.length - 0.5 }
          : axisRange(values, panelBands);
        const series: LineSeriesType[] = [
          {
            type: 'line',
            id: panel.line ?? 'value',
            label: panel.label,
            data: panel.data,
            color: panel.color,
            curve: words ? 'stepAfter' : 'linear',
            valueFormatter: format,
            showMark: true,
          },
        ];
        const clipPathId = `reading-history-clip-${chartId}-${panel.line ?? 'value'}`;
        return (
          <Box key={panel.line ?? 'value'} data-testid={`chart-panel-${panel.line ?? 'value'}`}>
            {panel.title && (
              <Typography
                variant="subtitle2"
                component="p"
                sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}
              >
                <Box
                  component="span"
                  aria-hidden
                  sx={{ width: 16, height: 3, borderRadius: 1, bgcolor: panel.color }}
                />
                {panel.title}
              </Typography>
            )}
            <ChartsDataProvider<'line', LineChartPluginSignatures>
              plugins={LINE_CHART_PLUGINS}
              height={words ? 260 : panels.length > 1 ? 220 : 300}
              series={series}
              margin={{ top: 16, right: 28, bottom: 8, left: 8 }}
              xAxis={[
                {
                  id: 'time',
                  scaleType: 'time',
                  data: times,
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
                  width: words ? 76 : 72,
                  ...(words
                    ? {
                        tickInterval: words.map((_, level) => level),
                        valueFormatter: (value: number) => wordAtAxis(words, value),
                      }
                    : { label: unitText }),
                },
              ]}
            >
              <ChartsWrapper>
                <ChartsSurface>
                  <BandShading bands={panelBands} />
                  <ChartsGrid horizontal />
                  <g clipPath={`url(#${clipPathId})`}>
                    <LinePlot skipAnimation={still} />
                    <ChartsAxisHighlight x="line" />
                  </g>
                  <ChartsXAxis />
                  <ChartsYAxis />
                  <g data-drawing-container>
                    <MarkPlot skipAnimation={still} />
                  </g>
                  <LineHighlightPlot />
                  <ChartsClipPath id={clipPathId} />
                </ChartsSurface>
                <ChartsTooltip trigger="axis" />
              </ChartsWrapper>
            </ChartsDataProvider>
          </Box>
        );
      })}
    </Box>
  );
}
