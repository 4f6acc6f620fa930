import { z } from 'zod';

/** Success envelope: `{ data, message? }`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().optional() });
}

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
