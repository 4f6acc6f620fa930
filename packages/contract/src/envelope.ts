import { z } from 'zod';

/** Failure envelope: `{ error: true, errorCode?, message }`; `tokenInvalid` marks a session that has ended. */
export const ErrorEnvelopeSchema = z.object({
  error: z.literal(true),
  errorCode: z.union([z.number(), z.string()]).optional(),
  message: z.string(),
  tokenInvalid: z.boolean().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export interface SuccessEnvelope<T> {
  data: T;
  message?: string;
}
