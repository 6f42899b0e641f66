import { noteRequestOutcome } from './offline/network';

/**
 * A read that needs no session and is made as a public page opens (the social sign-ins on
 * sign-in and register, the privacy terms on the policy), with the browser's `fetch`: such a page
 * then loads no API client until the person sends a form (lib/api-client.ts,
 * docs/decisions/0040-api-client-on-first-use.md). It fails as the API client does, with the
 * same fields (`code`, `response.status`, `response.data`, `isAxiosError`), so the app's messages
 * and its offline state read both alike.
 */
export async function publicGet(path: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch (error) {
    noteRequestOutcome(false);
    throw failure('Network Error', 'ERR_NETWORK', undefined, error);
  }
  noteRequestOutcome(true);
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? (JSON.parse(text) as unknown) : '';
  } catch {
    // Not JSON (a proxy's error page): kept as text, as the API client keeps it.
  }
  if (!response.ok) {
    throw failure(
      `Request failed with status code ${response.status}`,
      response.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
      { status: response.status, data },
    );
  }
  return data;
}

function failure(
  message: string,
  code: string,
  response: { status: number; data: unknown } | undefined,
  cause?: unknown,
): Error {
  return Object.assign(new Error(message, { cause }), { isAxiosError: true, code, response });
}
