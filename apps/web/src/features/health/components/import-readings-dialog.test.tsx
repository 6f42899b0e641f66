import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  IMPORT_MAX_BYTES,
  portabilityPaths,
  type ImportPreview,
} from '@vitalia/api/portability.contract';
import { recordsPaths } from '@vitalia/api/records.contract';
import { fakeApi } from '../../../test/fake-api';
import { serveRecords } from '../../../test/health-fixtures';
import { signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';
import { setViewportWidth } from '../../../test/viewport';

beforeEach(() => {
  signInAs();
  serveRecords([]);
});
afterEach(() => setViewportWidth(1024));

const vitaliaPreview: ImportPreview = {
  format: 'vitalia-csv',
  rows: 4,
  toAdd: 2,
  duplicates: 1,
  refusedCount: 1,
  refused: [{ line: 5, entry: null, reason: 'time must not be in the future' }],
  first: [
    {
      measure: 'bloodPressure',
      takenAt: '2026-01-31T08:30:00.000Z',
      value: '128',
      secondValue: '82',
      unit: 'mmHg',
      enteredValue: null,
      enteredUnit: null,
      weight: null,
      context: null,
      note: 'left arm',
      device: 'Omron M3',
      colour: 'yellow',
      label: 'Elevated',
    },
    {
      measure: 'sugar',
      takenAt: '2026-02-01T07:00:00.000Z',
      value: '99',
      secondValue: null,
      unit: 'mg/dL',
      enteredValue: '5.5',
      enteredUnit: 'mmol/L',
      weight: null,
      context: 'HadMeal',
      note: null,
      device: null,
      colour: 'green',
      label: 'Normal',
    },
  ],
  samples: [],
  passedOver: 0,
  limits: { readingsPerImport: 100_000, readingsPerDay: 200_000, importedToday: 0 },
  csv: null,
  needsMapping: false,
  mapping: null,
};

const csvFile = (name = 'readings.csv', text = '"taken_at","measure","value"\r\n') =>
  new File([text], name, { type: 'text/csv' });

async function openDialog(applyAccept = true) {
  renderApp('/healths');
  const user = userEvent.setup({ delay: null, applyAccept });
  const card = await screen.findByRole('region', { name: 'Bring in your history' });
  await user.click(within(card).getByRole('button', { name: 'Import readings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import readings' });
  return { user, dialog };
}

describe('importing readings from My Health', () => {
  it("previews Vitalia's CSV, imports it and refreshes My Health", async () => {
    fakeApi.on('POST', portabilityPaths.importPreview, { status: 200, body: vitaliaPreview });
    fakeApi.on('POST', portabilityPaths.importReadings, {
      status: 200,
      body: { format: 'vitalia-csv', added: 2, duplicates: 1, refusedCount: 1 },
    });
    const { user, dialog } = await openDialog();
    const file = csvFile();
    await user.upload(within(dialog).getByLabelText('File of readings'), file);

    const summary = await within(dialog).findByRole('list', { name: 'What the import would do' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '2 readings to add',
      '1 duplicate skipped (already saved, or repeated in the file)',
      '1 row or value refused (listed below)',
    ]);
    const table = within(dialog).getByRole('table', { name: 'Readings to add' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      [
        'Blood pressure',
        expect.stringContaining('2026'),
        '128/82 mmHg',
        'Elevated',
        'left arm',
        'Omron M3',
      ],
      ['Blood sugar', expect.stringContaining('2026'), '5.5 mmol/L', 'Normal', '', ''],
    ]);
    const refused = within(dialog).getByRole('list', { name: 'Refused rows and values' });
    expect(within(refused).getByRole('listitem')).toHaveTextContent(
      'Line 5: time must not be in the future',
    );
    const [sentPreview] = fakeApi.requestsTo('POST', portabilityPaths.importPreview);
    expect(sentPreview?.headers['Content-Type']).toBe('text/csv');
    expect(sentPreview?.body).toBe(file);
    expect(sentPreview?.params).toMatchObject({ fileName: 'readings.csv' });
    expect(fakeApi.requestsTo('POST', portabilityPaths.importReadings)).toEqual([]);

    const analysisCalls = fakeApi.requestsTo('GET', recordsPaths.analysis).length;
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 readings' }));
    expect(
      await within(dialog).findByText(
        'Added 2 readings; 1 duplicate skipped. 1 row could not be imported.',
      ),
    ).toBeVisible();
    const [sentImport] = fakeApi.requestsTo('POST', portabilityPaths.importReadings);
    expect(sentImport?.params).toMatchObject({ skipRefused: 'true' });
    expect(sentImport?.body).toBe(file);
    await waitFor(() =>
      expect(fakeApi.requestsTo('GET', recordsPaths.analysis).length).toBeGreaterThan(
        analysisCalls,
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it("asks which columns hold what for another app's CSV, prefilled from the guess", async () => {
    const guessed = {
      timeColumn: 0,
      timeOfDayColumn: 1,
      dateOrder: 'DMY' as const,
      timeZone: 'UTC',
      columns: [
        { column: 2, role: 'systolic' as const },
        { column: 3, role: 'diastolic' as const },
      ],
      sugarUnit: 'mg/dL' as const,
      sugarMeal: 'fasting' as const,
      zoneColumn: null,
    };
    const mappingPreview: ImportPreview = {
      ...vitaliaPreview,
      format: 'csv',
      needsMapping: true,
      samples: [
        {
          ...vitaliaPreview.first[0]!,
          value: '131',
          secondValue: '84',
          colour: 'red',
          label: 'Stage 2 hypertension',
        },
      ],
      csv: {
        headerLine: 1,
        header: ['Date', 'Time', 'SYS', 'DIA', 'Pulse'],
        sample: [['13/01/2026', '07:45', '131', '84', '71']],
        guessed,
        dateOrderAmbiguous: false,
      },
      mapping: guessed,
    };
    fakeApi.on('POST', portabilityPaths.importPreview, (request) => ({
      status: 200,
      body: request.params.columns
        ? { ...mappingPreview, needsMapping: false, toAdd: 3 }
        : mappingPreview,
    }));
    fakeApi.on('POST', portabilityPaths.importReadings, {
      status: 200,
      body: { format: 'csv', added: 3, duplicates: 0, refusedCount: 0 },
    });
    const { user, dialog } = await openDialog();
    await user.upload(within(dialog).getByLabelText('File of readings'), csvFile('omron.csv'));

    expect(
      await within(dialog).findByRole('heading', { name: 'Which columns hold what' }),
    ).toBeVisible();
    expect(
      within(dialog).getByRole('combobox', { name: 'Date and time column' }),
    ).toHaveTextContent('Date (e.g. 13/01/2026)');
    expect(within(dialog).getByRole('combobox', { name: 'Time of day column' })).toHaveTextContent(
      'Time (e.g. 07:45)',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Date order' })).toHaveTextContent(
      'Day first (31/01/2026)',
    );
    expect(
      within(dialog).getByRole('combobox', { name: 'What “SYS” holds (e.g. 131)' }),
    ).toHaveTextContent('Blood pressure: systolic (mmHg)');
    // What the guess reads, rated, before anything is imported.
    const guessedReads = within(dialog).getByRole('region', { name: 'What the guess reads' });
    expect(guessedReads).toHaveTextContent('Blood pressure: 131/84 mmHg');
    expect(guessedReads).toHaveTextContent('Stage 2 hypertension');
    expect(within(guessedReads).getByRole('alert')).toHaveTextContent(
      'Some readings would be rated out of range: Blood pressure (Stage 2 hypertension).',
    );
    const pulse = within(dialog).getByRole('combobox', { name: 'What “Pulse” holds (e.g. 71)' });
    expect(pulse).toHaveTextContent('Not imported');
    await user.click(pulse);
    await user.click(await screen.findByRole('option', { name: 'Pulse (bpm)' }));
    // The samples were read with the guess: once a column changes they are no longer shown.
    expect(within(dialog).queryByRole('region', { name: 'What the guess reads' })).toBeNull();
    expect(within(dialog).getByText(/You have changed the columns/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Show the preview' }));

    await within(dialog).findByRole('button', { name: 'Import 3 readings' });
    const mapped = fakeApi.requestsTo('POST', portabilityPaths.importPreview).at(-1);
    expect(mapped?.params).toMatchObject({
      format: 'csv',
      timeColumn: '0',
      timeOfDayColumn: '1',
      dateOrder: 'DMY',
      columns: '2:systolic,3:diastolic,4:pulse',
      sugarUnit: 'mg/dL',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Import 3 readings' }));
    expect(
      await within(dialog).findByText('Added 3 readings; 0 duplicates skipped.'),
    ).toBeVisible();
    expect(fakeApi.requestsTo('POST', portabilityPaths.importReadings)[0]?.params).toMatchObject({
      columns: '2:systolic,3:diastolic,4:pulse',
      skipRefused: 'true',
    });
  });

  it('checks the kind and size of a file before sending it, and shows the server’s reason', async () => {
    fakeApi.on('POST', portabilityPaths.importPreview, {
      status: 400,
      body: {
        errors: [
          'This is not a text file: choose the CSV, JSON or NDJSON file itself (not a spreadsheet, zip or picture).',
        ],
      },
    });
    // As a file dropped on the page or chosen with "All files": the accept list does not stop it.
    const { user, dialog } = await openDialog(false);
    const input = within(dialog).getByLabelText('File of readings');
    await user.upload(input, new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'photo.png is not a file Vitalia imports: choose a .csv, a FHIR .json Bundle or an .ndjson file.',
    );
    const huge = csvFile('huge.csv');
    Object.defineProperty(huge, 'size', { value: IMPORT_MAX_BYTES + 1 });
    await user.upload(input, huge);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'huge.csv is too large: an import takes at most 32 MB.',
    );
    expect(fakeApi.requestsTo('POST', portabilityPaths.importPreview)).toEqual([]);

    await user.upload(input, csvFile('spreadsheet.csv'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This is not a text file');
  });

  it('lists the readings to add instead of a table on a phone', async () => {
    setViewportWidth(390);
    fakeApi.on('POST', portabilityPaths.importPreview, { status: 200, body: vitaliaPreview });
    const { user, dialog } = await openDialog();
    await user.upload(within(dialog).getByLabelText('File of readings'), csvFile());
    const list = await within(dialog).findByRole('list', { name: 'Readings to add' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Blood pressure: 128/82 mmHg', 'Blood sugar: 5.5 mmol/L']);
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the chosen columns when the server refuses the mapping', async () => {
    const guessed = {
      timeColumn: 0,
      timeOfDayColumn: null,
      dateOrder: 'DMY' as const,
      timeZone: 'UTC',
      columns: [{ column: 1, role: 'sugar' as const }],
      sugarUnit: 'mg/dL' as const,
      sugarMeal: 'fasting' as const,
      zoneColumn: null,
    };
    fakeApi.on('POST', portabilityPaths.importPreview, (request) =>
      request.params.columns
        ? {
            status: 400,
            body: {
              errors: [
                'query columns: column 7 is not in the file: it has 3 columns, numbered 0 to 2',
              ],
            },
          }
        : {
            status: 200,
            body: {
              ...vitaliaPreview,
              format: 'csv',
              needsMapping: true,
              csv: {
                headerLine: 1,
                header: ['When', 'Glucose', 'Other'],
                sample: [['13/01/2026 07:45', '99', '5']],
                guessed,
                dateOrderAmbiguous: false,
              },
              mapping: guessed,
            },
          },
    );
    const { user, dialog } = await openDialog();
    await user.upload(within(dialog).getByLabelText('File of readings'), csvFile('meter.csv'));
    const other = await within(dialog).findByRole('combobox', {
      name: 'What “Other” holds (e.g. 5)',
    });
    await user.click(other);
    await user.click(await screen.findByRole('option', { name: 'Note' }));
    await user.click(within(dialog).getByRole('button', { name: 'Show the preview' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'query columns: column 7 is not in the file: it has 3 columns, numbered 0 to 2',
    );
    expect(
      within(dialog).getByRole('combobox', { name: 'What “Other” holds (e.g. 5)' }),
    ).toHaveTextContent('Note');
  });

  it('takes a file dropped on it', async () => {
    fakeApi.on('POST', portabilityPaths.importPreview, { status: 200, body: vitaliaPreview });
    const { dialog } = await openDialog();
    const file = csvFile('dropped.csv');
    fireEvent.drop(within(dialog).getByTestId('import-drop-zone'), {
      dataTransfer: { files: [file] },
    });
    expect(await within(dialog).findByRole('button', { name: 'Import 2 readings' })).toBeEnabled();
    expect(fakeApi.requestsTo('POST', portabilityPaths.importPreview)[0]?.body).toBe(file);
  });

  it('says when a file holds nothing new', async () => {
    fakeApi.on('POST', portabilityPaths.importPreview, {
      status: 200,
      body: { ...vitaliaPreview, toAdd: 0, duplicates: 3, refusedCount: 0, refused: [], first: [] },
    });
    const { user, dialog } = await openDialog();
    await user.upload(within(dialog).getByLabelText('File of readings'), csvFile());
    expect(
      await within(dialog).findByRole('button', { name: 'Nothing new to import' }),
    ).toBeDisabled();
  });
});
