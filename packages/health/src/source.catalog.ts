// The public references every band's advice cites. Advice ends with "(Source: <name>)", so a
// reader can look the figures up; `publication` says where the numbers come from.

export interface Source {
  /** Short name used in advice text: "(Source: WHO)". */
  readonly name: string;
  readonly organisation: string;
  readonly publication: string;
}

export const SOURCES = {
  WHO: {
    name: 'WHO',
    organisation: 'World Health Organization',
    publication:
      'WHO Pulse Oximetry Training Manual (2011); WHO body mass index classification for adults',
  },
  ADA: {
    name: 'ADA',
    organisation: 'American Diabetes Association',
    publication:
      'Standards of Care in Diabetes: diagnosis criteria, glycaemic targets and hypoglycaemia levels',
  },
  NHS: {
    name: 'NHS',
    organisation: 'National Health Service (England)',
    publication:
      'NHS health A to Z: low mood and depression, high temperature, hypothermia, low blood pressure',
  },
  AHA: {
    name: 'AHA',
    organisation: 'American Heart Association',
    publication: 'Understanding blood pressure readings; all about heart rate (pulse)',
  },
  TopendSports: {
    name: 'Topend Sports',
    organisation: 'Topend Sports',
    publication: 'Resting heart rate chart, by sex and age',
  },
  ALA: {
    name: 'American Lung Association',
    organisation: 'American Lung Association',
    publication: 'Lung function tests: spirometry, FEV1 as a percentage of the predicted value',
  },
  NHLBI: {
    name: 'NHLBI',
    organisation: 'National Heart, Lung, and Blood Institute',
    publication: 'Adult Treatment Panel III (ATP III): total cholesterol classification',
  },
} as const satisfies Record<string, Source>;

export type SourceId = keyof typeof SOURCES;

/** The closing words every advice text carries. */
export function citation(source: SourceId): string {
  return `(Source: ${SOURCES[source].name})`;
}
