// What the doctors' app sends and reads on one visit, as plain types that do not come from the
// OpenAPI document: doctors-app.client.ts must produce them from its generated client, so that a
// contract change a generated client would notice (a renamed field, a parameter retyped) fails to
// typecheck there (docs/decisions/0049-confidential-clients.md).

export interface DoctorsAppOptions {
  /** Where the server listens, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The app's confidential client, as OAUTH_CLIENTS lists it. */
  client: { id: string; secret: string };
  doctor: { email: string; password: string };
  /** The patient whose invite the doctor accepts. */
  patientEmail: string;
  /** How many readings a page holds, oldest first. */
  pageSize: number;
}

export interface VisitedReading {
  id: string;
  tag: string;
  tagValue: string;
  minTagValue: string | null;
  takenAt: string;
  note: string | null;
}

export interface DoctorsAppVisit {
  tokens: { accessToken: string; refreshToken: string; expiresIn: number };
  invites: Array<{ id: string; patientEmail: string; patientName: string; measures: string[] }>;
  accepted: { id: string; name: string; acceptedAt: string };
  patients: Array<{ id: string; name: string; email: string }>;
  /** Every page of the patient's readings, oldest first, as the app pages through them. */
  pages: Array<{ items: VisitedReading[]; nextCursor: string | null }>;
  /** The status of revoking the refresh token, and of a call with the access token after it. */
  revoked: { status: number; afterwards: number };
}
