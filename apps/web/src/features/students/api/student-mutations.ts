import { useMutation } from '@tanstack/react-query';
import { studentsContract, type SubscriptionUpdateBody } from '@lectern/contract';
import { apiCallWithHeaders } from '../../../lib/api-client';

/**
 * POST /students/subscription/update: grant, extend or cancel, each with its reason. The server's
 * message shows on success; a failure (409: a date not after the end, or a stale version) shows in the dialog. The
 * page reloads the student 2 seconds after a success (spec 2 §4).
 */
export function useUpdateStudentSubscription() {
  return useMutation({
    mutationFn: async (body: SubscriptionUpdateBody) => {
      const result = await apiCallWithHeaders(studentsContract.updateSubscription, { body });
      return { data: result.data, message: result.message };
    },
    // the dialog shows a failure itself (409: the server's message), so no snackbar repeats it
    meta: { serverMessage: true, silentError: true },
  });
}

/** GET /users/user/autoverify/email_otp: staff mark the student's e-mail verified, with an optional reason. */
export function useVerifyStudentEmail() {
  return useMutation({
    mutationFn: async (input: { studentId: string; reason?: string }) => {
      const result = await apiCallWithHeaders(studentsContract.verifyEmail, {
        query: { studentId: input.studentId, ...(input.reason ? { reason: input.reason } : {}) },
      });
      return { data: result.data, message: result.message };
    },
    // the dialog shows a failure itself (409: the server's message), so no snackbar repeats it
    meta: { serverMessage: true, silentError: true },
  });
}

/** POST /students/student/verify-email/{studentId}: mails the student a link that verifies their address. */
export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: async (studentId: string) => {
      const result = await apiCallWithHeaders(studentsContract.sendVerification, { params: { studentId } });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true },
  });
}
