// README.txt of the archive: what each file is, in plain words, and where the full description of
// the formats is (docs/data-export.md, published with the source).
import { EXPORT_FILES, READINGS_CSV_COLUMNS } from '@vitalia/api/portability.contract';

const FILE_WORDS: Readonly<Record<(typeof EXPORT_FILES)[number], string>> = {
  'README.txt': 'This file.',
  'profile.json':
    'Your profile: name, email, phone, gender, date of birth, height, country, the measures you chose to count in your score, when the account was made, whether two-factor sign-in is on and which providers (such as LinkedIn) you sign in with. No passwords, keys or tokens.',
  'readings.csv':
    'Every reading you recorded, one row each, oldest first. UTF-8 with a byte order mark, so a spreadsheet shows accents right; a cell that would start a formula begins with an apostrophe. Vitalia can import this file back (My Health, Import).',
  'fhir.json':
    'The same readings as a FHIR R4 Bundle (type collection), the format many health records systems read: a Patient, one Observation per reading with LOINC codes and UCUM units, and your risk assessment as a QuestionnaireResponse.',
  'orders.json':
    'Your orders from the Vitalia store with their lines, amounts, delivery and status history. Amounts are in minor units of the currency (kobo for NGN: 150000 is 1,500.00).',
  'sharing-log.csv':
    'The care-sharing access log: every look at your data by a doctor or through a link you made, and every change to a share, newest first.',
};

export function exportReadme({ now, timeZone }: { now: Date; timeZone: string | undefined }) {
  const lines = [
    'Your data from Vitalia',
    '======================',
    '',
    `Made on ${now.toISOString()} (UTC). Times in readings.csv and fhir.json are ${
      timeZone
        ? `in the time zone ${timeZone}, written with their offset`
        : 'in UTC (the Z at the end)'
    }, as ISO 8601 (2026-01-31T09:30:00+01:00).`,
    '',
    'The files',
    '---------',
    ...EXPORT_FILES.flatMap((file) => [`${file}`, `  ${FILE_WORDS[file]}`, '']),
    'The columns of readings.csv',
    '---------------------------',
    ...READINGS_CSV_COLUMNS.map((column) => `${column.name}: ${column.description}`),
    '',
    'The full format reference (every column, the FHIR codes and units, the mood codes and the',
    "colours' interpretation codes) is docs/data-export.md in Vitalia's source.",
    '',
  ];
  return lines.join('\r\n');
}
