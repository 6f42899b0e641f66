import type { AssessmentRequest } from '@vitalia/api/assessment.contract';

/** The questions in the order of the spec's screen, with the cancer question it left unasked. */
export const assessmentQuestions: Array<{ field: keyof AssessmentRequest; question: string }> = [
  { field: 'Smoke', question: 'Do you smoke?' },
  { field: 'RecreationalDrugs', question: 'Do you use recreational drugs?' },
  { field: 'SelfMedicate', question: 'Do you self medicate?' },
  { field: 'Illness', question: 'Do you have any illness?' },
  { field: 'Alcohol', question: 'Do you drink alcohol regularly?' },
  { field: 'HerbalConcotion', question: 'Do you drink herbal concoction?' },
  { field: 'Cancer', question: 'Have you ever been diagnosed with cancer?' },
];
