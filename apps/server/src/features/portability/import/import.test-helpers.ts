// The import calls as the tests send them: the file as the body with its content type, the
// mapping in the query, the answer parsed.
import type { ImportPreview, ImportResult } from '@vitalia/api/portability.contract';
import type { TestApp } from '../../../test/test-app.ts';
import type { SignedInAccount } from '../../../test/test-calls.ts';

export const PREVIEW = '/api/v1/records/import/preview';
export const IMPORT = '/api/v1/records/import';

export interface Answer<T> {
  status: number;
  body: T;
}

/** The calls against the server `current` answers (set in a suite's beforeAll). */
export function importCalls(current: () => TestApp) {
  async function send<T = ImportPreview>(
    path: string,
    account: SignedInAccount | null,
    body: string | Uint8Array,
    type: string,
    query: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const search = new URLSearchParams(query).toString();
    const response = await current().request(`${path}${search ? `?${search}` : ''}`, {
      method: 'POST',
      headers: {
        'content-type': type,
        ...(account ? { authorization: `Bearer ${account.token}` } : {}),
      },
      body,
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }
  const preview = (
    account: SignedInAccount,
    body: string | Uint8Array,
    type = 'text/csv',
    query: Record<string, string> = {},
  ) => send<ImportPreview>(PREVIEW, account, body, type, query);
  const importFile = (
    account: SignedInAccount,
    body: string | Uint8Array,
    type = 'text/csv',
    query: Record<string, string> = {},
  ) => send<ImportResult>(IMPORT, account, body, type, query);
  return { send, preview, importFile };
}

/** The words of an error answer, joined. */
export const errorsOf = (answer: Answer<unknown>) =>
  (answer.body as { errors: string[] }).errors.join(' | ');
