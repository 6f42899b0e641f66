// GET /api/v1/account/export: the signed-in person's data as one zip archive, streamed
// (docs/decisions/0030-data-export.md; the files are described in docs/data-export.md). A few
// archives an hour per person: each one reads the whole history.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  dataExportQuery,
  exportFileName,
  EXPORTS_PER_HOUR,
  portabilityPaths,
} from '@vitalia/api/portability.contract';
import { unauthorized, currentUser } from '../../../plugins/auth.ts';
import { buildArchive } from './export-archive.ts';
import { dayIn, instantWriter } from './local-time.ts';

export interface ExportRoutesOptions {
  clock: () => Date;
}

const HOUR_SECONDS = 60 * 60;

export const exportRoutes: FastifyPluginAsyncZod<ExportRoutesOptions> = async (app, { clock }) => {
  const db = app.database.db;

  app.get(
    portabilityPaths.dataExport,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['portability'],
        operationId: 'exportMyData',
        summary: "Download the signed-in person's data as a zip archive",
        description: `The archive holds README.txt, profile.json, readings.csv (one row per reading, oldest first, UTF-8 with a byte order mark, RFC 4180), fhir.json (a FHIR R4 Bundle of type collection: a Patient, one Observation per reading, the assessment as a QuestionnaireResponse), orders.json and sharing-log.csv; docs/data-export.md describes every field. Streamed as it is made. At most ${EXPORTS_PER_HOUR} archives an hour: more answers 429 with Retry-After.`,
        security: [{ bearerAuth: [] }],
        querystring: dataExportQuery,
        response: {
          200: {
            description:
              'The zip archive, named vitalia-export-YYYY-MM-DD.zip in Content-Disposition',
            content: { 'application/zip': { schema: z.any() } },
          },
          400: errorResponse,
          401: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { timeZone } = request.query;
      // An unknown zone is refused before an export is counted against the hour.
      const instant = instantWriter(timeZone);
      await app.attemptLimiter.reserve(
        [{ key: `data-export:${userId}`, limit: EXPORTS_PER_HOUR, windowSeconds: HOUR_SECONDS }],
        'downloads of your data in an hour',
      );
      const now = clock();
      const archive = await buildArchive(db, userId, { instant, now, timeZone });
      if (!archive) throw unauthorized();
      archive.stream.on('end', () => {
        request.log.info({ export: archive.counts }, 'data export written');
      });
      return reply
        .type('application/zip')
        .header(
          'content-disposition',
          `attachment; filename="${exportFileName(dayIn(now, timeZone))}"`,
        )
        .header('cache-control', 'no-store')
        .send(archive.stream);
    },
  );
};
