// Valid-request hints of LinkedIn sign-in, connection and linking, played against the stand-in
// provider (apps/server/src/test/oidc-peer.ts) the fuzz server is configured with.
import fc from 'fast-check';
import {
  expectStatus,
  NotApplicable,
  type LinkedInStandIn,
  type OperationHint,
  type Run,
} from './valid-plan.ts';
import { plainText } from './valid-values.ts';

const person = fc.record({
  subject: fc.uuid({ version: 4 }).map((id) => `fuzz-${id}`),
  claims: fc.record({
    given_name: plainText(1, 12),
    family_name: plainText(1, 12),
    email_verified: fc.boolean(),
  }),
});

type Person = { subject: string; claims: Record<string, unknown> };

function linkedinOf(run: Run): LinkedInStandIn {
  if (!run.linkedin) throw new NotApplicable('LinkedIn is not configured on this server');
  return run.linkedin;
}

export const socialHints: Record<string, OperationHint> = {
  'GET /api/v1/identity/social/linkedin/start': {
    query: fc.record(
      { redirect: plainText(0, 20).map((path) => `/${path}`) },
      { requiredKeys: [] },
    ),
    prepare: async (_plan, run) => {
      linkedinOf(run);
    },
  },
  'GET /api/v1/identity/social/linkedin/access/{code}': {
    // The person drawn rides in `body` until the request is sent, which has none.
    body: () => person,
    bodyType: 'none',
    prepare: async (plan, run) => {
      const linkedin = linkedinOf(run);
      const { subject, claims } = plan.body as Person;
      plan.body = undefined;
      const started = expectStatus(
        await run.call('GET', '/api/v1/identity/social/linkedin/start?redirect=%2Fhealths'),
        302,
        'a LinkedIn sign-in',
      );
      const back = await linkedin.authorize(
        subject,
        { ...claims, email: `${subject}@example.com` },
        started.location!,
      );
      plan.pathParams.code = back.searchParams.get('code')!;
      plan.query = { state: back.searchParams.get('state')!, iss: linkedin.issuer };
      plan.headers.cookie = started.cookies.join('; ');
    },
  },
  'POST /api/v1/identity/login/social': {
    body: () => fc.record({ person, Social: fc.constantFrom('linkedin', 'LinkedIn', 'LINKEDIN') }),
    prepare: async (plan, run) => {
      const linkedin = linkedinOf(run);
      const drawn = plan.body as { person: Person; Social: string };
      const { subject, claims } = drawn.person;
      const email = `${subject}@example.com`;
      plan.body = {
        AccessToken: await linkedin.accessToken(subject, { ...claims, email }),
        Social: drawn.Social,
        UserID: subject,
        ...(plan.pick % 2 === 0 ? { Email: email } : {}),
      };
    },
  },
  'POST /api/v1/identity/social/linkedin/connect': {
    caller: 'fresh',
    prepare: async (plan, run, caller) => {
      linkedinOf(run);
      plan.body = { password: caller!.password };
    },
  },
  'POST /api/v1/identity/social/linkedin/link': {
    caller: 'fresh',
    body: () => person,
    prepare: async (plan, run, caller) => {
      const linkedin = linkedinOf(run);
      const { subject, claims } = plan.body as Person;
      const started = expectStatus(
        await run.call('POST', '/api/v1/identity/social/linkedin/connect', {
          token: caller!.token,
          body: { password: caller!.password },
        }),
        200,
        'a LinkedIn connection',
      );
      const back = await linkedin.authorize(
        subject,
        { ...claims, email: `${subject}@example.com` },
        String(started.body.url),
      );
      plan.headers.cookie = started.cookies.join('; ');
      plan.body = {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
        iss: linkedin.issuer,
      };
    },
  },
};
