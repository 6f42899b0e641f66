// Valid-request hints of deleting an account (docs/decisions/0032-account-deletion.md): each
// deletion takes an account of its own, confirmed with its password; a restore first deletes one.
import { expectStatus, type OperationHint } from './valid-plan.ts';

export const deletionHints: Record<string, OperationHint> = {
  'POST /api/v1/account/deletion': {
    caller: 'fresh',
    prepare: async (plan, _run, caller) => {
      plan.body = { password: caller!.password };
    },
  },
  'POST /api/v1/account/restore': {
    prepare: async (plan, run) => {
      const account = await run.fresh();
      expectStatus(
        await run.call('POST', '/api/v1/account/deletion', {
          token: account.token,
          body: { password: account.password },
        }),
        202,
        'an account waiting to be deleted',
      );
      plan.body = { Username: account.username, password: account.password };
    },
  },
};
