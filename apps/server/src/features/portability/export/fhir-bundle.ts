// fhir.json: one FHIR R4 Bundle of type collection, written as text a piece at a time so a long
// history streams: the Patient, one Observation per reading as the pages arrive, then the
// assessment as a QuestionnaireResponse. Each entry's fullUrl is urn:uuid:<id>; every resource's
// subject points at the Patient's fullUrl (docs/data-export.md).
import crypto from 'node:crypto';
import {
  ASSESSMENT_QUESTIONS,
  HEALTH_QUESTIONS,
  type Assessment,
} from '@vitalia/api/assessment.contract';
import type { UserRow } from './account-data.ts';

export const patientUrl = (userId: string) => `urn:uuid:${userId}`;

/**
 * The system of the Patient's identifier: the account's id, fixed under the reserved example
 * domain like Vitalia's code systems (fhir-codes.ts), so an archive names its person the same way
 * on every server and in every export.
 */
export const ACCOUNT_IDENTIFIER_SYSTEM = 'https://vitalia.example/fhir/NamingSystem/account';
/** The canonical URL of the risk questionnaire the QuestionnaireResponse answers. */
export const RISK_QUESTIONNAIRE = 'https://vitalia.example/fhir/Questionnaire/risk-assessment';

/**
 * A UUID that is the same for the same name in every export (RFC 9562 version 8, from SHA-256 of
 * the name): the QuestionnaireResponse keeps its id and fullUrl from one export to the next.
 */
export function stableUuid(name: string): string {
  const bytes = crypto.createHash('sha256').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of a person's QuestionnaireResponse: one per account, as the assessment is. */
export const assessmentResponseId = (userId: string) => stableUuid(`assessment:${userId}`);

const FHIR_GENDER: Readonly<Record<string, string>> = {
  Male: 'male',
  Female: 'female',
  Other: 'other',
};

export function patientOf(person: UserRow): Record<string, unknown> {
  const given = person.firstName?.trim();
  const family = person.lastName?.trim();
  const display = person.displayName?.trim();
  const named = Boolean(given || family || display);
  return {
    resourceType: 'Patient',
    id: person.id,
    identifier: [{ system: ACCOUNT_IDENTIFIER_SYSTEM, value: person.id }],
    ...(named
      ? {
          name: [
            {
              use: 'official',
              ...(display ? { text: display } : {}),
              ...(family ? { family } : {}),
              ...(given ? { given: [given] } : {}),
            },
          ],
        }
      : {}),
    ...(person.gender ? { gender: FHIR_GENDER[person.gender] ?? 'unknown' } : {}),
    ...(person.dob ? { birthDate: person.dob } : {}),
  };
}

export function questionnaireResponseOf(
  assessment: Assessment,
  subjectUrl: string,
  id: string,
): Record<string, unknown> {
  return {
    resourceType: 'QuestionnaireResponse',
    id,
    questionnaire: RISK_QUESTIONNAIRE,
    status: 'completed',
    subject: { reference: subjectUrl },
    authored: assessment.updatedAt,
    item: [
      ...ASSESSMENT_QUESTIONS.map((item) => ({
        linkId: item.linkId,
        text: item.question,
        answer: [{ valueBoolean: assessment[item.answer] }],
      })),
      // The optional questions about health, where answered (an unanswered item is left out).
      ...HEALTH_QUESTIONS.flatMap((item) => {
        const value = assessment[item.answer];
        return value === null
          ? []
          : [{ linkId: item.linkId, text: item.question, answer: [{ valueBoolean: value }] }];
      }),
    ],
  };
}

/** An entry whose fullUrl is urn:uuid:<the resource's id>. */
export function entry(resource: Record<string, unknown>, id: string) {
  return { fullUrl: `urn:uuid:${id}`, resource };
}

/**
 * The Bundle as text, piece by piece: the opening, then each entry, then the closing. `entries`
 * is read as it yields, so only one page of Observations is in memory at a time.
 */
export async function* bundleText(
  timestamp: string,
  entries: AsyncIterable<Record<string, unknown>>,
): AsyncGenerator<string> {
  yield `{"resourceType":"Bundle","type":"collection","timestamp":${JSON.stringify(timestamp)},"entry":[`;
  let first = true;
  let batch = '';
  for await (const item of entries) {
    batch += `${first ? '' : ','}\n${JSON.stringify(item)}`;
    first = false;
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = '';
    }
  }
  yield `${batch}\n]}\n`;
}
