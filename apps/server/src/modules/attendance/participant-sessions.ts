import crypto from 'node:crypto';
import { LIVE_CLASS_MESSAGES, plural, type ImportResultSchema, type ParticipantSession } from '@lectern/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { recordActivity } from '../../lib/activity.repository';
import { failWith } from '../../lib/app-error';
import { basisOf, findStudents, participantIdOf, personKey, mobileKey, workOut, type Person } from './attendance-rules';
import { AttendanceRepository, type ClassRow, type SessionInsert } from './attendance.repository';

// A class's participant sessions stored and matched to students, and its results worked out from them:
// for the CSV import and the meeting provider's report alike.

const fail = failWith(LIVE_CLASS_MESSAGES);

export type Rejected = z.infer<typeof ImportResultSchema>['rejected'];

export const missingClass = (liveClassId: string) => fail(404, 'notFound', { liveClassId });

/** The import's counts: persons matched to students, persons left for staff, sessions not taken. */
export interface StoreOutcome {
  matched: number;
  unmatched: number;
  rejected: Rejected;
}

/**
 * Works the class's results out again from its sessions and matches (inside the caller's transaction):
 * each matched student's merged time and verdict, the unmatched persons and the minute-by-minute count.
 */
export async function recompute(tx: Db, repo: AttendanceRepository, cls: ClassRow) {
  const worked = workOut(cls, await repo.sessionsWithMatches(tx, cls.id));
  await repo.replaceResults(
    tx,
    cls.id,
    worked.results.map((r) => ({ liveClassId: cls.id, ...r })),
    { basis: basisOf(cls), unmatched: worked.unmatched.length, timeline: worked.timeline },
  );
  return worked;
}

/**
 * Replaces the class's participant sessions with `sessions` and matches their persons again (hand
 * matches stay), inside the caller's transaction with the class locked.
 */
export async function replaceParticipants(
  tx: Db,
  repo: AttendanceRepository,
  cls: ClassRow,
  sessions: readonly ParticipantSession[],
  source: 'API' | 'CSV',
  importedBy: string,
): Promise<StoreOutcome> {
  const rejected: Rejected = [];
  const rows: SessionInsert[] = [];
  const persons = new Map<string, Person>();
  sessions.forEach((session, index) => {
    const rowNumber = index + 1;
    const key = personKey(session);
    const join = Date.parse(session.joinTime);
    const leave = Date.parse(session.leaveTime);
    if (!key) {
      rejected.push({ rowNumber, reason: `Session ${rowNumber} has no name, e-mail, registrant or phone.` });
      return;
    }
    if (Number.isNaN(join) || Number.isNaN(leave) || leave < join) {
      rejected.push({
        rowNumber,
        reason: `Session ${rowNumber} (${session.name || session.email}) leaves before it joins.`,
      });
      return;
    }
    const participantId = participantIdOf(key);
    const person = persons.get(participantId) ?? { participantId, emails: new Set(), mobiles: new Set() };
    if (session.email.trim()) person.emails.add(session.email.trim().toLowerCase());
    if (mobileKey(session.phone)) person.mobiles.add(mobileKey(session.phone));
    persons.set(participantId, person);
    rows.push({
      id: crypto.randomUUID(),
      liveClassId: cls.id,
      source,
      participantId,
      name: session.name.trim(),
      email: session.email.trim(),
      registrantId: session.registrantId.trim(),
      phone: session.phone.trim(),
      joinTime: new Date(join),
      leaveTime: new Date(leave),
      importedBy,
    });
  });

  await repo.replaceSessions(tx, cls.id, rows);
  await repo.deleteFoundMatches(tx, cls.id);
  const byHand = await repo.matchedParticipants(tx, cls.id);
  const toFind = [...persons.values()].filter((p) => !byHand.has(p.participantId));
  const found = findStudents(toFind, await repo.invitedStudents(tx, cls.id));
  await repo.insertMatches(
    tx,
    [...found.entries()].map(([participantId, m]) => ({ liveClassId: cls.id, participantId, ...m })),
  );
  const worked = await recompute(tx, repo, cls);
  return { matched: persons.size - worked.unmatched.length, unmatched: worked.unmatched.length, rejected };
}

/**
 * Stores the participants a meeting provider reported for a class (Zoom's past-meeting participants
 * after `meeting.ended`): they replace the class's sessions, are matched to students again (hand
 * matches stay) and the results are worked out, in one transaction. For the live classes module's job.
 */
export async function storeParticipantSessions(
  db: Db,
  liveClassId: string,
  sessions: readonly ParticipantSession[],
  source: 'API' | 'CSV' = 'API',
): Promise<StoreOutcome> {
  const repo = new AttendanceRepository(db);
  return db.transaction(async (tx) => {
    const cls = await repo.lockClass(tx, liveClassId);
    if (!cls) throw missingClass(liveClassId);
    const outcome = await replaceParticipants(tx, repo, cls, sessions, source, source);
    await recordActivity(tx, {
      actorId: null,
      action: 'attendance.import',
      entityType: 'live class',
      entityId: liveClassId,
      after: { source, sessions: sessions.length, matched: outcome.matched, unmatched: outcome.unmatched },
      summary: `Stored ${plural(sessions.length, 'participant session')} of the meeting of '${cls.title}': ${outcome.matched} matched to students, ${outcome.unmatched} to match by hand`,
    });
    return outcome;
  });
}
