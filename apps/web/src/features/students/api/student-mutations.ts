import { studentsContract, type SubscriptionUpdateBody } from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';

/**
 * POST /students/subscription/update: grant, extend or cancel, each with its reason. The server's
 * message shows on success; a failure (409: a date not after the end, or a stale version) shows in the dialog. The
 * page reloads the student 2 seconds after a success (spec 2 §4).
 */
export function useUpdateStudentSubscription() {
  return useRouteMutation(studentsContract.updateSubscription, {
    toInput: (body: SubscriptionUpdateBody) => ({ body }),
    // the dialog shows a failure itself (409: the server's message), so no snackbar repeats it
    meta: { serverMessage: true, silentError: true },
  });
}

/** GET /users/user/autoverify/email_otp: staff mark the student's e-mail verified, with an optional reason. */
export function useVerifyStudentEmail() {
  return useRouteMutation(studentsContract.verifyEmail, {
    toInput: (input: { studentId: string; reason?: string }) => ({
      query: { studentId: input.studentId, ...(input.reason ? { reason: input.reason } : {}) },
    }),
    // the dialog shows a failure itself (409: the server's message), so no snackbar repeats it
    meta: { serverMessage: true, silentError: true },
  });
}

/** POST /students/student/verify-email/{studentId}: mails the student a link that verifies their address. */
export function useSendVerificationEmail() {
  return useRouteMutation(studentsContract.sendVerification, {
    toInput: (studentId: string) => ({ params: { studentId } }),
    meta: { serverMessage: true },
  });
}
