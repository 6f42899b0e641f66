// The access log (docs/decisions/0029-care-sharing.md): every look at a person's data by a
// doctor or through a link, and every change to a share or link, written by the server in the
// same transaction as what it records. No call updates or deletes an entry.
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { AccessEntry, ACCESS_ACTIONS } from '@vitalia/api/sharing.contract';
import type { Database } from '../../db/database.ts';
import { accessLog } from '../../db/schema/sharing.table.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';

export type AccessAction = (typeof ACCESS_ACTIONS)[number];

export interface AccessRecord {
  patientId: string;
  shareId?: string;
  linkId?: string;
  who: string;
  action: AccessAction;
  what?: string | null;
}

/** Where a request came from, as the log keeps it: the app or browser in words, and the address. */
export function originOf(request: FastifyRequest): { client: string; address: string | null } {
  const agent = request.headers['user-agent'];
  // Behind a misconfigured proxy the address comes from a header anyone can write: kept only
  // when it is an address.
  return {
    client: describeUserAgent(agent ?? null),
    address: isIP(request.ip) ? request.ip : null,
  };
}

export async function recordAccess(
  tx: Database,
  request: FastifyRequest,
  entry: AccessRecord,
  at: Date,
): Promise<void> {
  await tx.insert(accessLog).values({
    patientId: entry.patientId,
    shareId: entry.shareId ?? null,
    linkId: entry.linkId ?? null,
    who: entry.who,
    action: entry.action,
    what: entry.what ?? null,
    at,
    ...originOf(request),
  });
}

type LogRow = typeof accessLog.$inferSelect;

export function toAccessEntry(row: LogRow): AccessEntry {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    who: row.who,
    action: row.action as AccessAction,
    what: row.what,
    client: row.client,
    address: row.address,
  };
}
