// The risk assessment (docs/decisions/0026-first-run-and-trends.md): seven yes/no answers, sent with the spec's
// capitalised names (including its spelling `HerbalConcotion`), answered in camelCase; and six
// optional answers about the person's health, which change a reading only where a rule names them
// (docs/decisions/0046-whole-person-readings.md, packages/health/src/conditions.ts).
import { CONDITION_USES, type Condition } from '@vitalia/health/conditions';
import { z } from './zod.ts';

export const assessmentPath = '/api/v1/records/assessment';

const answer = z.boolean();
// Optional: left out keeps the saved answer (a client that knows only the seven loses nothing),
// null clears it.
const healthAnswer = z
  .boolean()
  .nullable()
  .optional()
  .describe(
    'Optional: true for yes, false for no, null to clear; left out keeps the saved answer.',
  );

export const assessmentRequest = z
  .strictObject({
    Smoke: answer,
    Alcohol: answer,
    RecreationalDrugs: answer,
    SelfMedicate: answer,
    HerbalConcotion: answer,
    Illness: answer,
    Cancer: answer,
    Diabetes: healthAnswer,
    HighBloodPressure: healthAnswer,
    SickleCell: healthAnswer,
    Pregnant: healthAnswer,
    AsthmaOrCopd: healthAnswer,
    HeartDisease: healthAnswer,
  })
  .meta({
    id: 'AssessmentRequest',
    description:
      'The seven answers are required (true for yes); the six about health (Diabetes to HeartDisease) are optional.',
  });
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
    diabetes: z.boolean().nullable().describe('Null when not answered.'),
    highBloodPressure: z.boolean().nullable().describe('Null when not answered.'),
    sickleCell: z.boolean().nullable().describe('Null when not answered.'),
    pregnant: z.boolean().nullable().describe('Null when not answered.'),
    asthmaOrCopd: z.boolean().nullable().describe('Null when not answered.'),
    heartDisease: z.boolean().nullable().describe('Null when not answered.'),
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

/**
 * The optional questions about the person's health, in the order the questionnaire asks them,
 * each with what it changes (shown under the question) and the export's linkId.
 */
export const HEALTH_QUESTIONS = (
  [
    {
      field: 'Diabetes',
      answer: 'diabetes',
      linkId: 'diabetes',
      question: 'Do you have diabetes?',
    },
    {
      field: 'HighBloodPressure',
      answer: 'highBloodPressure',
      linkId: 'high-blood-pressure',
      question: 'Has a doctor told you that you have high blood pressure?',
    },
    {
      field: 'SickleCell',
      answer: 'sickleCell',
      linkId: 'sickle-cell',
      question: 'Do you have sickle cell disease?',
    },
    {
      field: 'Pregnant',
      answer: 'pregnant',
      linkId: 'pregnant',
      question: 'Are you pregnant now?',
    },
    {
      field: 'AsthmaOrCopd',
      answer: 'asthmaOrCopd',
      linkId: 'asthma-or-copd',
      question: 'Do you have asthma or COPD?',
    },
    {
      field: 'HeartDisease',
      answer: 'heartDisease',
      linkId: 'heart-disease',
      question: 'Do you have heart disease?',
    },
  ] as const satisfies ReadonlyArray<{
    field: keyof AssessmentRequest;
    answer: Condition;
    linkId: string;
    question: string;
  }>
).map((question) => ({ ...question, uses: CONDITION_USES[question.answer] }));
