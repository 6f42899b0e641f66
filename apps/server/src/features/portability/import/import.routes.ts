// POST /api/v1/records/import/preview and POST /api/v1/records/import: a file of readings (CSV,
// FHIR Bundle, NDJSON) as the request body, the column mapping of a common CSV in the query
// (docs/decisions/0031-importing-readings.md). The preview says what the import would do; the
// import does the same work and writes every new reading in one transaction, under a lock on the
// person, so a file is imported whole or not at all and a second import of it adds nothing.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { FastifySchemaCompiler, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  IMPORT_CONTENT_TYPES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_READINGS_PER_DAY,
  IMPORT_MAX_RECORD_CHARS,
  IMPORT_MAX_ROWS,
  IMPORTS_PER_HOUR,
  importPreview,
  importQuery,
  importResult,
  portabilityPaths,
  READINGS_CSV_COLUMNS,
} from '@vitalia/api/portability.contract';
import { currentUser, unauthorized } from '../../../plugins/auth.ts';
import { acceptImportBodies, refuseEncodedBody } from './import-file.ts';
import { insertReadings } from '../../../readings/readings.queries.ts';
import { ReadingsRepository } from '../../../readings/readings.repository.ts';
import { importedSince } from '../../../readings/readings.queries.ts';
import { savedKeys, underPersonLock } from './import.repository.ts';
import { readImportFileOffLoop as readImportFile } from './import-pool.ts';
import { dailyLimitError, planOf, previewOf, refusedRowsError, spanOf } from './import.service.ts';

const dayAgo = () => new Date(Date.now() - 24 * 60 * 60 * 1000);

const HOUR_SECONDS = 60 * 60;
const tags = ['records'];
const security = [{ bearerAuth: [] }];

/**
 * The file is the body, read by the parser of import-file.ts as bytes; the body schema only
 * documents it. Query and answers are checked by zod as everywhere.
 */
const rawBodyCompiler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : validatorCompiler(route as never);

const fileBody = z
  .string()
  .describe(
    `The file itself, at most ${IMPORT_MAX_BYTES / (1024 * 1024)} MB and ${IMPORT_MAX_ROWS.toLocaleString('en')} rows, UTF-8 (or UTF-16 with its byte order mark). text/csv: Vitalia's readings.csv (columns ${READINGS_CSV_COLUMNS.map((column) => column.name).join(', ')}) or any CSV with a header, read with the mapping in the query (at most ${IMPORT_MAX_COLUMNS} columns, ${IMPORT_MAX_RECORD_CHARS.toLocaleString('en')} characters a row). application/fhir+json or application/json: a FHIR R4 Bundle of Observations with the LOINC codes of docs/data-export.md. application/fhir+ndjson or application/x-ndjson: one FHIR resource per line.`,
  );

const consumes = Object.values(IMPORT_CONTENT_TYPES).flat();

const fileErrors = {
  400: errorResponse,
  503: errorResponse,
  401: errorResponse,
  413: errorResponse,
  415: errorResponse,
  429: errorResponse,
};

const common = `The file is the request body; a common CSV's mapping is in the query (timeColumn, timeOfDayColumn, zoneColumn, dateOrder, timeZone, columns, sugarUnit, sugarMeal) with the file's name (fileName), which each imported reading keeps. Every row is checked as a typed reading (the measurement limits, mood words, pairs, not before 1900, not in the future); a row that fails is refused with its line (CSV, NDJSON) or entry index (Bundle) and the reason. A duplicate (the same measure, time and value as a saved reading or an earlier row) is skipped. A file that is too large answers 413, one that is not a file Vitalia reads 400 or 415, saying why. At most ${IMPORTS_PER_HOUR} previews and imports an hour.`;

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const records = new ReadingsRepository(db);
  acceptImportBodies(app);

  // Who is calling, and whether they may, is settled when the request arrives, before a byte of
  // the file is read: a client without a session, or over the hour's limit, never has 32 MB held
  // for it.
  const signedInAndWithinLimit: onRequestAsyncHookHandler = async function (request, reply) {
    // The file of a refused call is never parsed: it is thrown away as it arrives
    // (plugins/unread-body.ts). A compressed body is refused first, before it counts against
    // the hour: its bytes are not the file, and no limit here could be checked on them.
    refuseEncodedBody(request.headers['content-encoding']);
    await app.authenticate.call(this, request, reply);
    await app.attemptLimiter.reserve(
      [
        {
          key: `records-import:${currentUser(request).id}`,
          limit: IMPORTS_PER_HOUR,
          windowSeconds: HOUR_SECONDS,
        },
      ],
      'imports in an hour',
    );
  };

  app.post(
    portabilityPaths.importPreview,
    {
      onRequest: signedInAndWithinLimit,
      bodyLimit: IMPORT_MAX_BYTES,
      validatorCompiler: rawBodyCompiler,
      schema: {
        tags,
        operationId: 'previewReadingsImport',
        summary: 'What importing a file of readings would do, without doing it',
        description: `${common} Answers the counts (rows, toAdd, duplicates, refusedCount), the first readings to add and the refused rows. For a CSV not in Vitalia's format it also answers the header, the first rows and a guessed mapping (csv), and needsMapping when the query gave none: the counts are then made with the guess.`,
        security,
        consumes,
        body: fileBody,
        querystring: importQuery,
        response: { 200: importPreview, ...fileErrors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const file = await readImportFile(
        userId,
        request.body,
        request.headers['content-type'],
        request.query,
        false,
      );
      const [saved, person, importedToday] = await Promise.all([
        savedKeys(db, userId, spanOf(file)),
        records.profileOf(userId),
        importedSince(db, userId, dayAgo()),
      ]);
      // Rated as the person's own screens rate them: their age, sex and height, and what they
      // told us of their health (a person with diabetes has their ranges).
      const profile = person
        ? {
            dob: person.dob,
            gender: person.gender,
            heightMM: person.heightMm,
            conditions: person.conditions,
          }
        : null;
      return previewOf(file, planOf(file, saved), profile, importedToday);
    },
  );

  app.post(
    portabilityPaths.importReadings,
    {
      onRequest: signedInAndWithinLimit,
      bodyLimit: IMPORT_MAX_BYTES,
      validatorCompiler: rawBodyCompiler,
      schema: {
        tags,
        operationId: 'importReadings',
        summary: 'Import a file of readings: all of it or nothing',
        description: `${common} Writes every new reading in one transaction: if anything fails while writing, nothing is added. A file with refused rows is refused whole (400, nothing added) unless skipRefused=true: then its other rows are imported. A common CSV needs its mapping. Importing the same file again adds nothing. Answers the numbers added, skipped as duplicates and refused.`,
        security,
        consumes,
        body: fileBody,
        querystring: importQuery,
        response: { 200: importResult, ...fileErrors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const file = await readImportFile(
        userId,
        request.body,
        request.headers['content-type'],
        request.query,
        true,
      );
      if (file.refused.length > 0 && request.query.skipRefused !== 'true') {
        throw refusedRowsError(file.refused);
      }
      const span = spanOf(file);
      const result = await underPersonLock(db, userId, async (tx) => {
        const plan = planOf(file, await savedKeys(tx, userId, span));
        // Counted under the person's lock, so two imports at once cannot both pass the day's cap.
        const importedToday = await importedSince(tx, userId, dayAgo());
        if (importedToday + plan.toAdd.length > IMPORT_MAX_READINGS_PER_DAY) {
          throw dailyLimitError(importedToday, plan.toAdd.length);
        }
        await insertReadings(tx, userId, plan.toAdd);
        return plan;
      });
      if (!result) throw unauthorized();
      request.log.info(
        {
          import: {
            format: file.format,
            added: result.toAdd.length,
            duplicates: result.duplicates,
            refused: file.refused.length,
          },
        },
        'readings imported',
      );
      return {
        format: file.format,
        added: result.toAdd.length,
        duplicates: result.duplicates,
        refusedCount: file.refused.length,
      };
    },
  );
};
