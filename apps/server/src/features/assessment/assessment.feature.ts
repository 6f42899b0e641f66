// The risk questionnaire and what the person told us about their health.
import type { Feature } from '../../infrastructure.ts';
import { assessmentRoutes } from './assessment.routes.ts';

export const registerAssessment: Feature = async (app) => {
  await app.register(assessmentRoutes);
};
