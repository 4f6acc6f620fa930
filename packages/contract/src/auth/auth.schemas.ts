import { z } from 'zod';
import { RoleSchema } from '../roles';

export const MobileNumberSchema = z
  .string()
  .trim()
  .regex(/^[6-9]\d{9}$/, 'must be a 10-digit mobile number');

export const SendOtpBodySchema = z.strictObject({ mobileNumber: MobileNumberSchema });
export const SendOtpResponseSchema = z.object({
  /** seconds before another code may be requested for this number */
  resendAfterSeconds: z.number().int(),
  /** seconds the code stays valid */
  expiresInSeconds: z.number().int(),
});

export const LoginBodySchema = z.strictObject({
  mobileNumber: MobileNumberSchema,
  /** the code, RSA-OAEP (SHA-256) encrypted with the server's public key, base64 */
  otp: z.string().min(1).max(1024),
});

export const LoggedInUserSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  roles: z.array(z.object({ roleName: RoleSchema })),
});
export type LoggedInUser = z.infer<typeof LoggedInUserSchema>;

export const LoginResponseSchema = z.object({ user: LoggedInUserSchema });
export const LogoutResponseSchema = z.object({ signedOut: z.literal(true) });
export const SessionResponseSchema = z.object({ user: LoggedInUserSchema, expiresAt: z.string() });
