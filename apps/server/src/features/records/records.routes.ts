// The health-reading calls (docs/decisions/0007-health-readings-api.md): record, fetch the newest,
// page the history, correct, delete, and the analysis of every measure. A person only ever sees
// their own readings; another person's reading answers 404 exactly as a missing one does.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import { pulseBesidePressure } from '@vitalia/api/pressure-pulse';
import { ALL_READING_LIMITS, MEASURE_COUNT } from '@vitalia/health/measure.catalog';
import {
  analysisResponse,
  chosenMeasuresResponse,
  followedMeasureParams,
  HEALTH_TAGS,
  healthReading,
  healthReadingPath,
  healthReadingRequest,
  historyPage,
  historyPageLimits,
  historyQuery,
  newestReadingQuery,
  normaliseReading,
  readingIdParams,
  recordReadingHeaders,
  recordsPaths,
  recentReadingsPerMeasure,
  storedTagOf,
} from '@vitalia/api/records.contract';
import { admitted, currentUser, sessionKeyOf } from '../../plugins/auth.ts';
import { AppError, badRequest, fieldProblem, notFound } from '../../plugins/errors.ts';
import { decodeCursor, encodeCursor } from '../../readings/history.cursor.ts';
import { readingFingerprint } from './reading-idempotency.ts';
import { analysisOf } from '../../readings/readings.analysis.ts';
import { chosenMeasuresOf, follow, unfollow } from '../../readings/chosen-measures.ts';
import { ReadingsRepository, toReading } from '../../readings/readings.repository.ts';

const secured = [{ bearerAuth: [] }];
const tags = ['records'];

const noSuchReading = () => notFound('There is no reading with this id.');

const limits = ALL_READING_LIMITS.map(
  (limit) => `${limit.name} ${limit.min}-${limit.max} ${limit.unit}${limit.whole ? ', whole' : ''}`,
).join(', ');
const readingRules = `Refused with 400, one message per field, when it cannot be a human measurement: a number outside its limit (${limits}), a mood other than Happy, Neutral, Sad or Very Sad, a diastolic pressure not below the systolic, a missing or mismatched second value (Systolic needs MinTag Diastolic, FEV2 needs MinTag FEV1), or a second value on a one-value tag.`;

const idempotencyRules =
  'With an Idempotency-Key header (optional; docs/decisions/0033-idempotent-readings.md) a retry never stores a second reading: the same key with the same reading, within 24 hours, answers the first answer again (201, the same body and Location, with Idempotent-Replayed: true); the same key with a different reading answers 422 IDEMPOTENCY_KEY_REUSED. Readings refused with 400 keep no key, so they can be corrected and sent again with the same one.';

/** The same key again with another reading: a client bug or a key made twice, never a retry. */
const keyReused = () =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    fieldProblem(
      'idempotency-key',
      'was already used for a different reading; send a new key with each new reading, and the same key only to send the same reading again',
      { in: 'header' },
    ),
  );

export interface RecordsOptions {
  /** The numbers an urgent result points to (EMERGENCY_NUMBER, CRISIS_LINE). */
  emergency: { number: string; crisisLine: string | null };
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Empty as the spec's client sends empties: null, left out or blank text. */
const isBlank = (value: string | number | null | undefined): value is null | undefined | '' =>
  value === null || value === undefined || String(value).trim() === '';

export const recordsRoutes: FastifyPluginAsyncZod<RecordsOptions> = async (app, options) => {
  const records = new ReadingsRepository(app.database.db);

  app.post(
    recordsPaths.health,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'recordReading',
        summary: 'Record a health reading',
        description: `Tags: ${HEALTH_TAGS.join(', ')}. Values may be sent as numbers or as numeric text and are stored in canonical form ('97.0' is stored as '97'). ${readingRules} Answers 201 with the stored reading. ${idempotencyRules}`,
        security: secured,
        headers: recordReadingHeaders,
        body: healthReadingRequest,
        response: {
          201: healthReading,
          400: errorResponse,
          401: errorResponse,
          422: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      // A blood pressure monitor's pulse becomes a pulse reading of its own, taken at the same
      // moment, with the same note (the contract allows Pulse on Systolic readings only).
      const pulse = pulseBesidePressure(request.body);
      const alongside = pulse ? [pulse] : [];
      const reading = normaliseReading(request.body);
      const key = request.headers['idempotency-key'];
      if (key === undefined) {
        const row = await records.insert(userId, reading, alongside);
        return reply.code(201).header('location', healthReadingPath(row.id)).send(toReading(row));
      }
      const fingerprint = readingFingerprint(reading, alongside);
      const answer = await records.insertOnce(userId, { key, fingerprint }, reading, alongside);
      if (answer === 'reused') throw keyReused();
      return (
        reply
          // Only a reading stored answers with a key kept: a refusal keeps none.
          .code(answer.statusCode as 201)
          .header('idempotent-replayed', String(answer.replayed))
          .header('location', healthReadingPath(answer.reading.id))
          .send(answer.reading)
      );
    },
  );

  app.get(
    recordsPaths.health,
    {
      preHandler: app.authenticateBySessionRead,
      schema: {
        tags,
        operationId: 'getLatestReading',
        summary: 'The newest reading of a tag',
        description:
          'The reading taken most recently (by takenAt) with this tag. FEV1 is stored as the MinTagValue of FEV2 readings, so tag=FEV1 answers the newest FEV2 reading; Systolic readings carry the diastolic pressure as their MinTagValue. 404 when there is none.',
        security: secured,
        querystring: newestReadingQuery,
        response: {
          200: healthReading,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const { tag } = request.query;
      const found = admitted(
        request,
        await records.newestInSession(sessionKeyOf(request), storedTagOf(tag)),
      );
      if (!found.reading) throw notFound(`There is no ${tag} reading yet.`);
      return toReading(found.reading);
    },
  );

  app.get(
    recordsPaths.healthById,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'getReading',
        summary: 'One reading of the signed-in person',
        security: secured,
        params: readingIdParams,
        response: {
          200: healthReading,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const row = await records.byId(currentUser(request).id, request.params.id);
      if (!row) throw noSuchReading();
      return toReading(row);
    },
  );

  app.put(
    recordsPaths.healthById,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'updateReading',
        summary: 'Correct a reading (its owner only)',
        description: `The same body as recording one; it replaces the reading. A TakenAt left out keeps the time the reading was taken. ${readingRules} Another person's reading answers 404, as a missing one does.`,
        security: secured,
        params: readingIdParams,
        body: healthReadingRequest,
        response: {
          200: healthReading,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      if (!isBlank(request.body.Pulse)) {
        throw badRequest(
          fieldProblem(
            'Pulse',
            'a correction changes one reading; correct the pulse reading itself',
            {
              code: 'PULSE_ON_CORRECTION',
            },
          ),
        );
      }
      const row = await records.update(
        currentUser(request).id,
        request.params.id,
        normaliseReading(request.body),
      );
      if (!row) throw noSuchReading();
      return toReading(row);
    },
  );

  app.delete(
    recordsPaths.healthById,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'deleteReading',
        summary: 'Delete a reading (its owner only)',
        description: "Answers 204. Another person's reading answers 404, as a missing one does.",
        security: secured,
        params: readingIdParams,
        response: { 204: z.null(), 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const removed = await records.remove(currentUser(request).id, request.params.id);
      if (!removed) throw noSuchReading();
      return reply.code(204).send(null);
    },
  );

  app.get(
    recordsPaths.healths,
    {
      preHandler: app.authenticateBySessionRead,
      schema: {
        tags,
        operationId: 'listReadings',
        summary: "The signed-in person's readings, a page at a time",
        description: `The spec calls this "the user's health records": it answers them as { items, nextCursor }, ordered by takenAt (ties by id), newest first unless order=ASC. Filter by tag (FEV1 gives FEV2 readings) and by time (from inclusive, to exclusive). Up to limit readings per page (${historyPageLimits.default} by default, at most ${historyPageLimits.max}); pass nextCursor back as cursor, with the same order and filters, for the next page. nextCursor is null on the last page.`,
        security: secured,
        querystring: historyQuery,
        response: { 200: historyPage, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      if (after === null) {
        // A signed-out caller hears 401 before anything about their cursor, as on every read.
        await app.authenticate.call(app, request, reply);
        throw badRequest(
          fieldProblem('cursor', 'is not a cursor this server gave; start again without it.', {
            in: 'query',
            code: 'INVALID_CURSOR',
          }),
        );
      }
      const page = admitted(
        request,
        await records.historyInSession(sessionKeyOf(request), {
          order: query.order ?? 'DESC',
          tag: query.tag === undefined ? undefined : storedTagOf(query.tag),
          from: query.from === undefined ? undefined : new Date(query.from),
          to: query.to === undefined ? undefined : new Date(query.to),
          after,
          limit: query.limit ?? historyPageLimits.default,
        }),
      );
      return {
        items: page.rows.map(toReading),
        nextCursor: page.next ? encodeCursor(page.next) : null,
      };
    },
  );

  app.get(
    recordsPaths.analysis,
    {
      preHandler: app.authenticateBySessionRead,
      schema: {
        tags,
        operationId: 'getHealthAnalysis',
        summary: 'Every measure rated from its newest reading',
        description: `For each of the ${MEASURE_COUNT} measures: value, unit, colour (green, yellow, red; grey without a reading), result, advice naming its source document, urgency (now: emergency care now; today: a doctor today; an urgent result is red, with firstAction and emergencySigns), old (older than 90 days, BMI 365) and ok (1 only for a green reading that is not old), rated by the same interpreter the web app runs, with the profile's date of birth and gender (pulse) and height. forScaleOk is the sum of the OK flags (0-9); recorded counts the measures with a reading; profileOk is 1 when date of birth, gender and height are all present. readings holds the newest reading each measure was rated from; notes the lines shown under results (one for people under 18); emergency the numbers to call; bloodPressureWeek the average of the last 7 days' blood pressure readings, sugarWeek the same for blood sugar (fasting and after meals together: a trend, not rated); recent the last readings of each measure as numbers, oldest first, for trend lines.`,
        security: secured,
        response: { 200: analysisResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const now = new Date();
      const key = sessionKeyOf(request, now);
      const read = admitted(
        request,
        await records.analysisInSession(
          key,
          HEALTH_TAGS,
          recentReadingsPerMeasure,
          new Date(now.getTime() - WEEK_MS),
        ),
      );
      return analysisOf(read.latest, read.profile, {
        emergency: options.emergency,
        week: read.week,
        now,
      });
    },
  );

  const followRules =
    "A chosen measure is followed even without a reading from the last 90 days: the score ('In range: n of followed') counts it, so it asks for a reading. Answers 200 with every measure the person now chooses; doing it twice changes nothing. An unknown measure answers 400 naming the measures.";

  // Following and no longer following are one call each way, alike but for what they do.
  const followCalls = [
    {
      method: 'PUT',
      operationId: 'followMeasure',
      summary: 'Choose to follow a measure',
      description: followRules,
      change: follow,
    },
    {
      method: 'DELETE',
      operationId: 'unfollowMeasure',
      summary: 'Stop choosing to follow a measure',
      description: `A measure no longer chosen is still followed while it has a reading from the last 90 days (BMI 365). ${followRules}`,
      change: unfollow,
    },
  ] as const;
  for (const { method, change, ...doc } of followCalls) {
    app.route({
      method,
      url: recordsPaths.followed,
      preHandler: app.authenticate,
      schema: {
        tags,
        ...doc,
        security: secured,
        params: followedMeasureParams,
        response: { 200: chosenMeasuresResponse, 400: errorResponse, 401: errorResponse },
      },
      handler: async (request) => {
        const userId = currentUser(request).id;
        await change(app.database.db, userId, request.params.measure);
        return { chosen: await chosenMeasuresOf(app.database.db, userId) };
      },
    });
  }
};
