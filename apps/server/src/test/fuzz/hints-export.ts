// Valid-request hints of "Download my data" (docs/decisions/0030-data-export.md): each archive is
// downloaded by a new account, since a person may download only a few an hour, and the time zone
// is a real IANA name or left out (a made-up one is refused with 400, as it should be).
import fc from 'fast-check';
import type { OperationHint } from './valid-plan.ts';

export const exportHints: Record<string, OperationHint> = {
  'GET /api/v1/account/export': {
    caller: 'fresh',
    query: fc.constantFrom<Record<string, string>>(
      {},
      { timeZone: 'Africa/Lagos' },
      { timeZone: 'UTC' },
      { timeZone: 'America/St_Johns' },
    ),
  },
};
