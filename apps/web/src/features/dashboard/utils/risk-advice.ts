// The risk factors the saved assessment reveals: each 'yes' answer, with short advice and the
// article about it.
import { HEALTH_QUESTIONS, type Assessment } from '@vitalia/api/assessment.contract';
import { CONDITION_USES, type Condition } from '@vitalia/health/conditions';
import { ASSESSMENT_RISKS, RISK_ARTICLE_SLUGS } from '@vitalia/api/education.contract';
import { paths } from '../../../lib/paths';

type Answer = keyof typeof ASSESSMENT_RISKS;

interface RiskText {
  title: string;
  advice: string;
}

// In the order the assessment asks its questions.
const riskTexts: Readonly<Record<Answer, RiskText>> = {
  smoke: {
    title: 'Smoking',
    advice:
      'Stopping at any age helps your heart and lungs. A stop-smoking service or your doctor can make it easier.',
  },
  alcohol: {
    title: 'Alcohol',
    advice:
      'Keep a few days a week free of alcohol and keep the rest light; your liver, sleep and blood pressure will thank you.',
  },
  recreationalDrugs: {
    title: 'Recreational drugs',
    advice:
      'Be open with your doctor about what you take: they can help you cut down safely and check how it mixes with medicines.',
  },
  selfMedicate: {
    title: 'Self-medication',
    advice:
      'Check with a pharmacist or doctor before taking medicines on your own, so doses and mixtures stay safe.',
  },
  herbalConcotion: {
    title: 'Herbal concoctions',
    advice:
      'Tell your doctor about any herbal remedies you use: some affect the liver or clash with prescribed medicines.',
  },
  illness: {
    title: 'Existing illness',
    advice:
      'Keep up your regular check-ups and take your treatment as prescribed; record readings your doctor asks you to watch.',
  },
  cancer: {
    title: 'Cancer history',
    advice:
      'Keep to your follow-up appointments and mention any new or lasting symptoms to your doctor early.',
  },
};

export interface RiskFactor {
  answer: Answer;
  title: string;
  advice: string;
  /** The app path of the article about this risk: '/education/smoking'. */
  articlePath: string;
}

export function riskFactors(assessment: Assessment): RiskFactor[] {
  return (Object.keys(riskTexts) as Answer[])
    .filter((answer) => assessment[answer])
    .map((answer) => ({
      answer,
      ...riskTexts[answer],
      articlePath: paths.article(RISK_ARTICLE_SLUGS[ASSESSMENT_RISKS[answer]]),
    }));
}

/** The names of what the optional questions ask about, as a heading says them. */
const conditionTitles: Readonly<Record<Condition, string>> = {
  diabetes: 'Diabetes',
  highBloodPressure: 'High blood pressure',
  sickleCell: 'Sickle cell disease',
  pregnant: 'Pregnancy',
  asthmaOrCopd: 'Asthma or COPD',
  heartDisease: 'Heart disease',
};

export interface ToldCondition {
  condition: Condition;
  title: string;
  /** What Vitalia does with the answer (the questionnaire says the same under the question). */
  use: string;
}

/** The optional questions answered yes, in the questionnaire's order, with what each changes. */
export function toldConditions(assessment: Assessment): ToldCondition[] {
  return HEALTH_QUESTIONS.filter(({ answer }) => assessment[answer] === true).map(({ answer }) => ({
    condition: answer,
    title: conditionTitles[answer],
    use: CONDITION_USES[answer],
  }));
}
