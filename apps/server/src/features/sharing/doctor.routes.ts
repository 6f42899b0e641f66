// The doctors' calls, for their mobile app (docs/decisions/0029-care-sharing.md). A doctor sees
// invites addressed to their sign-in email, and reads a patient only through a share they accepted
// that is open, not paused and inside its dates; the share is read from the database on every
// call, so pausing or ending it is refused by every server process from the next request on. A
// patient is named by the share's id; anything a doctor may not read answers 404, as if it did not
// exist, and every look is written to the patient's access log. Only a token issued to a registered
// confidential client, the doctors' app, reaches them (docs/decisions/0049-confidential-clients.md).
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import { historyPageLimits, storedTagOf, tagRuleOf } from '@vitalia/api/records.contract';
import { assessmentResponse } from '@vitalia/api/assessment.contract';
import {
  doctorInviteList,
  doctorPatient,
  doctorPatientList,
  doctorPatientSummary,
  doctorReadingsPage,
  doctorReadingsQuery,
  idParams,
  sharingCodes,
  sharingPaths,
} from '@vitalia/api/sharing.contract';
import { webClientId } from '@vitalia/api/identity.paths';
import { MEASURES } from '@vitalia/health/measure.catalog';
import { savedAssessment } from '../../db/assessment-answers.ts';
import { currentUser, type AuthUser } from '../../plugins/auth.ts';
import { AppError, badRequest, fieldProblem, notFound } from '../../plugins/errors.ts';
import { securityEvent } from '../../lib/security-events.ts';
import { decodeCursor, encodeCursor } from '../../readings/history.cursor.ts';
import { ReadingsRepository } from '../../readings/readings.repository.ts';
import { recordAccess, type AccessRecord } from './access-log.ts';
import { doctorSummary } from './shared-readings.ts';
import { realNameOf, SharesRepository, type Person, type ShareRow } from './shares.repository.ts';
import {
  measuresOf,
  measureWords,
  sharedReading,
  tagsOf,
  toDoctorInvite,
  toDoctorPatient,
  windowOf,
} from './sharing.views.ts';

const secured = [{ bearerAuth: [] }];
const tags = ['doctors'];
const fromTheApp =
  "The token must be issued to a registered confidential client (the doctors' app signing in at POST /o/token/): a doctor's token from the login call or the web app answers 403 CONFIDENTIAL_CLIENT_REQUIRED.";
const forDoctors = `DOC accounts only: USER and ADMIN tokens answer 403. ${fromTheApp}`;
const asIfMissing = `DOC accounts only; any other token, another doctor's patient, and a share that is paused, ended or past its end date answer 404, as a patient that does not exist. ${fromTheApp}`;

export interface DoctorRoutesOptions {
  clock: () => Date;
  emergency: { number: string; crisisLine: string | null };
  /** The ids of the confidential clients (OAUTH_CLIENTS) whose tokens these calls take. */
  confidentialClients: readonly string[];
}

const noSuchPatient = () => notFound('There is no patient with this id.');
const noSuchInvite = () => notFound('There is no invite with this id.');

export const doctorRoutes: FastifyPluginAsyncZod<DoctorRoutesOptions> = async (app, options) => {
  const { clock, emergency } = options;
  const db = app.database.db;
  const shares = new SharesRepository(db);
  const records = new ReadingsRepository(db);
  const confidentialClients = new Set(options.confidentialClients);
  confidentialClients.delete(webClientId);

  /**
   * A doctor's token must have been issued to a confidential client: the doctors' app proves
   * itself with its secret, so a password alone, typed into the web app or any script, does not
   * open a patient's readings. Other roles meet each route's own refusal (403 for the lists, 404
   * for a patient), as before.
   */
  function fromConfidentialClient(request: FastifyRequest): void {
    const user = currentUser(request);
    if (user.role !== 'DOC') return;
    if (user.clientId !== null && confidentialClients.has(user.clientId)) return;
    securityEvent(request, 'client.required', {
      userId: user.id,
      clientId: user.clientId,
      route: request.routeOptions.url,
    });
    throw new AppError(
      403,
      sharingCodes.confidentialClientRequired,
      "The doctors' calls take a token issued to the doctors' app: sign in at POST /o/token/ with grant_type=password and the app's client id and secret (or refresh this session there with them). A token from the web sign-in or the login call is not accepted here.",
    );
  }
  const fromTheDoctorsApp = (check: preHandlerAsyncHookHandler): preHandlerAsyncHookHandler =>
    async function (request, reply) {
      await check.call(this, request, reply);
      fromConfidentialClient(request);
    };
  const doctorsOnly = fromTheDoctorsApp(app.requireRole('DOC'));
  const signedIn = fromTheDoctorsApp(app.authenticate);

  /** The calling doctor, or a 404 for any other role: to them the patient does not exist. */
  function doctorOf(request: FastifyRequest, notThere: () => Error): AuthUser {
    const user = currentUser(request);
    if (user.role !== 'DOC') throw notThere();
    return user;
  }

  async function doctorWho(user: AuthUser): Promise<string> {
    const doctor = await shares.person(user.id);
    const name = doctor ? realNameOf(doctor) : null;
    return name ? `${name} (${user.username})` : user.username;
  }

  /** The share this doctor may read now, with its patient; 404 otherwise. */
  async function readable(request: FastifyRequest & { params: { id: string } }) {
    const user = doctorOf(request, noSuchPatient);
    const [row] = await shares.readableBy(user.id, clock(), request.params.id);
    if (!row) throw noSuchPatient();
    return { user, row };
  }

  /** Writes the look to the patient's log, and mails them on the doctor's first. */
  async function logLook(
    request: FastifyRequest,
    user: AuthUser,
    { share, patient }: { share: ShareRow; patient: Person },
    entry: Pick<AccessRecord, 'action' | 'what'>,
  ): Promise<void> {
    const now = clock();
    const who = await doctorWho(user);
    await db.transaction(async (tx) => {
      await recordAccess(
        tx,
        request,
        { patientId: share.patientId, shareId: share.id, who, ...entry },
        now,
      );
      const first = await shares.markViewed(tx, share.id, now);
      if (first) {
        await app.mailer.sendWithin(tx, {
          to: patient.username,
          template: 'first-look',
          values: { who, kind: 'doctor', at: now },
        });
      }
    });
  }

  app.get(
    sharingPaths.doctorInvites,
    {
      preHandler: doctorsOnly,
      schema: {
        tags,
        operationId: 'listDoctorInvites',
        summary: "Invites to share readings, addressed to the doctor's sign-in email",
        description: forDoctors,
        security: secured,
        response: { 200: doctorInviteList, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const rows = await shares.invitesFor(currentUser(request).username, clock());
      return { items: rows.map(toDoctorInvite) };
    },
  );

  for (const accept of [true, false]) {
    app.post(
      accept ? sharingPaths.doctorInviteAccept : sharingPaths.doctorInviteDecline,
      {
        preHandler: signedIn,
        schema: {
          tags,
          operationId: accept ? 'acceptDoctorInvite' : 'declineDoctorInvite',
          summary: accept
            ? 'Accept an invite: the patient appears in the list'
            : 'Decline an invite',
          description: `${accept ? 'Answers the new patient.' : 'Answers 204.'} An invite that is not addressed to this doctor, or no longer waiting, answers 404. DOC accounts only; other tokens answer 404. ${fromTheApp}`,
          security: secured,
          params: idParams,
          response: {
            [accept ? 200 : 204]: accept ? doctorPatient : z.null(),
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
            404: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const user = doctorOf(request, noSuchInvite);
        const now = clock();
        const who = await doctorWho(user);
        const answered = await db.transaction(async (tx) => {
          const row = await shares.answer(
            tx,
            { id: user.id, email: user.username },
            request.params.id,
            accept,
            now,
          );
          if (row) {
            await recordAccess(
              tx,
              request,
              {
                patientId: row.patientId,
                shareId: row.id,
                who,
                action: accept ? 'accepted' : 'declined',
                what: measureWords(row),
              },
              now,
            );
          }
          return row;
        });
        if (!answered) throw noSuchInvite();
        if (!accept) return reply.code(204).send(null);
        const [row] = await shares.readableBy(user.id, now, answered.id);
        if (!row) throw noSuchInvite();
        return toDoctorPatient(row);
      },
    );
  }

  app.get(
    sharingPaths.doctorPatients,
    {
      preHandler: doctorsOnly,
      schema: {
        tags,
        operationId: 'listDoctorPatients',
        summary: 'The patients whose shares the doctor accepted and may read now',
        description: `${forDoctors} Paused, ended and expired shares are not listed.`,
        security: secured,
        response: { 200: doctorPatientList, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const rows = await shares.readableBy(currentUser(request).id, clock());
      return { items: rows.map(toDoctorPatient) };
    },
  );

  app.get(
    sharingPaths.doctorPatient,
    {
      // A HEAD would run the handler and be logged as a look that showed nothing.
      exposeHeadRoute: false,
      preHandler: signedIn,
      schema: {
        tags,
        operationId: 'getDoctorPatient',
        summary: "A patient's shared measures: the newest reading of each, rated",
        description: `Each shared measure's newest reading inside the share's dates, rated by the same interpreter as the patient's own screens (colour, result, urgency), the 7-day blood pressure average when blood pressure is shared, and the assessment when it is. ${asIfMissing}`,
        security: secured,
        params: idParams,
        response: {
          200: doctorPatientSummary,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const { user, row } = await readable(request);
      const share = row.share;
      const measures = measuresOf(share);
      const [summary, assessment] = await Promise.all([
        doctorSummary(
          records,
          { patientId: share.patientId, measures, window: windowOf(share) },
          { emergency, now: clock() },
        ),
        share.includeAssessment ? savedAssessment(db, share.patientId) : Promise.resolve(null),
      ]);
      await logLook(request, user, row, {
        action: 'viewed summary',
        what: `newest readings: ${measureWords(share)}${assessment ? ', and the risk assessment' : ''}`,
      });
      return { patient: toDoctorPatient(row), ...summary, assessment };
    },
  );

  app.get(
    sharingPaths.doctorPatientReadings,
    {
      exposeHeadRoute: false,
      preHandler: signedIn,
      schema: {
        tags,
        operationId: 'listDoctorPatientReadings',
        summary: "A patient's shared readings, a page at a time",
        description: `The same paging, order and filters as the owner's history (listReadings), limited to the shared measures and to readings taken inside the share's dates. A tag of a measure that is not shared answers 404. ${asIfMissing}`,
        security: secured,
        params: idParams,
        querystring: doctorReadingsQuery,
        response: {
          200: doctorReadingsPage,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const { user, row } = await readable(request);
      const share = row.share;
      const query = request.query;
      const measures = measuresOf(share);
      const tag = query.tag === undefined ? undefined : storedTagOf(query.tag);
      if (tag && !measures.includes(tagRuleOf(tag).measure)) {
        throw notFound(`There are no ${query.tag} readings shared with you.`);
      }
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      if (after === null) {
        throw badRequest(
          fieldProblem('cursor', 'is not a cursor this server gave; start again without it.', {
            in: 'query',
            code: 'INVALID_CURSOR',
          }),
        );
      }
      const limit = query.limit ?? historyPageLimits.default;
      const page = await records.history(share.patientId, {
        order: query.order ?? 'DESC',
        tag,
        tags: tagsOf(measures),
        window: windowOf(share),
        from: query.from === undefined ? undefined : new Date(query.from),
        to: query.to === undefined ? undefined : new Date(query.to),
        after,
        limit,
      });
      const which = tag
        ? MEASURES[tagRuleOf(tag).measure].displayName.toLowerCase()
        : measureWords(share);
      const range = [query.from && `from ${query.from}`, query.to && `before ${query.to}`]
        .filter(Boolean)
        .join(' ');
      await logLook(request, user, row, {
        action: 'viewed readings',
        what: `${which}: ${after ? 'a later page' : 'first page'} of up to ${limit}${range ? `, ${range}` : ''} (${page.rows.length} shown)`,
      });
      return {
        items: page.rows.map(sharedReading),
        nextCursor: page.next ? encodeCursor(page.next) : null,
      };
    },
  );

  app.get(
    sharingPaths.doctorPatientAssessment,
    {
      exposeHeadRoute: false,
      preHandler: signedIn,
      schema: {
        tags,
        operationId: 'getDoctorPatientAssessment',
        summary: "A patient's risk assessment, when they share it",
        description: `404 when the assessment is not shared or not answered. ${asIfMissing}`,
        security: secured,
        params: idParams,
        response: {
          200: assessmentResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const { user, row } = await readable(request);
      const share = row.share;
      const assessment = share.includeAssessment
        ? await savedAssessment(db, share.patientId)
        : null;
      if (!assessment) throw notFound('There is no assessment shared with you.');
      await logLook(request, user, row, { action: 'viewed assessment', what: 'risk assessment' });
      return assessment;
    },
  );
};
