import { describe, expect, it } from 'vitest';
import { ASSESSMENT_RISKS, RISK_ARTICLE_SLUGS } from '@vitalia/api/education.contract';
import { aReading, analysisOf } from '../../../test/health-fixtures';
import { nameInSentence } from '../../../lib/reading-format';
import { riskFactors } from './risk-advice';
import { raiseScoreSentence, scoreSteps } from './score-advice';

describe('score steps', () => {
  it('keeps capitalised names and lowers the rest inside a sentence', () => {
    expect(nameInSentence('BMI')).toBe('BMI');
    expect(nameInSentence('Blood pressure')).toBe('blood pressure');
  });

  it('lists every measure that is not green, in catalogue order', () => {
    const analysis = analysisOf([
      aReading('SPO2Value', '97'),
      aReading('Cholesterol Value', '250'),
    ]);
    const steps = scoreSteps(analysis);
    expect(steps.map((step) => step.measure)).toEqual([
      'sugar',
      'bmi',
      'mood',
      'pulse',
      'bloodPressure',
      'breathing',
      'temperature',
      'cholesterol',
    ]);
    expect(raiseScoreSentence(analysis)).toBe(
      'To raise your score: record your blood sugar, BMI, mood, pulse, blood pressure, breathing and temperature; see the advice for cholesterol (High).',
    );
  });

  it('says how to start when nothing is recorded, and well done when all is in range', () => {
    expect(raiseScoreSentence(analysisOf([]))).toBe(
      'Record a reading of each measure to start your score: each one in range adds a point.',
    );
  });
});

describe('risk factors', () => {
  it('gives every answer advice and a real article', () => {
    const all = riskFactors({
      smoke: true,
      alcohol: true,
      recreationalDrugs: true,
      selfMedicate: true,
      herbalConcotion: true,
      illness: true,
      cancer: true,
      updatedAt: '2026-11-01T09:00:00.000Z',
    });
    expect(all.map((risk) => risk.answer).sort()).toEqual(Object.keys(ASSESSMENT_RISKS).sort());
    const articles = new Set(Object.values(RISK_ARTICLE_SLUGS).map((slug) => `/education/${slug}`));
    for (const risk of all) {
      expect(risk.advice.length).toBeGreaterThan(20);
      expect(articles.has(risk.articlePath)).toBe(true);
    }
  });
});
