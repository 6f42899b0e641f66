// The doctors' mobile app as far as the contract goes: a client generated from the OpenAPI
// document, types by openapi-typescript and calls by openapi-fetch, as the app's own is generated
// (docs/decisions/0027-openapi-for-generated-clients.md, 0049-confidential-clients.md). It signs
// in as a confidential client, lists and accepts an invite, lists its patients, pages through a
// patient's readings with order and limit, and revokes its session.
//
// `@generated/vitalia-api` exists only while doctors-app.int.test.ts runs: the test generates it
// from the running server's document and typechecks this file against it, so `npm run typecheck`
// leaves this file out (apps/server/tsconfig.json). Nothing here may be cast: a value the
// generated types do not promise must fail to typecheck.
import createClient from 'openapi-fetch';
import type { paths } from '@generated/vitalia-api';
import type { DoctorsAppOptions, DoctorsAppVisit } from './doctors-app.visit.ts';

const form = { 'content-type': 'application/x-www-form-urlencoded' } as const;

function failed(step: string, response: Response, error: unknown): Error {
  return new Error(`${step}: ${response.status} ${JSON.stringify(error)}`);
}

export async function visit(options: DoctorsAppOptions): Promise<DoctorsAppVisit> {
  const { client, doctor } = options;
  const api = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { 'user-agent': 'okhttp/4.12.0 (Vitalia doctors; Android 14)' },
  });

  // A confidential client signs in with the password grant, its secret by HTTP Basic.
  const signedIn = await api.POST('/o/token/', {
    headers: {
      ...form,
      authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
    },
    body: { grant_type: 'password', username: doctor.email, password: doctor.password },
  });
  if (!signedIn.data) throw failed('sign-in', signedIn.response, signedIn.error);
  const tokens = {
    accessToken: signedIn.data.access_token,
    refreshToken: signedIn.data.refresh_token,
    expiresIn: signedIn.data.expires_in,
  };
  const bearer = { authorization: `Bearer ${tokens.accessToken}` };

  const invites = await api.GET('/api/v1/doctor/invites', { headers: bearer });
  if (!invites.data) throw failed('invites', invites.response, invites.error);
  const invite = invites.data.items.find((each) => each.patientEmail === options.patientEmail);
  if (!invite) throw new Error(`no invite from ${options.patientEmail}`);

  const accepted = await api.POST('/api/v1/doctor/invites/{id}/accept', {
    headers: bearer,
    params: { path: { id: invite.id } },
  });
  if (!accepted.data) throw failed('accept', accepted.response, accepted.error);

  const patients = await api.GET('/api/v1/doctor/patients', { headers: bearer });
  if (!patients.data) throw failed('patients', patients.response, patients.error);
  const patient = patients.data.items.find((each) => each.id === accepted.data.id);
  if (!patient) throw new Error('the accepted patient is not listed');

  // The query is typed as the server enforces it: order an enum, limit a number.
  const pages: DoctorsAppVisit['pages'] = [];
  let cursor: string | undefined;
  do {
    const page = await api.GET('/api/v1/doctor/patients/{id}/readings', {
      headers: bearer,
      params: {
        path: { id: patient.id },
        query: { order: 'ASC', limit: options.pageSize, ...(cursor ? { cursor } : {}) },
      },
    });
    if (!page.data) throw failed('readings', page.response, page.error);
    pages.push(page.data);
    cursor = page.data.nextCursor ?? undefined;
  } while (cursor && pages.length < 20);

  // Signing out: the refresh token revoked, the client's secret in the body this time.
  const revoked = await api.POST('/o/revoke_token', {
    headers: form,
    body: {
      token: tokens.refreshToken,
      token_type_hint: 'refresh_token',
      client_id: client.id,
      client_secret: client.secret,
    },
  });
  const afterwards = await api.GET('/api/v1/doctor/patients', { headers: bearer });

  return {
    tokens,
    invites: invites.data.items,
    accepted: accepted.data,
    patients: patients.data.items,
    pages,
    revoked: { status: revoked.response.status, afterwards: afterwards.response.status },
  };
}
