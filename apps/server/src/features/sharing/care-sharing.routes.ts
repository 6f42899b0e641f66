// The person's side of care sharing (docs/decisions/0029-care-sharing.md): invite a doctor, pause,
// resume or end a share, and read the access log. Another person's share answers 404, exactly as
// a missing one does; every change is itself written to the log.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  accessLogPage as accessLogPageSchema,
  accessLogQuery,
  idParams,
  share,
  shareChange,
  shareList,
  shareRequest,
  sharingCodes,
  sharingPaths,
} from '@vitalia/api/sharing.contract';
import { currentUser } from '../../plugins/auth.ts';
import { AppError, badRequest, fieldProblem, notFound } from '../../plugins/errors.ts';
import {
  ACCESS_LOG_CSV_COLUMNS,
  accessLogCsvCells,
  accessLogPage,
  wholeAccessLog,
} from '../../db/access-log-pages.ts';
import { csvByteOrderMark, csvLine } from '../../lib/csv.ts';
import { recordAccess, toAccessEntry } from './access-log.ts';
import { nameOf, SharesRepository } from './shares.repository.ts';
import { measureWords, toShare } from './sharing.views.ts';

const secured = [{ bearerAuth: [] }];
const tags = ['sharing'];

export interface SharingRoutesOptions {
  clock: () => Date;
}

const DAY_SECONDS = 24 * 60 * 60;
/** Enough for a person's doctors; too few to mail strangers with. */
const invitesPerDay = 10;

const noSuchShare = () => notFound('There is no share with this id.');

export const careSharingRoutes: FastifyPluginAsyncZod<SharingRoutesOptions> = async (
  app,
  { clock },
) => {
  const db = app.database.db;
  const shares = new SharesRepository(db);

  /** The person's share as the list shows it. */
  async function shareView(patientId: string, id: string) {
    const [row] = await shares.ofPatient(patientId, id);
    if (!row) throw noSuchShare();
    return toShare(row, clock());
  }

  app.get(
    sharingPaths.shares,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'listShares',
        summary: "The signed-in person's shares with doctors, newest first",
        security: secured,
        response: { 200: shareList, 401: errorResponse },
      },
    },
    async (request) => {
      const now = clock();
      const rows = await shares.ofPatient(currentUser(request).id);
      return { items: rows.map((row) => toShare(row, now)) };
    },
  );

  app.post(
    sharingPaths.shares,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'inviteDoctor',
        summary: 'Share readings with a doctor who has a Vitalia doctor account',
        description:
          'Invites the doctor by their sign-in email; a mail tells them. Nothing is shown to the doctor until they accept in their app. An address with no doctor account keeps the invite pending until one exists. 409 when an open share with this doctor already exists (end it first to change what is shared) or when the person has not confirmed their email address (EMAIL_NOT_CONFIRMED); 429 after 10 invites in a day.',
        security: secured,
        body: shareRequest,
        response: {
          201: share,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      const now = clock();
      if (body.doctorEmail === user.username) {
        throw badRequest(
          fieldProblem('doctorEmail', 'is your own address; enter your doctor’s email', {
            code: sharingCodes.shareWithSelf,
          }),
        );
      }
      const patient = await shares.person(user.id);
      // The invite is a mail to an address the person typed: only from a confirmed address,
      // and only so many a day, so nobody can use Vitalia to mail strangers.
      if (!patient?.emailVerifiedAt) {
        throw new AppError(
          409,
          'EMAIL_NOT_CONFIRMED',
          'Confirm your email address first: the doctor is told who invites them. Open the link we mailed you, or ask for a new one on My Health’s banner.',
        );
      }
      await app.attemptLimiter.reserve(
        [{ key: `care-invite:${user.id}`, limit: invitesPerDay, windowSeconds: DAY_SECONDS }],
        'invites today',
      );
      const doctorHasAccount = await shares.isDoctorEmail(body.doctorEmail);
      const patientName = nameOf(patient);
      const created = await db.transaction(async (tx) => {
        await shares.lockPair(tx, user.id, body.doctorEmail);
        if (await shares.openWith(tx, user.id, body.doctorEmail, now)) {
          throw new AppError(409, sharingCodes.shareExists, {
            field: 'doctorEmail',
            message:
              'already has an open share from you; end it first if you want to change what is shared',
          });
        }
        const row = await shares.insert(tx, user.id, {
          doctorEmail: body.doctorEmail,
          measures: body.measures,
          includeAssessment: body.includeAssessment,
          fromAt: body.from ? new Date(body.from) : null,
          untilAt: body.until ? new Date(body.until) : null,
        });
        await recordAccess(
          tx,
          request,
          {
            patientId: user.id,
            shareId: row.id,
            who: 'you',
            action: 'invited',
            what: `${body.doctorEmail}: ${measureWords(row)}${body.includeAssessment ? ' and the assessment' : ''}`,
          },
          now,
        );
        await app.mailer.sendWithin(tx, {
          to: body.doctorEmail,
          template: 'share-invite',
          values: { patientName, doctorHasAccount },
        });
        return row;
      });
      return reply
        .code(201)
        .header('location', sharingPaths.share.replace(':id', created.id))
        .send(await shareView(user.id, created.id));
    },
  );

  app.patch(
    sharingPaths.share,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'pauseShare',
        summary: 'Pause or resume a share',
        description:
          "While paused the doctor's calls for this patient answer 404 from the next request on, in every server process. Only an accepted, open share can be paused; 409 otherwise.",
        security: secured,
        params: idParams,
        body: shareChange,
        response: {
          200: share,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const { paused } = request.body;
      const now = clock();
      const changed = await db.transaction(async (tx) => {
        const row = await shares.setPaused(tx, user.id, id, paused, now);
        if (row) {
          await recordAccess(
            tx,
            request,
            {
              patientId: user.id,
              shareId: id,
              who: 'you',
              action: paused ? 'paused' : 'resumed',
              what: row.doctorEmail,
            },
            now,
          );
        }
        return row;
      });
      if (!changed) {
        if (!(await shares.ownedBy(user.id, id))) throw noSuchShare();
        throw new AppError(
          409,
          sharingCodes.shareNotOpen,
          'Only a share the doctor has accepted and that has not ended can be paused or resumed.',
        );
      }
      return shareView(user.id, id);
    },
  );

  app.delete(
    sharingPaths.share,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'endShare',
        summary: 'End a share (or withdraw an invite)',
        description:
          "Answers 204. The doctor's next call for this patient answers 404, in every server process. The share stays in the list as ended, for the record; ending one already ended changes nothing.",
        security: secured,
        params: idParams,
        response: { 204: z.null(), 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id } = request.params;
      const now = clock();
      const ended = await db.transaction(async (tx) => {
        const row = await shares.end(tx, user.id, id, now);
        if (row) {
          await recordAccess(
            tx,
            request,
            { patientId: user.id, shareId: id, who: 'you', action: 'ended', what: row.doctorEmail },
            now,
          );
        }
        return row;
      });
      if (!ended && !(await shares.ownedBy(user.id, id))) throw noSuchShare();
      return reply.code(204).send(null);
    },
  );

  app.get(
    sharingPaths.accessLog,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'getAccessLog',
        summary: 'Every look at the signed-in person’s data, and every change to a share or link',
        description:
          'Newest first, 50 a page; pass nextCursor back as cursor for the next page. Written by the server alone: no call changes or deletes an entry.',
        security: secured,
        querystring: accessLogQuery,
        response: { 200: accessLogPageSchema, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const { cursor } = request.query;
      if (cursor !== undefined && !/^\d{1,18}$/.test(cursor)) {
        throw badRequest(
          fieldProblem('cursor', 'is not a cursor this server gave; start again without it.', {
            in: 'query',
            code: 'INVALID_CURSOR',
          }),
        );
      }
      const page = await accessLogPage(
        db,
        currentUser(request).id,
        cursor === undefined ? undefined : Number(cursor),
      );
      return {
        items: page.rows.map(toAccessEntry),
        nextCursor: page.next === null ? null : String(page.next),
      };
    },
  );

  app.get(
    sharingPaths.accessLogCsv,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'exportAccessLog',
        summary: 'The whole access log as a CSV file',
        description:
          'UTF-8 with a byte order mark, RFC 4180 quoting, newest first; columns: time (ISO 8601, UTC), who, action, what, client, address. A cell that a spreadsheet would read as a formula starts with an apostrophe.',
        security: secured,
        response: {
          200: {
            description: 'The CSV file',
            content: { 'text/csv': { schema: z.string() } },
          },
          401: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      let text = csvByteOrderMark + csvLine(ACCESS_LOG_CSV_COLUMNS);
      for await (const row of wholeAccessLog(db, userId)) {
        text += csvLine(accessLogCsvCells(row));
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="vitalia-access-log.csv"')
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
};
