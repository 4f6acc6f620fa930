import { MESSAGES, fillMessage, type Student } from '@lectern/contract';
import type { Db } from '../../db/client';
import { recordActivity } from '../../lib/activity.repository';
import { recordChange } from '../../lib/aggregate';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import type { Mailer } from '../../mail/mailer';
import { readVerification, signVerification } from './email-verification';
import type { StudentRow, StudentsRepository } from './students.repository';
import { toStudent } from './students.service';

const missingStudent = () => AppError.of(404, 'notFound', { what: 'that student' });

/** A student's e-mail verified: by staff, or by the student through a signed link (spec 2 §7). */
export class EmailVerificationService {
  constructor(
    private readonly db: Db,
    private readonly repo: StudentsRepository,
  ) {}

  private async student(studentId: string): Promise<StudentRow> {
    const row = await this.repo.byId(studentId);
    if (!row) throw missingStudent();
    return row;
  }

  /** Staff mark the e-mail verified (the spec's "verify student e-mail"), recorded with who and why. */
  async verifyEmail(
    actor: Actor,
    studentId: string,
    reason: string | undefined,
  ): Promise<{ student: Student; message: string }> {
    let message = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.repo.lockStudent(tx, studentId);
        if (!row) throw missingStudent();
        if (!row.email) throw AppError.of(409, 'emailMissing', { studentName: row.name });
        const names = { studentName: row.name, email: row.email };
        if (row.emailVerified) {
          message = fillMessage(MESSAGES.emailAlreadyVerified, names);
          return { activity: [] };
        }
        const verification = { at: new Date().toISOString(), by: actor.name, method: 'STAFF', reason: reason ?? null };
        await this.repo.setEmailVerification(tx, studentId, verification);
        message = fillMessage(MESSAGES.emailVerified, names);
        return {
          activity: {
            action: 'student.email.verify',
            entityType: 'student',
            entityId: studentId,
            after: verification,
            summary: `${actor.name} verified ${row.name}'s e-mail ${row.email}${reason ? `: ${reason}` : ''}`,
          },
        };
      },
    });
    return { student: toStudent(await this.student(studentId)), message };
  }

  /** E-mails the student a signed link that verifies their address; a failed send is the caller's error, never dropped. */
  async sendVerification(
    actor: Actor,
    studentId: string,
    mail: { mailer: Mailer; secret: string; publicUrl: string },
  ): Promise<{ studentId: string; email: string; message: string }> {
    const student = await this.student(studentId);
    if (!student.email) throw AppError.of(409, 'emailMissing', { studentName: student.name });
    const names = { studentName: student.name, email: student.email };
    if (student.emailVerified) throw AppError.of(409, 'emailAlreadyVerified', names);
    const token = signVerification(mail.secret, student.id, student.email);
    const link = `${mail.publicUrl}/api/students/student/confirm-email?token=${encodeURIComponent(token)}`;
    try {
      await mail.mailer.send({
        to: student.email,
        subject: 'Verify your e-mail address',
        text: `Dear ${student.name},\n\nPlease verify your e-mail address by opening this link within 7 days:\n${link}\n\nIf you did not ask for this, ignore this e-mail.\n\nLectern Learning`,
      });
    } catch (error) {
      throw AppError.of(502, 'verificationNotSent', {
        email: student.email,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
    await recordChange(this.db, actor, {
      apply: async () => ({
        activity: {
          action: 'student.email.link',
          entityType: 'student',
          entityId: student.id,
          summary: `${actor.name} sent ${student.name} a verification link to ${student.email}`,
        },
      }),
    });
    return { studentId: student.id, email: student.email, message: fillMessage(MESSAGES.verificationSent, names) };
  }

  /** The verification link: marks the address verified by the student, when the token is good and the address unchanged. */
  async confirmEmail(secret: string, token: string): Promise<{ studentId: string; message: string }> {
    const claims = readVerification(secret, token);
    if (!claims) throw AppError.of(400, 'verificationLinkInvalid');
    let message = '';
    await this.db.transaction(async (tx) => {
      const row = await this.repo.lockStudent(tx, claims.studentId);
      if (!row || row.email !== claims.email) throw AppError.of(400, 'verificationLinkInvalid');
      message = fillMessage(MESSAGES.verificationLinkDone, { studentName: row.name, email: row.email });
      if (row.emailVerified) return;
      const verification = { at: new Date().toISOString(), by: row.name, method: 'LINK', reason: null };
      await this.repo.setEmailVerification(tx, row.id, verification);
      await recordActivity(tx, {
        actorId: null,
        action: 'student.email.verify',
        entityType: 'student',
        entityId: row.id,
        after: verification,
        summary: `${row.name} verified the e-mail ${row.email} through the link`,
      });
    });
    return { studentId: claims.studentId, message };
  }
}
