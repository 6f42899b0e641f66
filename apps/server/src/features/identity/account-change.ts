// Every change to how an account is opened is told to its owner by mail (ASVS 5.0 asks
// for it), with when and from where, so a change they did not make is noticed.
import type { FastifyRequest } from 'fastify';
import type { AccountChange } from '../../mail/templates/account-change.ts';
import type { IdentityServices } from './identity.services.ts';
import { sessionOrigin } from './session.service.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';

export function tellOwner(
  services: Pick<IdentityServices, 'mailer'>,
  request: FastifyRequest,
  to: string,
  change: AccountChange,
): Promise<void> {
  const origin = sessionOrigin(request);
  return services.mailer.send({
    to,
    template: 'account-change',
    values: {
      change,
      at: new Date(),
      device: describeUserAgent(origin.userAgent),
      ip: origin.ip,
    },
  });
}
