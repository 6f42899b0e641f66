// The archive "Download my data" answers (docs/decisions/0030-data-export.md): a zip written to the
// response as it is made. The small files are built first, while an error can still answer with a
// status; the readings are then read a page at a time, once for readings.csv and once for
// fhir.json, and compressed as they come, so a history of any length streams.
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { HealthProfile } from '@vitalia/health/analysis';
import { READINGS_CSV_COLUMNS } from '@vitalia/api/portability.contract';
import type { Database } from '../../../db/database.ts';
import { csvByteOrderMark, csvLine } from '../../../lib/csv.ts';
import {
  ACCESS_LOG_CSV_COLUMNS,
  accessLogCsvCells,
  wholeAccessLog,
} from '../../../db/access-log-pages.ts';
import { savedAssessment } from '../../../db/assessment-answers.ts';
import { ordersDocument, personOf, profileDocument } from './account-data.ts';
import {
  bundleText,
  entry,
  patientOf,
  patientUrl,
  assessmentResponseId,
  questionnaireResponseOf,
} from './fhir-bundle.ts';
import { exportReadme } from './export-readme.ts';
import type { InstantWriter } from './local-time.ts';
import { readingsOldestFirst } from '../../../readings/readings.queries.ts';
import { databaseNow } from './snapshot-time.ts';
import { csvCells, observationOf, rateReading, type RatedReading } from './reading-views.ts';

export interface ArchiveOptions {
  instant: InstantWriter;
  now: Date;
  /** The IANA zone the times are written in, or undefined for UTC (README says which). */
  timeZone: string | undefined;
}

/** What one export read, for the log line written when it ends. */
export interface ArchiveCounts {
  readingsCsvRows: number;
  observations: number;
  readingPages: number;
  largestPage: number;
}

export interface Archive {
  stream: NodeJS.ReadableStream;
  counts: ArchiveCounts;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** Chunks of text joined up to about 64 KiB, as Buffers, for fewer and larger writes. */
async function* buffered(pieces: AsyncIterable<string>): AsyncGenerator<Buffer> {
  let text = '';
  for await (const piece of pieces) {
    text += piece;
    if (text.length >= 64 * 1024) {
      yield Buffer.from(text, 'utf8');
      text = '';
    }
  }
  if (text !== '') yield Buffer.from(text, 'utf8');
}

/** Null when the account is gone (deleted between the token and this call). */
export async function buildArchive(
  db: Database,
  userId: string,
  { instant, now, timeZone }: ArchiveOptions,
): Promise<Archive | null> {
  const found = await personOf(db, userId);
  if (!found) return null;
  const person = found;
  const [profile, orders, assessment, createdUpTo] = await Promise.all([
    profileDocument(db, person),
    ordersDocument(db, userId),
    savedAssessment(db, userId),
    databaseNow(db),
  ]);
  const healthProfile: HealthProfile = {
    dob: person.dob,
    gender: person.gender,
    heightMM: person.heightMm,
  };
  const counts: ArchiveCounts = {
    readingsCsvRows: 0,
    observations: 0,
    readingPages: 0,
    largestPage: 0,
  };
  const onPage = (rows: number) => {
    counts.readingPages += 1;
    counts.largestPage = Math.max(counts.largestPage, rows);
  };

  async function* rated(): AsyncGenerator<RatedReading> {
    for await (const row of readingsOldestFirst(db, { userId, createdUpTo, onPage })) {
      const reading = rateReading(row, healthProfile);
      if (reading) yield reading;
    }
  }

  async function* readingsCsv(): AsyncGenerator<string> {
    yield csvByteOrderMark + csvLine(READINGS_CSV_COLUMNS.map((column) => column.name));
    for await (const reading of rated()) {
      counts.readingsCsvRows += 1;
      yield csvLine(csvCells(reading, instant));
    }
  }

  const subject = patientUrl(userId);
  async function* bundleEntries(): AsyncGenerator<Record<string, unknown>> {
    yield { fullUrl: subject, resource: patientOf(person) };
    for await (const reading of rated()) {
      counts.observations += 1;
      yield entry(observationOf(reading, subject, instant), reading.row.id);
    }
    if (assessment) {
      const id = assessmentResponseId(userId);
      yield entry(questionnaireResponseOf(assessment, subject, id), id);
    }
  }

  async function* sharingLogCsv(): AsyncGenerator<string> {
    yield csvByteOrderMark + csvLine(ACCESS_LOG_CSV_COLUMNS);
    for await (const row of wholeAccessLog(db, userId)) yield csvLine(accessLogCsvCells(row));
  }

  const zip = new ZipFile();
  const output = zip.outputStream as NodeJS.ReadableStream & { destroy(error?: Error): void };
  const fail = (error: Error) => output.destroy(error);
  zip.on('error', fail);
  const streamed = (name: string, make: () => AsyncIterable<string>) =>
    zip.addReadStreamLazy(name, { mtime: now }, (ready) => {
      const stream = Readable.from(buffered(make()));
      stream.on('error', fail);
      ready(null, stream);
    });

  zip.addBuffer(Buffer.from(exportReadme({ now, timeZone }), 'utf8'), 'README.txt', {
    mtime: now,
  });
  zip.addBuffer(json(profile), 'profile.json', { mtime: now });
  streamed('readings.csv', readingsCsv);
  streamed('fhir.json', () => bundleText(now.toISOString(), bundleEntries()));
  zip.addBuffer(json(orders), 'orders.json', { mtime: now });
  streamed('sharing-log.csv', sharingLogCsv);
  zip.end();
  return { stream: output, counts };
}
