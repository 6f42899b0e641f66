// What a valid request is before the run fills it in, what the run offers the hints to fill it
// in with, and the tools the hints share.
import type fc from 'fast-check';
import type { OrderStatus } from '@vitalia/api/store.contract';

/**
 * Who sends it: nobody, the run's USER, ADMIN or DOC (a doctor, for the doctors' calls), or a USER
 * or ADMIN account made for this request (for what is limited per account, such as uploads, or
 * changes the account, such as passwords).
 */
export type ValidCaller = 'anonymous' | 'user' | 'admin' | 'doctor' | 'fresh' | 'fresh admin';

/** A valid request as generated: plain data, filled in from the run when it is sent. */
export interface ValidPlan {
  operation: string;
  method: string;
  path: string;
  caller: ValidCaller;
  pathParams: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /**
   * A JSON value, or `multipart` for an image upload, or a `RawBody` for a file sent as the body
   * itself (an import); undefined for none.
   */
  body: unknown;
  bodyType: 'json' | 'form' | 'multipart' | 'raw' | 'none';
  /** A number the hints use to choose among the rows the run has made. */
  pick: number;
}

/** A file sent as the request body itself, with its content type (the readings import). */
export interface RawBody {
  contentType: string;
  text: string;
}

export interface Account {
  username: string;
  password: string;
  token: string;
  refreshToken: string;
}

export interface SetupAnswer {
  status: number;
  body: Record<string, unknown>;
  /** The `name=value` of every cookie the answer set. */
  cookies: string[];
  location: string | null;
}

export interface Order {
  id: string;
  fulfilment: 'delivery' | 'pickup';
  status: OrderStatus;
}

/** What the run has made so far, by kind; hints take path ids and cart lines from here. */
export interface Rows {
  /** The USER's readings: id to tag. */
  readings: Map<string, string>;
  articles: string[];
  /** Published articles: id to slug. */
  published: Map<string, string>;
  products: Array<{ id: string; shippings: string[] }>;
  orders: Order[];
  avatars: string[];
  /** Uploaded covers and product images by article and product: a new upload replaces one. */
  covers: Map<string, string>;
  productImages: Map<string, string>;
  /**
   * Shares the run's DOC accepted, by id: patients of their own with readings and an assessment,
   * sharing every measure and the assessment, with no end; nothing the run sends pauses or ends them.
   */
  patients: string[];
}

export type RowKind =
  | 'reading'
  | 'article'
  | 'published'
  | 'product'
  | 'order'
  | 'avatar'
  | 'cover'
  | 'productImage'
  | 'patient';

/** The running server as the hints see it; fuzz-run.ts implements it. */
export interface Run {
  rows: Rows;
  user: Account;
  admin: Account;
  /** A DOC account made as `npm run user:create` makes one: the doctor of the doctors' calls. */
  doctor: Account;
  /** A new number for names and addresses the run makes. */
  next(): number;
  /** An address of its own (10.0.0.0/8), so that no per-address limit is reached. */
  address(): string;
  /** A USER account registered just now, signed in. */
  fresh(): Promise<Account>;
  /** An ADMIN made just now as `npm run user:create` makes one, signed in. */
  freshAdmin(): Promise<Account>;
  /** A call made to set a request up; not counted as fuzzing. */
  call(
    method: string,
    path: string,
    options?: {
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      /** Sends a small PNG as a multipart upload instead of a JSON body. */
      upload?: boolean;
    },
  ): Promise<SetupAnswer>;
  /** A new sign-in of an account, from an address of its own. */
  signIn(account: Pick<Account, 'username' | 'password'>): Promise<SetupAnswer>;
  /** Marks an address confirmed, as its owner opening the mailed link would. */
  confirmAddress(username: string): Promise<void>;
  /** Marks an address not confirmed, as an account made before registering asked for a link. */
  unconfirmAddress(username: string): Promise<void>;
  /** The token of the newest registration link mailed to an address. */
  registrationLink(to: string): Promise<string>;
  /** The unsubscribe token of a reminder of the USER's, set just now, as its mail would carry it. */
  reminderToken(): Promise<string>;
  /** The id of a mail that failed every try, made just now. */
  deadMail(): Promise<string>;
  /** The secret in the newest mail to `to` whose text matches `pattern` (its first group). */
  mailed(to: string, pattern: RegExp): Promise<string>;
  /** Makes a row of this kind when the run has none yet. */
  need(kind: RowKind): Promise<void>;
  /** The LinkedIn stand-in, when the server has one; its flows run one at a time. */
  linkedin?: LinkedInStandIn;
}

export interface LinkedInStandIn {
  issuer: string;
  /** Plays the person at the provider: from an authorization URL to the redirect back. */
  authorize(subject: string, claims: Record<string, unknown>, url: string): Promise<URL>;
  /** An access token the provider issued for this person, as the mobile app would hold. */
  accessToken(subject: string, claims: Record<string, unknown>): Promise<string>;
}

/** Thrown when a request cannot be set up, e.g. LinkedIn is not configured. */
export class NotApplicable extends Error {}

export function expectStatus(answer: SetupAnswer, status: number, what: string): SetupAnswer {
  if (answer.status !== status) {
    throw new Error(
      `setting up ${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
  return answer;
}

export function chosen<T>(items: readonly T[], pick: number): T | undefined {
  return items.length === 0 ? undefined : items[pick % items.length];
}

export interface OperationHint {
  /** Who may call it, when the document's security and 403 do not say enough. */
  caller?: ValidCaller;
  /** The body, query or headers drawn when the request is generated, over the schema's draw. */
  body?: (schemaValid: Record<string, unknown>) => fc.Arbitrary<unknown>;
  query?: fc.Arbitrary<Record<string, string>>;
  headers?: fc.Arbitrary<Record<string, string>>;
  bodyType?: ValidPlan['bodyType'];
  /** Fills in, when sent, what only the run knows; answers the token to send, if not the caller's. */
  prepare?: (plan: ValidPlan, run: Run, caller: Account | undefined) => Promise<string | void>;
  /** Keeps what an accepted answer made, for later requests. */
  remember?: (answer: Record<string, unknown>, rows: Rows) => void;
}

/** The file name in an upload's path, as the profile, article or product answers it. */
export function uploadedName(path: unknown, prefix: string): string | undefined {
  return typeof path === 'string' && path.startsWith(prefix)
    ? path.slice(prefix.length)
    : undefined;
}

/** A cursor is valid only as the server gave it: pages are asked for from the first. */
export const noCursor: OperationHint = {
  prepare: async (plan) => {
    delete plan.query.cursor;
  },
};
