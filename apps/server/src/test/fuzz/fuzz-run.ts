// The server and what the run has made, as the hints of the valid share use them
// (valid-plan.ts, `Run`): setup calls from addresses of their own, fresh accounts, mailed links
// read from the outbox, and rows made once at a time per kind (fuzz-rows.ts).
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { pendingRegistrations, users } from '../../db/schema/identity.table.ts';
import { reminders } from '../../db/schema/reminders.table.ts';
import { runUserCommand } from '../../features/identity/staff-accounts.ts';
import { UnsubscribeTokens } from '../../features/reminders/reminders.service.ts';
import { hashToken } from '../../features/identity/session.service.ts';
import type { TestApp } from '../test-app.ts';
import { mailedToken, type SignedInCallers } from './fuzz-callers.ts';
import { makeRow } from './fuzz-rows.ts';
import type { Account, LinkedInStandIn, RowKind, Rows, Run, SetupAnswer } from './valid-plan.ts';
import { multipart, tinyPng } from './wire-format.ts';

/** The server and what the run has made, as the hints of valid-requests.ts use them. */
export class FuzzRun implements Run {
  rows: Rows = {
    readings: new Map(),
    articles: [],
    published: new Map(),
    products: [],
    orders: [],
    avatars: [],
    covers: new Map(),
    productImages: new Map(),
    patients: [],
  };
  private made = 0;
  private readonly needed = new Map<RowKind, Promise<void>>();

  constructor(
    private readonly server: TestApp,
    private readonly callers: SignedInCallers,
    readonly linkedin: LinkedInStandIn | undefined,
  ) {}

  get user(): Account {
    return this.callers.user;
  }

  get admin(): Account {
    return this.callers.admin;
  }

  get doctor(): Account {
    return this.callers.doctor;
  }

  /** A new number for names and addresses this run makes. */
  next(): number {
    this.made += 1;
    return this.made;
  }

  /** An address of its own (10.0.0.0/8), so that no per-address limit is reached. */
  address(): string {
    const n = this.next();
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  async call(
    method: string,
    target: string,
    options: {
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      upload?: boolean;
    } = {},
  ): Promise<SetupAnswer> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address() };
    let body: Uint8Array | string | undefined;
    if (options.upload) {
      headers['content-type'] = 'multipart/form-data; boundary=fuzzboundary';
      body = new Uint8Array(multipart('fuzzboundary', 'file', tinyPng, 'tiny.png'));
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await this.server.request(target, {
      method,
      redirect: 'manual',
      headers: { ...headers, ...options.headers },
      body,
    });
    const text = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { text };
    }
    return {
      status: response.status,
      body: parsed,
      cookies: response.headers.getSetCookie().map((line) => line.split(';')[0] ?? ''),
      location: response.headers.get('location'),
    };
  }

  signIn(account: Pick<Account, 'username' | 'password'>): Promise<SetupAnswer> {
    return this.call('POST', '/api/v1/identity/login', {
      body: { Username: account.username, password: account.password },
    });
  }

  async fresh(): Promise<Account> {
    const username = `fuzz.fresh.${process.pid}.${Date.now()}.${this.next()}@example.com`;
    const password = `fresh fuzzing passphrase ${this.next()}`;
    // Made as a person makes one: the register call, then the mailed link
    // (docs/decisions/0051-registration-confirmed-by-mail.md).
    const asked = await this.call('POST', '/api/v1/identity/register', {
      body: { Username: username },
    });
    if (asked.status !== 202) {
      throw new Error(`registering an account: ${asked.status} ${JSON.stringify(asked.body)}`);
    }
    // Rather than wait for the mail, the link's token is one the run knows, put in place of the
    // mailed one's hash: the run makes many accounts, and the confirm call's own fuzzing reads
    // the real mail.
    const token = crypto.randomBytes(32).toString('base64url');
    await this.database
      .update(pendingRegistrations)
      .set({ tokenHash: hashToken(token) })
      .where(eq(pendingRegistrations.username, username));
    const answer = await this.call('POST', '/api/v1/identity/register/confirm', {
      body: { token, Password: password },
    });
    if (answer.status !== 201) {
      throw new Error(`confirming an account: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return {
      username,
      password,
      token: String(answer.body.token),
      refreshToken: String(answer.body.refreshToken),
    };
  }

  /** The token of the newest registration link mailed to `to`. */
  registrationLink(to: string): Promise<string> {
    return this.mailed(to, /register\/confirm#token=([A-Za-z0-9_-]+)/);
  }

  async freshAdmin(): Promise<Account> {
    const username = `fuzz.admin.${process.pid}.${Date.now()}.${this.next()}@example.com`;
    const password = `fresh admin passphrase ${this.next()}`;
    await runUserCommand('create', ['--email', username, '--role', 'ADMIN'], this.database, {
      readPassword: async () => password,
      print: () => undefined,
    });
    const answer = await this.signIn({ username, password });
    if (answer.status !== 200) {
      throw new Error(`signing a new ADMIN in: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return {
      username,
      password,
      token: String(answer.body.token),
      refreshToken: String(answer.body.refreshToken),
    };
  }

  private get database() {
    return this.server.app.database.db;
  }

  async reminderToken(): Promise<string> {
    // A person of its own: the run's other requests cannot remove this reminder meanwhile.
    const account = await this.fresh();
    await this.confirmAddress(account.username);
    const set = await this.call('PUT', '/api/v1/reminders/mood', {
      token: account.token,
      body: { days: [1, 2, 3], time: '20:00', timeZone: 'Africa/Lagos' },
    });
    if (set.status !== 200) throw new Error(`setting a reminder: ${set.status}`);
    const [row] = await this.database
      .select({ id: reminders.id })
      .from(reminders)
      .innerJoin(users, eq(users.id, reminders.userId))
      .where(and(eq(reminders.measure, 'mood'), eq(users.username, account.username)));
    if (!row) throw new Error(`the reminder just set for ${account.username} is not there`);
    return new UnsubscribeTokens(this.server.config.jwtSecret!).issue(row.id);
  }

  /** Marks an address not confirmed, as an account made before registering asked for a link. */
  async unconfirmAddress(username: string): Promise<void> {
    await this.database
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.username, username));
  }

  /** Marks an address confirmed, as its owner opening the mailed link would. */
  async confirmAddress(username: string): Promise<void> {
    await this.database
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.username, username));
  }

  async deadMail(): Promise<string> {
    // A job nobody can open, with no retry: the mail worker fails it at once, and it is dead.
    const { jobs } = this.server.app;
    const id = await jobs.send(
      'mail',
      { purpose: 'fuzzed', sealed: 'cannot be opened' },
      { retryLimit: 0 },
    );
    if (!id) throw new Error('the mail queue took no job');
    for (let attempt = 0; attempt < 200; attempt += 1) {
      if ((await jobs.stateOf('mail', id)) === 'failed') return id;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('a mail that cannot be opened did not fail');
  }

  mailed(to: string, pattern: RegExp): Promise<string> {
    return mailedToken(this.server, to, pattern);
  }

  /** Makes a row of a kind through the valid share's own hints, once at a time per kind. */
  need(kind: RowKind): Promise<void> {
    const running = this.needed.get(kind);
    if (running) return running;
    const work = makeRow(this, kind).finally(() => this.needed.delete(kind));
    this.needed.set(kind, work);
    return work;
  }
}
