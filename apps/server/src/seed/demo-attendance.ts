import crypto from 'node:crypto';
import type { ParticipantSession } from '@lectern/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { toDate } from '../db/raw-row';
import { attendanceMarks, settings } from '../db/schema';
import { storeParticipantSessions } from '../modules/attendance/attendance.service';

const SEEDED = 'demo_seed_attendance';

/** Display names of people nobody registered: they group their own rejoins and never match a student. */
const STRANGERS = ['iPad', 'Guest 4471', 'Sharma ji', 'Galaxy A54', 'Mom'];

/** A number in [0, 1) fixed by the words: the same demo on every start. */
const chance = (...words: string[]) =>
  crypto.createHash('sha256').update(words.join('|')).digest().readUInt32BE(0) / 2 ** 32;

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

interface HeldClass {
  id: string;
  classRoomType: 'live' | 'offline';
  startTime: Date;
  durationMinutes: number;
  endedAt: Date | null;
  teacherId: string | null;
  teacherName: string | null;
}

interface Invitee {
  id: string;
  name: string;
  email: string | null;
  mobileNumber: string;
}

/**
 * Zoom's participants of one held class: most invited students stay (some join late or leave early,
 * some rejoin after a drop, some come on a phone and a laptop at once), a few stay briefly and are
 * absent, some never come; a few strangers are known only by a display name; one student joins from a
 * tablet whose name says nothing but whose e-mail is theirs; one uses a personal address staff match by hand.
 */
function participantsOf(cls: HeldClass, invited: readonly Invitee[]): ParticipantSession[] {
  const start = cls.startTime.getTime();
  const end = Math.max(start + cls.durationMinutes * 60_000, cls.endedAt?.getTime() ?? 0);
  const t = (ms: number) => new Date(ms).toISOString();
  const minute = 60_000;
  const sessions: ParticipantSession[] = [];
  invited.forEach((s, i) => {
    const roll = chance(cls.id, s.id);
    if (roll < 0.14) return; // never came
    const shift = (k: string, span: number) => Math.round((chance(cls.id, s.id, k) * span - span / 3) * minute);
    // who Zoom says they are: the registered e-mail mostly, the phone number otherwise (matched by mobile)
    const byPhone = !s.email || chance(cls.id, s.id, 'phone') < 0.15;
    const who = {
      name: i % 11 === 5 ? `${s.name.split(' ')[0]}'s iPad` : s.name,
      email: byPhone ? '' : s.email!,
      registrantId: '',
      phone: byPhone ? `+91 ${s.mobileNumber}` : '',
    };
    const join = start + shift('join', 12);
    const leave = end + shift('leave', 15);
    if (roll < 0.24) {
      // a short stay: absent
      const stay = (5 + Math.round(chance(cls.id, s.id, 'stay') * 25)) * minute;
      sessions.push({ ...who, joinTime: t(join), leaveTime: t(join + stay) });
    } else if (roll < 0.42) {
      // dropped and rejoined
      const drop = join + Math.round((0.2 + chance(cls.id, s.id, 'drop') * 0.5) * (leave - join));
      const back = drop + (2 + Math.round(chance(cls.id, s.id, 'gap') * 12)) * minute;
      sessions.push({ ...who, joinTime: t(join), leaveTime: t(drop) });
      sessions.push({ ...who, joinTime: t(back), leaveTime: t(leave) });
    } else {
      sessions.push({ ...who, joinTime: t(join), leaveTime: t(leave) });
      if (roll > 0.93) {
        // the phone as well, for part of the class: counted once
        const from = join + Math.round(chance(cls.id, s.id, 'phone2') * (leave - join) * 0.5);
        sessions.push({
          name: `${s.name.split(' ')[0]} (phone)`,
          email: '',
          registrantId: '',
          phone: `+91 ${s.mobileNumber}`,
          joinTime: t(from),
          leaveTime: t(from + 20 * minute),
        });
      }
    }
  });
  const strangers = 2 + Math.floor(chance(cls.id, 'strangers') * 3);
  for (let k = 0; k < strangers; k++) {
    const name = STRANGERS[(k + Math.floor(chance(cls.id, 'who') * STRANGERS.length)) % STRANGERS.length]!;
    const join = start + Math.round(chance(cls.id, name, 'join') * 30) * minute;
    const stay = (4 + Math.round(chance(cls.id, name, 'stay') * 40)) * minute;
    sessions.push({ name, email: '', registrantId: '', phone: '', joinTime: t(join), leaveTime: t(join + stay) });
    if (k === 0) {
      // the stranger rejoined
      sessions.push({
        name,
        email: '',
        registrantId: '',
        phone: '',
        joinTime: t(join + stay + 3 * minute),
        leaveTime: t(join + stay + 15 * minute),
      });
    }
  }
  const absentee = invited.find((s) => chance(cls.id, s.id) < 0.14);
  if (absentee) {
    // an invited student who came from a personal address: for staff to match by hand
    const first = absentee.name.split(' ')[0]!.toLowerCase();
    sessions.push({
      name: absentee.name.split(' ')[0]!,
      email: `${first}.${absentee.mobileNumber.slice(-4)}@gmail.com`,
      registrantId: '',
      phone: '',
      joinTime: t(start + 2 * minute),
      leaveTime: t(end - 4 * minute),
    });
  }
  return sessions;
}

/**
 * Attendance of the demo's held classes, after the live-class seed gave them teachers and audiences:
 * Zoom participants of each live class (stored as the Zoom job would store them, matched and worked
 * out), roll marks of each offline class by its teacher. Once (remembered in settings); nothing until a
 * held class has an audience.
 */
export async function seedDemoAttendance(db: Db): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, SEEDED));
  if (done.length > 0) return false;
  const held = rows<HeldClass>(
    await db.execute(sql`
      SELECT c.id, c.class_room_type AS "classRoomType", c.start_time AS "startTime",
             c.duration_minutes AS "durationMinutes", c.ended_at AS "endedAt", c.teacher_id AS "teacherId",
             trim(u.first_name || ' ' || u.last_name) AS "teacherName"
        FROM live_classes c LEFT JOIN users u ON u.id = c.teacher_id
       WHERE c.status = 'ENDED'
         AND NOT EXISTS (SELECT 1 FROM attendance_sessions a WHERE a.live_class_id = c.id)
         AND NOT EXISTS (SELECT 1 FROM attendance_marks m WHERE m.live_class_id = c.id)
       ORDER BY c.start_time, c.id`),
  ).map((c) => ({ ...c, startTime: toDate(c.startTime), endedAt: c.endedAt === null ? null : toDate(c.endedAt) }));
  let seeded = 0;
  for (const cls of held) {
    const invited = rows<Invitee>(
      await db.execute(sql`
        SELECT s.id, s.name, s.email, s.mobile_number AS "mobileNumber" FROM students s
         WHERE s.id IN (
           SELECT bs.student_id FROM batch_students bs WHERE bs.batch_id IN (
             SELECT batch_id FROM live_class_batches WHERE live_class_id = ${cls.id}
             UNION
             SELECT gb.batch_id FROM live_class_groups lg JOIN group_batches gb ON gb.group_id = lg.group_id
              WHERE lg.live_class_id = ${cls.id}))
         ORDER BY s.id`),
    );
    if (invited.length === 0) continue;
    if (cls.classRoomType === 'live') {
      await storeParticipantSessions(db, cls.id, participantsOf(cls, invited), 'API');
    } else {
      await db.insert(attendanceMarks).values(
        invited.map((s) => ({
          liveClassId: cls.id,
          studentId: s.id,
          present: chance(cls.id, s.id) >= 0.12,
          markedBy: cls.teacherId ?? 'demo',
          markedByName: cls.teacherName ?? 'Priya Raghavan',
          markedAt: new Date(cls.startTime.getTime() + 10 * 60_000),
        })),
      );
    }
    seeded++;
  }
  if (seeded === 0) return false;
  await db.insert(settings).values({ key: SEEDED, value: new Date().toISOString() });
  return true;
}
