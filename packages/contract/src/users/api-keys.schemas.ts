import { z } from 'zod';
import { API_KEY_SCOPES } from '../permissions';

/** `lk_` and the base64url of 32 random bytes: what a service caller sends as `Authorization: Bearer lk_...`. */
export const API_KEY_PATTERN = /^lk_[A-Za-z0-9_-]{43}$/;

/** How much of a key the console keeps and shows ('lk_' and 8 characters): enough to tell keys apart. */
export const API_KEY_PREFIX_LENGTH = 11;

export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES);

/** An API key as the console lists it: never its secret, only the start of it. */
export const ApiKeySchema = z.object({
  keyId: z.string(),
  name: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  /** the key's first characters ('lk_ab12cd34'), shown as 'lk_ab12cd34…' */
  prefix: z.string(),
  createdAt: z.string(),
  /** the name of the SUPER_ADMIN who created it */
  createdBy: z.string(),
  /** the last call made with it (kept to the minute), null before its first */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** the name of the SUPER_ADMIN who revoked it */
  revokedBy: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const CreateApiKeyBodySchema = z.strictObject({
  /** who calls with it: 'Storefront', 'Student app (Android)' */
  name: z.string().trim().min(1, 'is required').max(60),
  scopes: z
    .array(ApiKeyScopeSchema)
    .min(1, 'choose at least one scope')
    .max(10)
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBodySchema>;

/** The answer to creating a key: the only time its secret is ever sent. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const ApiKeyIdParamSchema = z.object({ keyId: z.string().min(1).max(64) });
