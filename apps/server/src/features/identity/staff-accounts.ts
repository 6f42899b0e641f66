// The command-line tasks behind `npm run user:create` and `npm run user:password`: the only way
// to make doctor and administrator accounts, since registration always makes USER.
import { parseArgs } from 'node:util';
import { newPassword, roles, username, type Role } from '@vitalia/api/identity.contract';
import type { Database } from '../../db/database.ts';
import { AccountRepository, normaliseUsername } from './account.repository.ts';
import { hashPassword, passwordWeakness } from './password.service.ts';
import { revokeAllSessions } from './session.service.ts';

export class UsageError extends Error {}

export interface CommandIo {
  /** Reads the password: from standard input with --password-stdin, else a hidden prompt. */
  readPassword(fromStdin: boolean): Promise<string>;
  print(line: string): void;
}

export const usage = `Usage:
  npm run user:create -- --email <address> --role USER|DOC|ADMIN [--password-stdin]
  npm run user:password -- --email <address> [--password-stdin]

Without --password-stdin the password is asked for at a hidden prompt.
With the embedded database, stop the server first.`;

function checkedPassword(password: string, email: string): string {
  const length = newPassword.safeParse(password);
  if (!length.success) throw new UsageError(`Password: ${length.error.issues[0]?.message}.`);
  const weakness = passwordWeakness(password, email);
  if (weakness) throw new UsageError(`Password: ${weakness}.`);
  return password;
}

function checkedEmail(value: string | undefined): string {
  if (!value) throw new UsageError(`--email is required.\n\n${usage}`);
  const parsed = username.safeParse(value);
  if (!parsed.success) throw new UsageError(`--email: ${parsed.error.issues[0]?.message}.`);
  return normaliseUsername(parsed.data);
}

export async function runUserCommand(
  command: string,
  argv: string[],
  db: Database,
  io: CommandIo,
): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const accounts = new AccountRepository(db);
  const email = checkedEmail(values.email);

  if (command === 'create') {
    const role = (values.role ?? '').toUpperCase() as Role;
    if (!roles.includes(role)) throw new UsageError(`--role must be one of ${roles.join(', ')}.`);
    if (await accounts.byUsername(email)) {
      throw new UsageError(
        `An account ${email} already exists; use user:password to change its password.`,
      );
    }
    const password = checkedPassword(await io.readPassword(values['password-stdin']), email);
    const account = await accounts.insert({
      username: email,
      passwordHash: await hashPassword(password),
      role,
    });
    if (!account) throw new UsageError(`An account ${email} already exists.`);
    io.print(`Created ${role} account ${email} (id ${account.id}).`);
    return;
  }

  if (command === 'password') {
    const account = await accounts.byUsername(email);
    if (!account) throw new UsageError(`There is no account ${email}.`);
    const password = checkedPassword(await io.readPassword(values['password-stdin']), email);
    await accounts.setPasswordHash(account.id, await hashPassword(password));
    await revokeAllSessions(db, account.id, 'password set by an operator');
    io.print(`Changed the password of ${email} and signed it out everywhere.`);
    return;
  }

  throw new UsageError(usage);
}
