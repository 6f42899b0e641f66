// The published documents the advice cites (docs/clinical-reference.md lists them with the bands
// that use them). Advice ends with "(Source: <citation>)": the document's title and year, and its
// section where that helps a reader find the figure. A source is cited only for what it says;
// where Vitalia's band differs from it, the advice says so in a sentence of its own.

export interface Source {
  /** The body that publishes it, as people know it: 'ADA', 'NHS'. */
  readonly body: string;
  /** Title, year and section, as the advice cites it. */
  readonly citation: string;
  /** What Vitalia takes from it. */
  readonly uses: string;
}

export const SOURCES = {
  adaGlycaemicTargets: {
    body: 'ADA',
    citation: 'ADA Standards of Care in Diabetes 2025, section 6 (Glycemic Goals and Hypoglycemia)',
    uses: 'targets for people with diabetes (80-130 mg/dL fasting, under 180 after meals); hypoglycaemia level 1 (under 70 mg/dL) and level 2 (under 54 mg/dL); the mg/dL and mmol/L pairs',
  },
  adaDiagnosis: {
    body: 'ADA',
    citation:
      'ADA Standards of Care in Diabetes 2025, section 2 (Diagnosis and Classification of Diabetes)',
    uses: 'fasting glucose 100-125 mg/dL (prediabetes) and 126 or more (diabetes); 2-hour glucose 140-199 and 200 or more',
  },
  nhsLowSugar: {
    body: 'NHS',
    citation: 'NHS, Low blood sugar (hypoglycaemia), nhs.uk (read 2026)',
    uses: 'what to do for a low blood sugar, and when someone who cannot swallow needs an ambulance',
  },
  nhsHighSugar: {
    body: 'NHS',
    citation: 'NHS, High blood sugar (hyperglycaemia), nhs.uk (read 2026)',
    uses: 'the signs of a high blood sugar that need urgent help (vomiting, drowsiness, fast breathing)',
  },
  nhsOximetry: {
    body: 'NHS England',
    citation:
      'NHS England, Pulse oximetry to detect early deterioration of patients with COVID-19 in primary and community care settings (updated January 2021)',
    uses: 'home oximetry: 95 % or more expected, 93-94 % seek advice, 92 % or less emergency care',
  },
  fdaOximeter: {
    body: 'FDA',
    citation: 'FDA, Pulse Oximeter Accuracy and Limitations: FDA Safety Communication (2021)',
    uses: 'oximeters can read higher than the true saturation in people with darker skin',
  },
  whoBmi: {
    body: 'WHO',
    citation:
      'WHO, Obesity: preventing and managing the global epidemic, Technical Report Series 894 (2000)',
    uses: 'adult BMI classes: under 18.5 underweight, 18.5-24.9 normal, 25-29.9 pre-obese, 30-34.9, 35-39.9 and 40 or more obese classes I-III',
  },
  whoThinness: {
    body: 'WHO',
    citation:
      'WHO, Physical status: the use and interpretation of anthropometry, Technical Report Series 854 (1995)',
    uses: 'BMI under 16 as severe thinness',
  },
  accAha2017: {
    body: 'ACC/AHA',
    citation:
      '2017 ACC/AHA Guideline for the Prevention, Detection, Evaluation, and Management of High Blood Pressure in Adults',
    uses: 'normal under 120/80, elevated 120-129 with under 80, stage 1 130-139 or 80-89, stage 2 140 or 90 or more, crisis over 180 and/or over 120; home measurement after 5 minutes of rest, two readings 1 minute apart',
  },
  nhsLowBloodPressure: {
    body: 'NHS',
    citation: 'NHS, Low blood pressure (hypotension), nhs.uk (read 2026)',
    uses: 'low blood pressure as under 90/60, and its warning signs',
  },
  ahaHeartRate: {
    body: 'AHA',
    citation: 'AHA, All About Heart Rate (Pulse), heart.org (read 2026)',
    uses: 'a normal resting heart rate for adults of 60-100 beats per minute',
  },
  topendPulseChart: {
    body: 'Topend Sports',
    citation: 'Topend Sports, Resting Heart Rate Chart (read 2026)',
    uses: 'the fitness chart of resting pulse by sex and age that Vitalia rates with',
  },
  goldCopd2025: {
    body: 'GOLD',
    citation:
      'GOLD, Global Strategy for the Prevention, Diagnosis and Management of COPD, 2025 report',
    uses: 'severity of airflow obstruction by FEV1 % predicted: 80 or more, 50-79, 30-49, under 30',
  },
  ersAtsInterpretation2022: {
    body: 'ERS/ATS',
    citation:
      'ERS/ATS technical standard on interpretive strategies for routine lung function tests (2022)',
    uses: 'results are judged against the lower limit of normal (z-scores), not a fixed 80 % of predicted',
  },
  nhsFever: {
    body: 'NHS',
    citation: 'NHS, High temperature (fever) in adults, nhs.uk (read 2026)',
    uses: 'a high temperature is 38 °C or more; when to get urgent help',
  },
  nhsHypothermia: {
    body: 'NHS',
    citation: 'NHS, Hypothermia, nhs.uk (read 2026)',
    uses: 'hypothermia is a body temperature under 35 °C, a medical emergency',
  },
  atp3: {
    body: 'NHLBI',
    citation:
      'NCEP Adult Treatment Panel III, Third Report of the Expert Panel on High Blood Cholesterol in Adults (NHLBI, 2002)',
    uses: 'total cholesterol under 200 mg/dL desirable, 200-239 borderline high, 240 or more high',
  },
  niceFh: {
    body: 'NICE',
    citation: 'NICE guideline CG71, Familial hypercholesterolaemia (2008, updated 2019)',
    uses: 'consider familial hypercholesterolaemia in adults with a total cholesterol over 7.5 mmol/L (about 290 mg/dL)',
  },
  nhsDepression: {
    body: 'NHS',
    citation: 'NHS, Depression in adults, nhs.uk (read 2026)',
    uses: 'when low mood calls for a talk with a doctor or a talking therapy',
  },
  nhsUrgentMentalHealth: {
    body: 'NHS',
    citation: 'NHS, Where to get urgent help for mental health, nhs.uk (read 2026)',
    uses: 'someone who may act on thoughts of harming themselves needs emergency help now',
  },
  rcpNews2: {
    body: 'RCP',
    citation:
      'Royal College of Physicians, National Early Warning Score (NEWS) 2: standardising the assessment of acute-illness severity in the NHS (2017)',
    uses: 'the early-warning score: respiratory rate 12-20 breaths a minute scores 0, 9-11 scores 1, 21-24 scores 2, and 8 or less or 25 or more scores 3 (an urgent response); the scores of oxygen saturation (scale 1), systolic pressure, pulse and temperature; a total of 5 or more as the point for an urgent response',
  },
  niceSepsis: {
    body: 'NICE',
    citation:
      'NICE guideline NG51, Suspected sepsis: recognition, diagnosis and early management (2016, updated 2024)',
    uses: 'a temperature of 38 or more or under 36 with fast breathing, a fast pulse, low blood pressure or low oxygen as signs of possible sepsis that need emergency assessment',
  },
  nhsHeatstroke: {
    body: 'NHS',
    citation: 'NHS, Heat exhaustion and heatstroke, nhs.uk (read 2026)',
    uses: 'a temperature of 40 °C or more with heatstroke is an emergency; cool the person while waiting for help',
  },
  nhsSickleCell: {
    body: 'NHS',
    citation: 'NHS, Sickle cell disease: living with, nhs.uk (read 2026)',
    uses: 'with sickle cell disease, a temperature of 38 °C or more needs medical help at once',
  },
  niceNg133: {
    body: 'NICE',
    citation: 'NICE guideline NG133, Hypertension in pregnancy (2019, updated 2023)',
    uses: 'in pregnancy, 140/90 or more is hypertension and 160/110 or more severe hypertension',
  },
  gina2024: {
    body: 'GINA',
    citation:
      'Global Initiative for Asthma, Global Strategy for Asthma Management and Prevention (2024)',
    uses: 'a lung function of 50 % of predicted or less in an attack is a severe exacerbation',
  },
  whoMalaria: {
    body: 'WHO',
    citation: 'WHO guidelines for malaria (2023)',
    uses: 'every suspected case of malaria is tested before it is treated, and severe malaria is an emergency',
  },
  shockIndex: {
    body: 'Allgöwer and Burri',
    citation: 'Allgöwer M, Burri C. Schockindex. Deutsche Medizinische Wochenschrift 92 (1967)',
    uses: 'the shock index, pulse divided by systolic pressure, with 1 or more (a pulse at or above the systolic) as a sign of shock',
  },
} as const satisfies Record<string, Source>;

export type SourceId = keyof typeof SOURCES;

/** One document, or several when the advice rests on more than one. */
export type Sources = SourceId | readonly SourceId[];

export function sourceIds(sources: Sources): readonly SourceId[] {
  return typeof sources === 'string' ? [sources] : sources;
}

/** The documents as the wire's `source` field names them, '; ' between two. */
export function sourceNames(sources: Sources): string {
  return sourceIds(sources)
    .map((id) => SOURCES[id].citation)
    .join('; ');
}

/** The closing words every advice text carries: '(Source: ...)' or '(Sources: ...; ...)'. */
export function citation(sources: Sources): string {
  const label = sourceIds(sources).length > 1 ? 'Sources' : 'Source';
  return `(${label}: ${sourceNames(sources)})`;
}
