// What every answer must be: never a 5xx, and every 4xx in the error model
// (docs/decisions/0003-error-model-and-contract.md).

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** RFC 6749 errors are the token endpoint's own model (docs/decisions/0003-error-model-and-contract.md). */
const oauthTokenPath = /^\/o\/token\/?(\?|$)/;

/** What is wrong with an answer, or undefined when it keeps the contract. */
export function contractBreach(method: string, target: string, answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status < 400 || method === 'HEAD') return undefined;
  const contentType = String(answer.headers['content-type'] ?? '');
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `a ${answer.status} whose body is not JSON`;
  }
  if (!/^application\/json/i.test(contentType)) {
    return `a ${answer.status} labelled ${contentType || 'with no content type'}`;
  }
  const record = (body ?? {}) as { errors?: unknown; error?: unknown };
  if (oauthTokenPath.test(target) && typeof record.error === 'string' && record.error) {
    return undefined;
  }
  const errors = record.errors;
  if (
    !Array.isArray(errors) ||
    errors.length === 0 ||
    !errors.every((message) => typeof message === 'string' && message.trim() !== '')
  ) {
    return `a ${answer.status} outside the error model`;
  }
  if (answer.status === 429 && !answer.headers['retry-after']) return 'a 429 without Retry-After';
  return undefined;
}
