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

/**
 * The questions in the order of the spec's screen, with the cancer question it left unasked: the
 * request's field, the answer's field, and the linkId the data export's QuestionnaireResponse
 * names each with (docs/data-export.md).
 */
export const ASSESSMENT_QUESTIONS = [
  { field: 'Smoke', answer: 'smoke', linkId: 'smoke', question: 'Do you smoke?' },
  {
    field: 'RecreationalDrugs',
    answer: 'recreationalDrugs',
    linkId: 'recreational-drugs',
    question: 'Do you use recreational drugs?',
  },
  {
    field: 'SelfMedicate',
    answer: 'selfMedicate',
    linkId: 'self-medicate',
    question: 'Do you self medicate?',
  },
  { field: 'Illness', answer: 'illness', linkId: 'illness', question: 'Do you have any illness?' },
  {
    field: 'Alcohol',
    answer: 'alcohol',
    linkId: 'alcohol',
    question: 'Do you drink alcohol regularly?',
  },
  {
    field: 'HerbalConcotion',
    answer: 'herbalConcotion',
    linkId: 'herbal-concoction',
    question: 'Do you drink herbal concoction?',
  },
  {
    field: 'Cancer',
    answer: 'cancer',
    linkId: 'cancer',
    question: 'Have you ever been diagnosed with cancer?',
  },
] as const satisfies ReadonlyArray<{
  field: keyof AssessmentRequest;
  answer: keyof Omit<Assessment, 'updatedAt'>;
  linkId: string;
  question: string;
}>;
