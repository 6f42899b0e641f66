import { isHttpError } from '../../../lib/http-error';
import { apiErrorMessage } from '../../../lib/api-client';

export interface CartProblems {
  /** Messages about line N of the request, ready to show beside that line. */
  byLine: Map<number, string[]>;
  /** Messages about the cart as a whole. */
  general: string[];
}

// The server names the line its message is about: 'items.2: only 4 of "X" left; lower the count.'
// or 'items.2.count: must be at most 20'.
const lineMessage = /^items\.(\d+)(?:\.(\w+))?: (.+)$/;

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Sorts the messages of a failed quote or order by cart line. */
export function cartProblems(error: unknown): CartProblems {
  const byLine = new Map<number, string[]>();
  const general: string[] = [];
  const data: unknown = isHttpError(error) ? error.response?.data : undefined;
  const messages =
    typeof data === 'object' && data !== null && 'errors' in data && Array.isArray(data.errors)
      ? data.errors.filter((entry): entry is string => typeof entry === 'string')
      : [];
  if (messages.length === 0) return { byLine, general: [apiErrorMessage(error)] };
  for (const message of messages) {
    const match = lineMessage.exec(message);
    if (match?.[1] && match[3]) {
      const index = Number(match[1]);
      const field = match[2];
      const text = field === 'count' ? `The quantity ${match[3]}.` : sentence(match[3]);
      byLine.set(index, [...(byLine.get(index) ?? []), text]);
    } else {
      general.push(message);
    }
  }
  return { byLine, general };
}
