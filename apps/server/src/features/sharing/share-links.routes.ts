// Links for a clinician without an account (docs/decisions/0029-care-sharing.md): the person makes
// and ends them; the clinician's page opens one with its token, and its code when it has one. The
// token and code travel in the body of a POST, never in a URL, so no log or history keeps them.
// A link that has ended, expired or been locked answers exactly as one that never existed.
// An opening answers a pass that opens the link again without the token or the code, so a reload
// of the clinician's tab keeps the readings (docs/decisions/0054-sharing-on-the-phone.md).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  createdLink,
  idParams,
  linkCodeAttempts,
  linkList,
  linkReadingsPerMeasure,
  linkRequest,
  linkView,
  openLinkRequest,
  reopenLinkRequest,
  sharedLinkPage,
  sharingCodes,
  sharingPaths,
} from '@vitalia/api/sharing.contract';
import { currentUser } from '../../plugins/auth.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { ReadingsRepository } from '../../readings/readings.repository.ts';
import { recordAccess } from './access-log.ts';
import type { LinkPasses } from './link-pass.ts';
import { codeMatches, LinksRepository, newLinkSecrets, type LinkRow } from './links.repository.ts';
import { linkReadings } from './shared-readings.ts';
import { realNameOf, SharesRepository } from './shares.repository.ts';
import { measuresOf, measureWords, toShareLink } from './sharing.views.ts';

const secured = [{ bearerAuth: [] }];
const tags = ['sharing'];
const HOUR_MS = 60 * 60 * 1000;

export interface ShareLinksOptions {
  publicUrl: string;
  clock: () => Date;
  emergency: { number: string; crisisLine: string | null };
  passes: LinkPasses;
}

const noSuchLink = () => notFound('There is no link with this id.');
const linkGone = () => notFound('This link has ended or does not exist. Ask for a new one.');

/** Answers must never be kept by a browser, a proxy or a search engine. */
const private_ = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };

export const shareLinksRoutes: FastifyPluginAsyncZod<ShareLinksOptions> = async (app, options) => {
  const { publicUrl, clock, emergency, passes } = options;
  const db = app.database.db;
  const links = new LinksRepository(db);
  const people = new SharesRepository(db);
  const records = new ReadingsRepository(db);

  app.get(
    sharingPaths.links,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'listShareLinks',
        summary: "The signed-in person's links for clinicians, newest first",
        security: secured,
        response: { 200: linkList, 401: errorResponse },
      },
    },
    async (request) => {
      const now = clock();
      const rows = await links.ofPatient(currentUser(request).id);
      return { items: rows.map((row) => toShareLink(row, now)) };
    },
  );

  app.post(
    sharingPaths.links,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'createShareLink',
        summary: 'Make a read-only link for a clinician without an account',
        description: `Lasts from 1 hour to 30 days. The answer holds the address to give and, when asked for, a 6-digit code to give separately: both are shown only in this answer (only their hashes are kept). ${linkCodeAttempts} wrong codes lock the link.`,
        security: secured,
        body: linkRequest,
        response: { 201: createdLink, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      const now = clock();
      const { token, code } = newLinkSecrets(body.withCode);
      const row = await db.transaction(async (tx) => {
        const created = await links.insert(tx, user.id, {
          token,
          code,
          label: body.label,
          measures: body.measures,
          expiresAt: new Date(now.getTime() + body.lifetimeHours * HOUR_MS),
        });
        await recordAccess(
          tx,
          request,
          {
            patientId: user.id,
            linkId: created.id,
            who: 'you',
            action: 'link created',
            what: `${created.label}: ${measureWords(created)}`,
          },
          now,
        );
        return created;
      });
      return reply
        .code(201)
        .headers(private_)
        .send({
          link: toShareLink(row, now),
          url: `${publicUrl}${sharedLinkPage}#${token}`,
          code,
        });
    },
  );

  app.delete(
    sharingPaths.link,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'endShareLink',
        summary: 'End a link at once',
        description:
          'Answers 204; the link answers 404 from the next request on. Ending one that has already ended, expired or been locked changes nothing.',
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
        const row = await links.end(tx, user.id, id, now);
        if (row) {
          await recordAccess(
            tx,
            request,
            { patientId: user.id, linkId: id, who: 'you', action: 'link ended', what: row.label },
            now,
          );
        }
        return row;
      });
      if (!ended && !(await links.ownedBy(user.id, id))) throw noSuchLink();
      return reply.code(204).send(null);
    },
  );

  /** Judges the code of a link that has one; throws the answer for a missing or wrong one. */
  async function checkCode(
    request: FastifyRequest,
    link: LinkRow,
    token: string,
    code: string | undefined,
  ): Promise<void> {
    if (!link.codeHash) return;
    if (code === undefined) {
      throw new AppError(403, sharingCodes.codeRequired, {
        field: 'code',
        message: 'this link needs the 6-digit code you were given with it',
      });
    }
    const now = clock();
    const used = await links.reserveAttempt(link.id, now);
    if (used === undefined) {
      // No try left: locked, or the last tries are being judged right now (a right code among
      // them hands its try back), so a moment later may answer.
      if (!(await links.live(token, clock()))) throw linkGone();
      throw new AppError(
        429,
        sharingCodes.codeBusy,
        'Too many codes at once for this link. Try again in a moment.',
        {
          'retry-after': '2',
        },
      );
    }
    if (codeMatches(link, token, code)) {
      await links.refundAttempt(link.id);
      return;
    }
    const left = linkCodeAttempts - used;
    const tries = `${left} ${left === 1 ? 'try' : 'tries'} left`;
    // The person sees each wrong code, from where and with what, but never the digits typed.
    const wrongCode = {
      patientId: link.patientId,
      linkId: link.id,
      who: `link: ${link.label}`,
      action: 'wrong code',
      what: left > 0 ? tries : 'no tries left',
    } as const;
    if (left > 0) {
      await db.transaction((tx) => recordAccess(tx, request, wrongCode, now));
      throw new AppError(403, sharingCodes.codeWrong, {
        field: 'code',
        message: `is not the code of this link; ${tries}`,
      });
    }
    await db.transaction(async (tx) => {
      await recordAccess(tx, request, wrongCode, now);
      if (await links.lock(tx, link.id, now)) {
        await recordAccess(
          tx,
          request,
          {
            patientId: link.patientId,
            linkId: link.id,
            who: `link: ${link.label}`,
            action: 'link locked',
            what: `${linkCodeAttempts} wrong codes`,
          },
          now,
        );
      }
    });
    throw linkGone();
  }

  /**
   * What a live link shows, written to the person's access log as a look (`how` says whether it
   * was opened with its token or again with its pass); the first opening mails the person.
   */
  async function show(request: FastifyRequest, link: LinkRow, how: string | null) {
    const now = clock();
    const measures = measuresOf(link);
    const [patient, shown] = await Promise.all([
      people.person(link.patientId),
      linkReadings(
        records,
        {
          patientId: link.patientId,
          measures,
          window: {},
          allMeasures: link.measures === null,
        },
        linkReadingsPerMeasure,
        { emergency, now },
      ),
    ]);
    // The name they gave, never their email: the link may be passed on.
    const patientName = (patient && realNameOf(patient)) ?? 'A Vitalia user';
    await db.transaction(async (tx) => {
      const first = await links.markOpened(tx, link.id, now);
      await recordAccess(
        tx,
        request,
        {
          patientId: link.patientId,
          linkId: link.id,
          who: `link: ${link.label}`,
          action: 'opened link',
          what: how ? `${measureWords(link)} (${how})` : measureWords(link),
        },
        now,
      );
      if (first && patient) {
        await app.mailer.sendWithin(tx, {
          to: patient.username,
          template: 'first-look',
          values: { who: link.label, kind: 'link', at: now },
        });
      }
    });
    return {
      label: link.label,
      patientName,
      expiresAt: link.expiresAt.toISOString(),
      generatedAt: now.toISOString(),
      measures: shown.measures,
      bloodPressureWeek: shown.bloodPressureWeek,
      pass: passes.passFor(link.id),
    };
  }

  const openAnswers = {
    200: linkView,
    400: errorResponse,
    403: errorResponse,
    404: errorResponse,
    429: errorResponse,
  };

  app.post(
    sharingPaths.openLink,
    {
      schema: {
        tags,
        operationId: 'openShareLink',
        summary: 'What a link shows (no sign-in)',
        description: `The token is the part of the link after #. A link with a code answers 403 with the code CODE_REQUIRED without one and CODE_WRONG with a wrong one (403, not 401: no sign-in would help); after ${linkCodeAttempts} wrong codes it is locked. Each wrong code is written to the person's access log, without the digits typed. An ended, expired, locked or unknown link answers 404. Every opening is written to the person's access log. The answer's pass opens the link again at ${sharingPaths.reopenLink} without the token or the code. Answers are never cached.`,
        security: [],
        body: openLinkRequest,
        response: openAnswers,
      },
    },
    async (request, reply) => {
      reply.headers(private_);
      const { token, code } = request.body;
      const link = await links.live(token, clock());
      if (!link) throw linkGone();
      await checkCode(request, link, token, code);
      return show(request, link, null);
    },
  );

  app.post(
    sharingPaths.reopenLink,
    {
      schema: {
        tags,
        operationId: 'reopenShareLink',
        summary: 'What a link shows, again, with the pass its opening answered (no sign-in)',
        description:
          "For a reload of the clinician's page: the pass stands for the token and the code, until the link expires, is ended or is locked, and from then on answers 404 like a link that never existed. Each reopening is written to the person's access log. Answers are never cached.",
        security: [],
        body: reopenLinkRequest,
        response: openAnswers,
      },
    },
    async (request, reply) => {
      reply.headers(private_);
      const linkId = passes.linkIdOf(request.body.pass);
      const link = linkId === undefined ? undefined : await links.liveById(linkId, clock());
      if (!link) throw linkGone();
      return show(request, link, 'reloaded');
    },
  );
};
