import { z } from 'zod';
import { MobileNumberSchema } from '../auth/auth.schemas';
import { RoleSchema } from '../roles';

export const RoleEntitySchema = z.object({ roleId: z.number().int(), roleName: RoleSchema });

export const UserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  phone: z.string(),
  roles: z.array(RoleEntitySchema),
  active: z.boolean(),
  userProfile: z.object({ firstName: z.string(), lastName: z.string() }),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const UsersPageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(1000).default(1000),
});

export const UsersPageSchema = z.object({
  content: z.array(UserSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});

const NameSchema = z.string().trim().min(1, 'is required').max(60);

const UserFieldsSchema = {
  firstName: NameSchema,
  lastName: z.string().trim().max(60).default(''),
  email: z.email('must be a valid e-mail address').max(254),
  phone: MobileNumberSchema,
  roles: z.array(RoleSchema).min(1, 'choose at least one role').max(6),
  active: z.boolean().default(true),
};

export const CreateUserBodySchema = z.strictObject(UserFieldsSchema);
export type CreateUserBody = z.input<typeof CreateUserBodySchema>;

export const UpdateUserBodySchema = z.strictObject({
  userId: z.string().min(1).max(64),
  /** the version the editor saw; a stale one is refused with 409 */
  version: z.number().int().min(0),
  ...UserFieldsSchema,
});
export type UpdateUserBody = z.input<typeof UpdateUserBodySchema>;

export const RoleParamSchema = z.object({ role: RoleSchema });
export const MobileNumberParamSchema = z.object({ mobileNumber: z.string().max(32) });

export const ValidateMobileResponseSchema = z.object({
  mobileNumber: z.string(),
  /** the number is a well-formed 10-digit mobile number */
  valid: z.boolean(),
  /** a user with this number exists */
  exists: z.boolean(),
  /** the id of that user, so an editor can tell their own number from someone else's */
  userId: z.string().nullable(),
});
