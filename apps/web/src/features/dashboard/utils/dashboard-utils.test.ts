import { describe, expect, it } from 'vitest';
import { MEASURE_COUNT } from '@vitalia/health/measure.catalog';
import { anAssessment } from '../../../test/assessment-fixtures';
import { aReading, analysisOf } from '../../../test/health-fixtures';
import { nameInSentence } from '../../../readings/format/reading-format';
import { riskFactors } from './risk-advice';
import { raiseScoreSentence, scoreSteps } from './score-advice';

/** A reading of every measure, each one in range for the fixtures' profile. */
const inRange = () => [
  aReading('SPO2Value', '97'),
  aReading('Blood-sugar', '90'),
  aReading('BMI', '22.5'),
  aReading('Mood', 'Happy'),
  aReading('Pulse Value', '72'),
  aReading('Systolic', '115', { minTagValue: '75' }),
  aReading('FEV2', '95', { minTagValue: '85' }),
  aReading('Temperature', '36.8'),
  aReading('Cholesterol Value', '180'),
  aReading('Respiratory Rate', '16'),
];

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
      'respiratoryRate',
    ]);
    expect(raiseScoreSentence(analysis)).toBe(
      'To raise your score: record your blood sugar, BMI, mood, pulse, blood pressure, breathing, temperature and respiratory rate; see the advice for cholesterol (High).',
    );
  });

  it('says how to start when nothing is recorded', () => {
    expect(scoreSteps(analysisOf([]))).toHaveLength(MEASURE_COUNT);
    expect(raiseScoreSentence(analysisOf([]))).toBe(
      'Record a reading of each measure to start your score: each one in range adds a point.',
    );
  });

  it('says well done when every measure is in range', () => {
    const analysis = analysisOf(inRange());
    expect(scoreSteps(analysis)).toEqual([]);
    expect(raiseScoreSentence(analysis)).toBe('Every measure is in range. Well done — keep it up.');
  });

  it('asks for a new reading of a measure whose only reading is old, even when it was in range', () => {
    const old = new Date(Date.now() - 120 * 24 * 3600 * 1000).toISOString();
    const readings = inRange().map((reading) =>
      reading.tag === 'Temperature' ? { ...reading, takenAt: old } : reading,
    );
    expect(raiseScoreSentence(analysisOf(readings))).toBe(
      'To raise your score: measure your temperature again (old reading).',
    );
  });
});

describe('risk factors', () => {
  const noRisks = anAssessment();

  it('gives every yes answer its title, advice and article path, in the order asked', () => {
    const all = riskFactors(
      anAssessment({
        smoke: true,
        alcohol: true,
        recreationalDrugs: true,
        selfMedicate: true,
        herbalConcotion: true,
        illness: true,
        cancer: true,
      }),
    );
    expect(all.map(({ answer, title, articlePath }) => ({ answer, title, articlePath }))).toEqual([
      { answer: 'smoke', title: 'Smoking', articlePath: '/education/smoking' },
      { answer: 'alcohol', title: 'Alcohol', articlePath: '/education/alcohol' },
      {
        answer: 'recreationalDrugs',
        title: 'Recreational drugs',
        articlePath: '/education/recreational-drugs',
      },
      {
        answer: 'selfMedicate',
        title: 'Self-medication',
        articlePath: '/education/self-medication',
      },
      {
        answer: 'herbalConcotion',
        title: 'Herbal concoctions',
        articlePath: '/education/herbal-concoctions',
      },
      {
        answer: 'illness',
        title: 'Existing illness',
        articlePath: '/education/living-with-an-existing-illness',
      },
      { answer: 'cancer', title: 'Cancer history', articlePath: '/education/cancer-risk' },
    ]);
    for (const risk of all) expect(risk.advice.length).toBeGreaterThan(20);
  });

  it('lists only the answers that were yes, and nothing when all were no', () => {
    expect(riskFactors(noRisks)).toEqual([]);
    expect(
      riskFactors({ ...noRisks, cancer: true, alcohol: true }).map((risk) => risk.articlePath),
    ).toEqual(['/education/alcohol', '/education/cancer-risk']);
  });
});
