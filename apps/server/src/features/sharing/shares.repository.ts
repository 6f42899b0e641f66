// Shares with doctors in the database. Every query names who asks: the person owning a share, or
// the doctor it was accepted by, so a share of someone else does not exist to the caller.
import { and, desc, eq, gt, isNull, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/identity.table.ts';
import { careShares } from '../../db/schema/sharing.table.ts';

export type ShareRow = typeof careShares.$inferSelect;

export interface Person {
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  username: string;
}

/**
 * The name a person gave, on one line (line breaks and other control characters become spaces, so
 * a name cannot add lines to a mail or the log); null when they gave none.
 */
export function realNameOf(person: Omit<Person, 'username'>): string | null {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ') || person.displayName;
  // eslint-disable-next-line no-control-regex
  const oneLine = name?.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return oneLine || null;
}

/** A person as others see them: their name, or their email when they gave none. */
export const nameOf = (person: Person): string => realNameOf(person) ?? person.username;

const doctors = alias(users, 'doctor');
const patients = alias(users, 'patient');

const personColumns = (table: typeof users | typeof doctors | typeof patients) => ({
  firstName: table.firstName,
  lastName: table.lastName,
  displayName: table.displayName,
  username: table.username,
});

/**
 * Open: not declined, not ended, its end date not reached, and, once accepted, its doctor's
 * account still there (removing the account clears doctor_id and so ends the share).
 */
const isOpen = (now: Date): SQL =>
  and(
    isNull(careShares.declinedAt),
    isNull(careShares.endedAt),
    or(isNull(careShares.untilAt), gt(careShares.untilAt, now)),
    or(isNull(careShares.acceptedAt), isNotNull(careShares.doctorId)),
  ) as SQL;

/** Readable by its doctor now: accepted, open, not paused, and the doctor's account still there. */
const isReadable = (now: Date): SQL =>
  and(
    isOpen(now),
    isNotNull(careShares.acceptedAt),
    isNotNull(careShares.doctorId),
    isNull(careShares.pausedAt),
  ) as SQL;

export interface NewShare {
  doctorEmail: string;
  measures: string[] | null;
  includeAssessment: boolean;
  fromAt: Date | null;
  untilAt: Date | null;
}

export class SharesRepository {
  constructor(private readonly db: Database) {}

  /** A person's name and email, and whether they hold a doctor account. */
  async person(
    id: string,
  ): Promise<(Person & { role: string; emailVerifiedAt: Date | null }) | undefined> {
    const [row] = await this.db
      .select({ ...personColumns(users), role: users.role, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, id));
    return row;
  }

  async isDoctorEmail(email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, email), eq(users.role, 'DOC')));
    return row !== undefined;
  }

  /**
   * The person's shares (or the one with this id), newest first, with the doctor account the
   * email names, if any.
   */
  async ofPatient(patientId: string, id?: string) {
    return (
      this.db
        // Flat columns: drizzle turns a nested object of a left join into null when some of its
        // columns are null (a doctor made on the command line has no name yet).
        .select({
          share: careShares,
          doctorRole: doctors.role,
          doctorUsername: doctors.username,
          doctorFirstName: doctors.firstName,
          doctorLastName: doctors.lastName,
          doctorDisplayName: doctors.displayName,
        })
        .from(careShares)
        .leftJoin(
          doctors,
          or(
            eq(doctors.id, careShares.doctorId),
            and(
              isNull(careShares.acceptedAt),
              eq(doctors.username, careShares.doctorEmail),
              eq(doctors.role, 'DOC'),
            ),
          ),
        )
        .where(and(eq(careShares.patientId, patientId), ...(id ? [eq(careShares.id, id)] : [])))
        .orderBy(desc(careShares.createdAt), desc(careShares.id))
    );
  }

  async openWith(
    db: Database,
    patientId: string,
    doctorEmail: string,
    now: Date,
  ): Promise<ShareRow | undefined> {
    const [row] = await db
      .select()
      .from(careShares)
      .where(
        and(
          eq(careShares.patientId, patientId),
          eq(careShares.doctorEmail, doctorEmail),
          isOpen(now),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * Holds, until the transaction ends, the right to open a share between this person and this
   * address: two invites sent at once then make one share and a 409, not two shares.
   */
  async lockPair(tx: Database, patientId: string, doctorEmail: string): Promise<void> {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`care-share:${patientId}:${doctorEmail}`}))`,
    );
  }

  async insert(tx: Database, patientId: string, share: NewShare): Promise<ShareRow> {
    const [row] = await tx
      .insert(careShares)
      .values({ patientId, ...share })
      .returning();
    if (!row) throw new Error('insert into care_shares returned no row');
    return row;
  }

  async ownedBy(patientId: string, id: string): Promise<ShareRow | undefined> {
    const [row] = await this.db
      .select()
      .from(careShares)
      .where(and(eq(careShares.id, id), eq(careShares.patientId, patientId)));
    return row;
  }

  /** Pauses or resumes an accepted, open share of the person; undefined when there is none. */
  async setPaused(
    tx: Database,
    patientId: string,
    id: string,
    paused: boolean,
    now: Date,
  ): Promise<ShareRow | undefined> {
    const [row] = await tx
      .update(careShares)
      .set({ pausedAt: paused ? sql`coalesce(${careShares.pausedAt}, ${now})` : null })
      .where(
        and(
          eq(careShares.id, id),
          eq(careShares.patientId, patientId),
          isOpen(now),
          isNotNull(careShares.acceptedAt),
        ),
      )
      .returning();
    return row;
  }

  /** Ends a share of the person at once; undefined when it was not open. */
  async end(tx: Database, patientId: string, id: string, now: Date) {
    const [row] = await tx
      .update(careShares)
      .set({ endedAt: now })
      .where(and(eq(careShares.id, id), eq(careShares.patientId, patientId), isOpen(now)))
      .returning();
    return row;
  }

  /** Invites waiting for this doctor's answer: addressed to their sign-in email. */
  async invitesFor(doctorEmail: string, now: Date, id?: string) {
    return this.withPatients(
      and(eq(careShares.doctorEmail, doctorEmail), isNull(careShares.acceptedAt), isOpen(now)),
      id,
    ).orderBy(desc(careShares.createdAt), desc(careShares.id));
  }

  /** Accepts or declines an invite to this doctor; undefined when it is not theirs to answer. */
  async answer(
    tx: Database,
    doctor: { id: string; email: string },
    id: string,
    accept: boolean,
    now: Date,
  ): Promise<ShareRow | undefined> {
    const [row] = await tx
      .update(careShares)
      .set(accept ? { doctorId: doctor.id, acceptedAt: now } : { declinedAt: now })
      .where(
        and(
          eq(careShares.id, id),
          eq(careShares.doctorEmail, doctor.email),
          isNull(careShares.acceptedAt),
          isOpen(now),
        ),
      )
      .returning();
    return row;
  }

  /**
   * The shares this doctor may read now, with their patients: one query per call, with no cache,
   * so a share paused or ended through any server process is refused by every other at once.
   */
  async readableBy(doctorId: string, now: Date, id?: string) {
    return this.withPatients(and(eq(careShares.doctorId, doctorId), isReadable(now)), id).orderBy(
      desc(careShares.acceptedAt),
      desc(careShares.id),
    );
  }

  /** Shares matching `where` (and this id, when given), each with its patient. */
  private withPatients(where: SQL | undefined, id?: string) {
    return this.db
      .select({ share: careShares, patient: personColumns(patients) })
      .from(careShares)
      .innerJoin(patients, eq(patients.id, careShares.patientId))
      .where(and(where, ...(id ? [eq(careShares.id, id)] : [])));
  }

  /** Marks a look; true when it was the doctor's first. */
  async markViewed(tx: Database, id: string, now: Date): Promise<boolean> {
    const first = await tx
      .update(careShares)
      .set({ firstViewedAt: now, lastViewedAt: now })
      .where(and(eq(careShares.id, id), isNull(careShares.firstViewedAt)))
      .returning({ id: careShares.id });
    if (first.length > 0) return true;
    await tx.update(careShares).set({ lastViewedAt: now }).where(eq(careShares.id, id));
    return false;
  }
}
