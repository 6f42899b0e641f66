// "Import readings" (docs/decisions/0031-importing-readings.md): choose or drop a file, say which
// columns hold what when it is not Vitalia's own CSV, see what would be added, skipped and refused,
// then import. Each step is one screen of the dialog; on a phone the dialog fills the screen and
// the readings to add are a list instead of a table.
import { useId, useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import {
  IMPORT_COLUMN_LABELS,
  IMPORT_COLUMN_ROLES,
  IMPORT_DATE_ORDERS,
  IMPORT_SUGAR_MEALS,
  IMPORT_SUGAR_UNITS,
  type ImportColumnRole,
  type ImportDateOrder,
  type ImportedReading,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  type RefusedRow,
} from '@vitalia/api/portability.contract';
import { MEASURES, type MeasureId } from '@vitalia/health/measure.catalog';
import { apiErrorMessage } from '../../../lib/api-client';
import { ReadingChip } from '../../../readings/components/reading-chip';
import { readingText } from '../../../readings/format/reading-format';
import { formatTakenAt } from '../../../readings/format/reading-time';
import {
  browserTimeZone,
  fileProblem,
  useImportReadings,
  usePreviewImport,
} from '../api/import-readings';

/** How the column choice names each role; from the measures' definitions. */
export const ROLE_LABELS: Readonly<Record<ImportColumnRole, string>> = IMPORT_COLUMN_LABELS;

const DATE_ORDER_LABELS: Record<ImportDateOrder, string> = {
  DMY: 'Day first (31/01/2026)',
  MDY: 'Month first (01/31/2026)',
  YMD: 'Year first (2026-01-31)',
};

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** Where a refused row is: 'Line 4', 'Entry 2'. */
export function rowPlace(row: RefusedRow): string {
  if (row.line !== null) return `Line ${row.line}`;
  if (row.entry !== null) return `Entry ${row.entry}`;
  return 'A row';
}

function valueOf(reading: ImportedReading): string {
  return readingText(
    reading.measure as MeasureId,
    {
      tagValue: reading.value,
      minTagValue: reading.secondValue,
      enteredValue: reading.enteredValue,
      enteredUnit: reading.enteredUnit,
    },
    reading.enteredUnit === 'mmol/L' ? 'mmol/L' : null,
  );
}

const measureName = (reading: ImportedReading) =>
  MEASURES[reading.measure as MeasureId]?.displayName ?? reading.measure;

type Step =
  | { name: 'choose' }
  | { name: 'mapping'; file: File; preview: ImportPreview }
  | { name: 'preview'; file: File; preview: ImportPreview; mapping: ImportMapping | null }
  | { name: 'done'; result: ImportResult };

export interface ImportReadingsDialogProps {
  open: boolean;
  onClose: () => void;
}

export function ImportReadingsDialog({ open, onClose }: ImportReadingsDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const previewing = usePreviewImport();
  const importing = useImportReadings();
  const titleId = useId();

  const close = () => {
    setStep({ name: 'choose' });
    setProblem(null);
    previewing.reset();
    importing.reset();
    onClose();
  };

  const preview = (file: File, mapping: ImportMapping | null) => {
    setProblem(null);
    previewing.mutate(
      { file, mapping },
      {
        onSuccess: (answer) => {
          if (answer.needsMapping) setStep({ name: 'mapping', file, preview: answer });
          else setStep({ name: 'preview', file, preview: answer, mapping });
        },
        onError: (error) => setProblem(apiErrorMessage(error)),
      },
    );
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    const wrong = fileProblem(file);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    preview(file, null);
  };

  const startImport = (file: File, mapping: ImportMapping | null) => {
    setProblem(null);
    importing.mutate(
      { file, mapping },
      {
        onSuccess: (result) => setStep({ name: 'done', result }),
        onError: (error) => setProblem(apiErrorMessage(error)),
      },
    );
  };

  const busy = previewing.isPending || importing.isPending;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Import readings</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        {busy && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>
              {importing.isPending ? 'Importing your readings…' : 'Reading the file…'}
            </Typography>
          </Box>
        )}
        {!busy && step.name === 'choose' && <ChooseStep onChoose={choose} />}
        {/* Kept while the preview is made, so the choices survive a refused mapping. */}
        {step.name === 'mapping' && (
          <MappingStep
            preview={step.preview}
            busy={busy}
            onPreview={(mapping) => preview(step.file, mapping)}
          />
        )}
        {!busy && step.name === 'preview' && <PreviewStep preview={step.preview} phone={phone} />}
        {!busy && step.name === 'done' && (
          <Alert severity="success" role="status">
            {`Added ${plural(step.result.added, 'reading')}; ${plural(step.result.duplicates, 'duplicate')} skipped.`}
            {step.result.refusedCount > 0 &&
              ` ${plural(step.result.refusedCount, 'row')} could not be imported.`}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {step.name === 'mapping' && (
          <Button disabled={busy} onClick={() => setStep({ name: 'choose' })}>
            Choose another file
          </Button>
        )}
        {step.name === 'preview' && (
          <>
            <Button
              disabled={busy}
              onClick={() =>
                step.preview.format === 'csv'
                  ? setStep({
                      name: 'mapping',
                      file: step.file,
                      preview: {
                        ...step.preview,
                        csv: step.preview.csv && {
                          ...step.preview.csv,
                          guessed: step.mapping ?? step.preview.csv.guessed,
                        },
                      },
                    })
                  : setStep({ name: 'choose' })
              }
            >
              {step.preview.format === 'csv' ? 'Change the columns' : 'Choose another file'}
            </Button>
            <Button
              variant="contained"
              disabled={
                busy || step.preview.toAdd === 0 || step.preview.toAdd > leftToday(step.preview)
              }
              onClick={() => startImport(step.file, step.mapping)}
            >
              {step.preview.toAdd === 0
                ? 'Nothing new to import'
                : `Import ${plural(step.preview.toAdd, 'reading')}`}
            </Button>
          </>
        )}
        <Button
          disabled={busy}
          onClick={close}
          variant={step.name === 'done' ? 'contained' : 'text'}
        >
          {step.name === 'done' ? 'Done' : 'Cancel'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ChooseStep({ onChoose }: { onChoose: (file: File | undefined) => void }) {
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onChoose(event.dataTransfer.files[0]);
  };
  return (
    <Stack spacing={2}>
      <Typography>
        Bring in readings from a file: Vitalia&apos;s own readings.csv (from Download my data), a
        CSV from a blood pressure monitor or glucose meter, or a FHIR R4 Bundle (.json) or NDJSON
        file of Observations. You see what would be added before anything is saved, and importing
        the same file twice adds nothing.
      </Typography>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="import-drop-zone"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: 3,
          textAlign: 'center',
          bgcolor: over ? 'action.hover' : undefined,
        }}
      >
        <UploadFileOutlinedIcon color="primary" aria-hidden sx={{ fontSize: 40 }} />
        <Typography sx={{ mb: 2 }}>Drop the file here, or</Typography>
        <Button variant="contained" component="label">
          Choose a file
          <input
            ref={input}
            hidden
            type="file"
            aria-label="File of readings"
            accept=".csv,.json,.ndjson,.jsonl,text/csv,application/json,application/fhir+json"
            onChange={(event) => {
              onChoose(event.target.files?.[0]);
              // The same file can be chosen again after a change to it.
              event.target.value = '';
            }}
          />
        </Button>
      </Box>
    </Stack>
  );
}

const SUGAR_MEAL_LABELS: Record<ImportMapping['sugarMeal'], string> = {
  fasting: 'Before eating (fasting): the strictest ranges',
  'after-meal': 'After a meal',
};

/** True when two mappings read the file the same way (the time zone aside). */
export function sameMapping(a: ImportMapping, b: ImportMapping): boolean {
  const key = (mapping: ImportMapping) =>
    JSON.stringify({
      ...mapping,
      timeZone: null,
      columns: [...mapping.columns].sort((x, y) => x.column - y.column),
    });
  return key(a) === key(b);
}

/** The measures whose sample readings are rated red: worth a second look at their columns. */
export function redMeasures(readings: readonly ImportedReading[]): string[] {
  return [
    ...new Set(
      readings
        .filter((reading) => reading.colour === 'red')
        .map((reading) => `${measureName(reading)} (${reading.label})`),
    ),
  ];
}

function OutOfRangeAlert({ readings }: { readings: readonly ImportedReading[] }) {
  const red = redMeasures(readings);
  if (red.length === 0) return null;
  return (
    <Alert severity="warning">
      {`Some readings would be rated out of range: ${red.join(', ')}. If that is not what you expect, check that each column holds what you chose (a room temperature is not a body temperature).`}
    </Alert>
  );
}

/**
 * What the guessed columns read as, rated: the person sees "Temperature: 24 °C, Hypothermia"
 * before importing, and can tell a room temperature read as a body temperature.
 */
function GuessedSamples({ samples }: { samples: readonly ImportedReading[] }) {
  const ids = useId();
  if (samples.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={`${ids}-samples`}>
      <Typography id={`${ids}-samples`} variant="subtitle1" component="h4">
        What the guess reads
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The first readings of each measure, rated as Vitalia would rate them. If one looks wrong (a
        room temperature read as a body temperature), change that column below.
      </Typography>
      <OutOfRangeAlert readings={samples} />
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {samples.map((reading, index) => (
          <Box
            component="li"
            key={index}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              columnGap: 1,
              rowGap: 0.5,
              py: 0.5,
            }}
          >
            <Typography component="span">{`${measureName(reading)}: ${valueOf(reading)}`}</Typography>
            <ReadingChip colour={reading.colour} label={reading.label} size="small" wrap />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

interface MappingState {
  timeColumn: number;
  timeOfDayColumn: number | null;
  zoneColumn: number | null;
  dateOrder: ImportDateOrder;
  roles: Record<number, ImportColumnRole | ''>;
  sugarUnit: ImportMapping['sugarUnit'];
  sugarMeal: ImportMapping['sugarMeal'];
}

function initialMapping(preview: ImportPreview): MappingState {
  const guessed = preview.csv?.guessed;
  const roles: Record<number, ImportColumnRole | ''> = {};
  for (const { column, role } of guessed?.columns ?? []) roles[column] = role;
  return {
    timeColumn: guessed?.timeColumn ?? 0,
    timeOfDayColumn: guessed?.timeOfDayColumn ?? null,
    zoneColumn: guessed?.zoneColumn ?? null,
    dateOrder: guessed?.dateOrder ?? 'DMY',
    roles,
    sugarUnit: guessed?.sugarUnit ?? 'mg/dL',
    sugarMeal: guessed?.sugarMeal ?? 'fasting',
  };
}

function MappingStep({
  preview,
  busy,
  onPreview,
}: {
  preview: ImportPreview;
  busy: boolean;
  onPreview: (mapping: ImportMapping) => void;
}) {
  const csv = preview.csv;
  const [state, setState] = useState<MappingState>(() => initialMapping(preview));
  const ids = useId();
  if (!csv) return null;
  const header = csv.header;
  const example = (column: number) =>
    csv.sample.find((row) => (row[column] ?? '').trim() !== '')?.[column];
  const columnName = (column: number) => header[column] || `Column ${column + 1}`;
  const valueColumns = header
    .map((_, column) => column)
    .filter(
      (column) =>
        column !== state.timeColumn &&
        column !== state.timeOfDayColumn &&
        column !== state.zoneColumn,
    );
  const chosen = valueColumns.flatMap((column) => {
    const role = state.roles[column];
    return role ? [{ column, role }] : [];
  });
  const hasSugar = chosen.some((each) => each.role === 'sugar');
  const current: ImportMapping = {
    timeColumn: state.timeColumn,
    timeOfDayColumn: state.timeOfDayColumn,
    zoneColumn: state.zoneColumn,
    dateOrder: state.dateOrder,
    timeZone: browserTimeZone() ?? 'UTC',
    columns: chosen,
    sugarUnit: state.sugarUnit,
    sugarMeal: state.sugarMeal,
  };
  const submit = () => onPreview(current);
  // The samples were read with the mapping of the last preview: once a choice differs, they no
  // longer say what the columns would become, and are not shown.
  const samplesCurrent = preview.mapping !== null && sameMapping(preview.mapping, current);
  const select = (
    id: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    options: Array<[string, string]>,
  ) => (
    <FormControl fullWidth size="small" key={id}>
      <InputLabel id={`${ids}-${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${ids}-${id}-label`}
        label={label}
        value={value}
        onChange={(event) => onChange(String(event.target.value))}
      >
        {options.map(([option, text]) => (
          <MenuItem key={option} value={option}>
            {text}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
  const columnOptions = header.map((_, column): [string, string] => [
    String(column),
    `${columnName(column)}${example(column) ? ` (e.g. ${example(column)})` : ''}`,
  ]);
  return (
    <Stack spacing={2} component="section" aria-labelledby={`${ids}-heading`}>
      <Typography id={`${ids}-heading`} variant="h6" component="h3">
        Which columns hold what
      </Typography>
      <Typography color="text.secondary">
        This CSV is not Vitalia&apos;s own, so say which column has the time and what each of the
        others holds. Vitalia has guessed; check it against the first rows.
      </Typography>
      {select(
        'time',
        'Date and time column',
        String(state.timeColumn),
        (value) => setState({ ...state, timeColumn: Number(value) }),
        columnOptions,
      )}
      {select(
        'time-of-day',
        'Time of day column',
        state.timeOfDayColumn === null ? 'none' : String(state.timeOfDayColumn),
        (value) => setState({ ...state, timeOfDayColumn: value === 'none' ? null : Number(value) }),
        [
          ['none', 'None: the time is in the date column'],
          ...columnOptions.filter(([column]) => Number(column) !== state.timeColumn),
        ],
      )}
      {select(
        'zone',
        'Time zone column',
        state.zoneColumn === null ? 'none' : String(state.zoneColumn),
        (value) => setState({ ...state, zoneColumn: value === 'none' ? null : Number(value) }),
        [
          ['none', 'None: times are in this device’s time zone'],
          ...columnOptions.filter(
            ([column]) =>
              Number(column) !== state.timeColumn && Number(column) !== state.timeOfDayColumn,
          ),
        ],
      )}
      {select(
        'date-order',
        'Date order',
        state.dateOrder,
        (value) => setState({ ...state, dateOrder: value as ImportDateOrder }),
        IMPORT_DATE_ORDERS.map((order) => [order, DATE_ORDER_LABELS[order]]),
      )}
      {csv.dateOrderAmbiguous && (
        <Alert severity="info">
          The dates in this file read both ways (03/04 could be 3 April or 4 March): check the date
          order.
        </Alert>
      )}
      {samplesCurrent ? (
        <GuessedSamples samples={preview.samples} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          You have changed the columns: “Show the preview” reads the file again and shows what each
          reading would be rated.
        </Typography>
      )}
      <Typography variant="subtitle1" component="h4">
        Value columns
      </Typography>
      {valueColumns.map((column) =>
        select(
          `column-${column}`,
          `What “${columnName(column)}” holds${example(column) ? ` (e.g. ${example(column)})` : ''}`,
          state.roles[column] || 'none',
          (value) =>
            setState({
              ...state,
              roles: {
                ...state.roles,
                [column]: value === 'none' ? '' : (value as ImportColumnRole),
              },
            }),
          [
            ['none', 'Not imported'],
            ...IMPORT_COLUMN_ROLES.map((role): [string, string] => [
              role,
              ROLE_LABELS[role] ?? role,
            ]),
          ],
        ),
      )}
      {hasSugar &&
        select(
          'sugar-unit',
          'Blood sugar unit',
          state.sugarUnit,
          (value) => setState({ ...state, sugarUnit: value as ImportMapping['sugarUnit'] }),
          IMPORT_SUGAR_UNITS.map((unit) => [unit, unit]),
        )}
      {hasSugar &&
        select(
          'sugar-meal',
          'When the sugar readings were taken',
          state.sugarMeal,
          (value) => setState({ ...state, sugarMeal: value as ImportMapping['sugarMeal'] }),
          IMPORT_SUGAR_MEALS.map((meal) => [meal, SUGAR_MEAL_LABELS[meal]]),
        )}
      <Box>
        <Button variant="contained" onClick={submit} disabled={busy || chosen.length === 0}>
          Show the preview
        </Button>
      </Box>
    </Stack>
  );
}

/** Readings the person may still import today, under the day's cap. */
export function leftToday(preview: ImportPreview): number {
  return Math.max(0, preview.limits.readingsPerDay - preview.limits.importedToday);
}

function PreviewStep({ preview, phone }: { preview: ImportPreview; phone: boolean }) {
  const ids = useId();
  const left = leftToday(preview);
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h3">
        Preview
      </Typography>
      <Box component="ul" aria-label="What the import would do" sx={{ m: 0, pl: 3 }}>
        <li>{`${plural(preview.toAdd, 'reading')} to add`}</li>
        <li>{`${plural(preview.duplicates, 'duplicate')} skipped (already saved, or repeated in the file)`}</li>
        <li>{`${plural(preview.refusedCount, 'row or value', 'rows or values')} refused (listed below)`}</li>
        {preview.toAdd > left && (
          <li>{`You may import ${plural(left, 'more reading')} today (at most ${plural(preview.limits.readingsPerDay, 'reading')} in 24 hours): import a smaller file, or try again tomorrow.`}</li>
        )}
        {preview.passedOver > 0 && (
          <li>{`${plural(preview.passedOver, 'entry', 'entries')} left aside: not readings (a patient, a transaction’s answer)`}</li>
        )}
      </Box>
      <OutOfRangeAlert readings={[...preview.samples, ...preview.first]} />
      {preview.mapping && preview.samples.some((reading) => reading.measure === 'sugar') && (
        <Typography variant="body2" color="text.secondary">
          {`Blood sugar readings are rated as taken ${preview.mapping.sugarMeal === 'after-meal' ? 'after a meal' : 'before eating (fasting), the strictest ranges'}, with or without diabetes as your health questions say. Change it with “Change the columns”.`}
        </Typography>
      )}
      {preview.first.length > 0 && (
        <>
          <Typography id={`${ids}-first`} variant="subtitle1" component="h4">
            {preview.toAdd > preview.first.length
              ? `The first ${preview.first.length} readings to add`
              : 'Readings to add'}
          </Typography>
          {phone ? (
            <Box
              component="ul"
              aria-labelledby={`${ids}-first`}
              sx={{ m: 0, p: 0, listStyle: 'none' }}
            >
              {preview.first.map((reading, index) => (
                <Box
                  component="li"
                  key={index}
                  sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
                >
                  <Typography
                    sx={{ fontWeight: 500 }}
                  >{`${measureName(reading)}: ${valueOf(reading)}`}</Typography>
                  <ReadingChip colour={reading.colour} label={reading.label} size="small" wrap />
                  <Typography variant="body2" color="text.secondary">
                    {formatTakenAt(reading.takenAt)}
                    {reading.note ? ` · ${reading.note}` : ''}
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : (
            <Table size="small" aria-labelledby={`${ids}-first`}>
              <TableHead>
                <TableRow>
                  <TableCell>Measure</TableCell>
                  <TableCell>Taken</TableCell>
                  <TableCell>Value</TableCell>
                  <TableCell>Rating</TableCell>
                  <TableCell>Note</TableCell>
                  <TableCell>Device</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.first.map((reading, index) => (
                  <TableRow key={index}>
                    <TableCell>{measureName(reading)}</TableCell>
                    <TableCell>{formatTakenAt(reading.takenAt)}</TableCell>
                    <TableCell>{valueOf(reading)}</TableCell>
                    <TableCell>
                      <ReadingChip
                        colour={reading.colour}
                        label={reading.label}
                        size="small"
                        wrap
                      />
                    </TableCell>
                    <TableCell>{reading.note ?? ''}</TableCell>
                    <TableCell>{reading.device ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
      {preview.refused.length > 0 && (
        <>
          <Typography id={`${ids}-refused`} variant="subtitle1" component="h4">
            Refused rows and values
          </Typography>
          <Typography variant="body2" color="text.secondary">
            These are left out (a whole row, or one value of it); the rest can still be imported.
            Correct them in the file and import it again to add them (what is already imported is
            skipped).
          </Typography>
          <Box component="ul" aria-labelledby={`${ids}-refused`} sx={{ m: 0, pl: 3 }}>
            {preview.refused.map((row, index) => (
              <li key={index}>{`${rowPlace(row)}: ${row.reason}`}</li>
            ))}
          </Box>
          {preview.refusedCount > preview.refused.length && (
            <Typography variant="body2">{`…and ${plural(preview.refusedCount - preview.refused.length, 'more row')}.`}</Typography>
          )}
        </>
      )}
    </Stack>
  );
}
