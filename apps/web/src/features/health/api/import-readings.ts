// Importing a file of readings (docs/decisions/0031-importing-readings.md): the file goes as the
// request body with the content type its name says, a common CSV's column mapping in the query.
// The preview says what would happen; the import adds the readings and refreshes My Health.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IMPORT_MAX_BYTES,
  importPreview,
  importResult,
  portabilityPaths,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
} from '@vitalia/api/portability.contract';
import { recordsQueryKey } from '../../../readings/api/records-query-keys';
import { apiClient } from '../../../lib/api-client';
import { megabytes } from '../../../lib/file-size';

/** The content type a file is sent with, by the end of its name; null for one not imported. */
export function contentTypeOf(file: File): string | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'text/csv';
  if (name.endsWith('.json')) return 'application/fhir+json';
  if (name.endsWith('.ndjson') || name.endsWith('.jsonl')) return 'application/fhir+ndjson';
  return null;
}

/** Why a chosen file cannot be sent, before it is: its kind, emptiness or size; null when fine. */
export function fileProblem(file: File): string | null {
  if (contentTypeOf(file) === null) {
    return `${file.name} is not a file Vitalia imports: choose a .csv, a FHIR .json Bundle or an .ndjson file.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > IMPORT_MAX_BYTES) {
    return `${file.name} is too large: an import takes at most ${megabytes(IMPORT_MAX_BYTES)} MB. Split it into smaller files.`;
  }
  return null;
}

/** The browser's IANA time zone: times in a common CSV without an offset are in it. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** A mapping as the query carries it. */
export function mappingQuery(mapping: ImportMapping): Record<string, string> {
  return {
    format: 'csv',
    timeColumn: String(mapping.timeColumn),
    ...(mapping.timeOfDayColumn === null
      ? {}
      : { timeOfDayColumn: String(mapping.timeOfDayColumn) }),
    ...(mapping.zoneColumn === null ? {} : { zoneColumn: String(mapping.zoneColumn) }),
    dateOrder: mapping.dateOrder,
    columns: mapping.columns.map(({ column, role }) => `${column}:${role}`).join(','),
    sugarUnit: mapping.sugarUnit,
    sugarMeal: mapping.sugarMeal,
  };
}

/** Each imported reading keeps the file's name, so the person can tell later where it came from. */
function queryFor(file: File, mapping: ImportMapping | null): Record<string, string> {
  const timeZone = browserTimeZone();
  return {
    ...(timeZone ? { timeZone } : {}),
    ...(file.name ? { fileName: file.name.slice(0, 200) } : {}),
    ...(mapping ? mappingQuery(mapping) : {}),
  };
}

function send(path: string, file: File, params: Record<string, string>) {
  return apiClient.post(path, file, {
    params,
    headers: { 'Content-Type': contentTypeOf(file) ?? 'text/csv' },
  });
}

export async function previewImport(
  file: File,
  mapping: ImportMapping | null,
): Promise<ImportPreview> {
  const { data } = await send(portabilityPaths.importPreview, file, queryFor(file, mapping));
  return importPreview.parse(data);
}

export async function importReadings(
  file: File,
  mapping: ImportMapping | null,
): Promise<ImportResult> {
  // The person saw the refused rows in the preview and chose to import the others.
  const { data } = await send(portabilityPaths.importReadings, file, {
    ...queryFor(file, mapping),
    skipRefused: 'true',
  });
  return importResult.parse(data);
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: ImportMapping | null }) =>
      previewImport(file, mapping),
  });
}

export function useImportReadings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: ImportMapping | null }) =>
      importReadings(file, mapping),
    // New readings change the analysis, the score, the histories and the charts.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsQueryKey }),
  });
}
