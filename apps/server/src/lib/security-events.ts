// Security events (sign-ins, failures, refresh-token reuse, role refusals) are log lines with a
// `security` field, so they can be filtered and alerted on. They never carry a password, a token
// or a code: only what happened, to whom and from where.
import type { FastifyRequest } from 'fastify';

export type SecurityEventName =
  | 'sign_in.succeeded'
  | 'sign_in.failed'
  | 'sign_in.limited'
  | 'account.registered'
  | 'account.register_taken'
  | 'account.register_held'
  | 'account.register_link_refused'
  | 'password.changed'
  | 'password.change_failed'
  | 'password.reset'
  | 'sign_in.second_step'
  | 'two_factor.enabled'
  | 'two_factor.disabled'
  | 'two_factor.failed'
  | 'two_factor.limited'
  | 'refresh.rotated'
  | 'refresh.reuse_detected'
  | 'refresh.refused'
  | 'refresh.other_client'
  | 'session.ended'
  | 'role.refused'
  | 'client.refused'
  | 'client.required'
  | 'revocation.other_client'
  | 'social.linked'
  | 'social.link_refused'
  | 'social.unlinked'
  | 'sign_in.deletion_pending'
  | 'account_deletion.requested'
  | 'account_deletion.failed'
  | 'account_deletion.restored'
  | 'account_restore.failed';

export function securityEvent(
  request: FastifyRequest,
  event: SecurityEventName,
  // The account's id, never the address someone typed: a log read by operators must not become a
  // list of people's email addresses (nor of addresses tried against Vitalia).
  details: {
    userId?: string | null;
    username?: never;
    email?: never;
    reason?: string;
    [key: string]: unknown;
  } = {},
): void {
  request.log.info({ security: { event, ip: request.ip, ...details } }, `security: ${event}`);
}
