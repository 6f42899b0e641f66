// The risk assessment (docs/decisions/0026-first-run-and-trends.md): seven yes/no answers, sent with the spec's
// capitalised names (including its spelling `HerbalConcotion`), answered in camelCase.
import { z } from './zod.ts';

export const assessmentPath = '/api/v1/records/assessment';

const answer = z.boolean();

export const assessmentRequest = z
  .strictObject({
    Smoke: answer,
    Alcohol: answer,
    RecreationalDrugs: answer,
    SelfMedicate: answer,
    HerbalConcotion: answer,
    Illness: answer,
    Cancer: answer,
  })
  .meta({ id: 'AssessmentRequest', description: 'Every answer is required: true for yes.' });
export type AssessmentRequest = z.infer<typeof assessmentRequest>;

export const assessmentResponse = z
  .object({
    smoke: z.boolean(),
    alcohol: z.boolean(),
    recreationalDrugs: z.boolean(),
    selfMedicate: z.boolean(),
    herbalConcotion: z.boolean(),
    illness: z.boolean(),
    cancer: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Assessment' });
export type Assessment = z.infer<typeof assessmentResponse>;
