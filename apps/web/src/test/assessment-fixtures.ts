import type { Assessment } from '@vitalia/api/assessment.contract';

/** Saved answers: no to the seven questions and the optional ones unanswered, unless told. */
export function anAssessment(overrides: Partial<Assessment> = {}): Assessment {
  return {
    smoke: false,
    alcohol: false,
    recreationalDrugs: false,
    selfMedicate: false,
    herbalConcotion: false,
    illness: false,
    cancer: false,
    diabetes: null,
    highBloodPressure: null,
    sickleCell: null,
    pregnant: null,
    asthmaOrCopd: null,
    heartDisease: null,
    updatedAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}
