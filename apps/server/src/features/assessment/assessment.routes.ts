// GET and PUT /api/v1/records/assessment: a person's own risk assessment, one per person.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  assessmentPath,
  assessmentRequest,
  assessmentResponse,
} from '@vitalia/api/assessment.contract';
import { toAssessment } from '../../db/assessment-answers.ts';
import { assessments } from '../../db/schema/assessment.table.ts';
import { currentUser } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';

const secured = [{ bearerAuth: [] }];

export const assessmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    assessmentPath,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['assessment'],
        operationId: 'getAssessment',
        summary: "The signed-in person's risk assessment",
        description: 'Answers 404 when the person has never saved one.',
        security: secured,
        response: { 200: assessmentResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(assessments)
        .where(eq(assessments.userId, currentUser(request).id));
      if (!row) throw notFound('You have not completed the risk assessment yet.');
      return toAssessment(row);
    },
  );

  app.put(
    assessmentPath,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['assessment'],
        operationId: 'saveAssessment',
        summary: 'Save the risk assessment (the seven answers, and any of the six about health)',
        security: secured,
        body: assessmentRequest,
        response: { 200: assessmentResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const answers = request.body;
      const values = {
        smoke: answers.Smoke,
        alcohol: answers.Alcohol,
        recreationalDrugs: answers.RecreationalDrugs,
        selfMedicate: answers.SelfMedicate,
        herbalConcoction: answers.HerbalConcotion,
        illness: answers.Illness,
        cancer: answers.Cancer,
        // Left out: the saved answer stays (undefined is no column to drizzle); null clears it.
        diabetes: answers.Diabetes,
        highBloodPressure: answers.HighBloodPressure,
        sickleCell: answers.SickleCell,
        pregnant: answers.Pregnant,
        asthmaOrCopd: answers.AsthmaOrCopd,
        heartDisease: answers.HeartDisease,
        updatedAt: new Date(),
      };
      const [row] = await db
        .insert(assessments)
        .values({ userId: currentUser(request).id, ...values })
        .onConflictDoUpdate({ target: assessments.userId, set: values })
        .returning();
      if (!row) throw new Error('assessment upsert returned nothing');
      return toAssessment(row);
    },
  );
};
