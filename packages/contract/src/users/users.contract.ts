import { z } from 'zod';
import { route } from '../route';
import { ApiKeyIdParamSchema, ApiKeySchema, CreateApiKeyBodySchema, CreatedApiKeySchema } from './api-keys.schemas';
import {
  CreateUserBodySchema,
  MobileNumberParamSchema,
  RoleEntitySchema,
  RoleParamSchema,
  UpdateUserBodySchema,
  UserSchema,
  UsersPageQuerySchema,
  UsersPageSchema,
  ValidateMobileResponseSchema,
} from './users.schemas';

export const usersContract = {
  listInternal: route({
    method: 'GET',
    path: '/users/user/internal/all',
    summary: 'Internal (staff) users, paged',
    access: { kind: 'session', area: 'userManagement' },
    query: UsersPageQuerySchema,
    response: UsersPageSchema,
  }),
  listRoles: route({
    method: 'GET',
    path: '/users/role/all',
    summary: 'Every role',
    access: { kind: 'session', area: 'userManagement' },
    response: z.array(RoleEntitySchema),
  }),
  listByRole: route({
    method: 'GET',
    path: '/users/user/role/{role}',
    summary: 'Active users holding a role (for assigning people to subjects)',
    access: { kind: 'session', area: 'subjectManage' },
    params: RoleParamSchema,
    response: z.array(UserSchema),
  }),
  create: route({
    method: 'POST',
    path: '/users/user',
    summary: 'Create a staff user',
    access: { kind: 'session', area: 'userManagement' },
    body: CreateUserBodySchema,
    response: UserSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/users/user',
    summary: 'Update a staff user; deactivating ends their sessions',
    access: { kind: 'session', area: 'userManagement' },
    body: UpdateUserBodySchema,
    response: UserSchema,
  }),
  validateMobile: route({
    method: 'GET',
    path: '/users/user/validate/{mobileNumber}',
    summary: 'Whether a mobile number is well formed and already taken',
    access: { kind: 'session', area: 'userManagement' },
    params: MobileNumberParamSchema,
    response: ValidateMobileResponseSchema,
  }),
  // API keys of service callers (DESIGN §10): only a SUPER_ADMIN makes and revokes them
  apiKeys: route({
    method: 'GET',
    path: '/users/apikey/all',
    summary: 'Every API key of service callers, revoked ones too, newest first; never a secret',
    access: { kind: 'session', area: 'userManagement' },
    response: z.array(ApiKeySchema),
  }),
  createApiKey: route({
    method: 'POST',
    path: '/users/apikey',
    summary: 'Create an API key with its scopes: the answer carries its secret, the only time it is sent',
    access: { kind: 'session', area: 'userManagement' },
    body: CreateApiKeyBodySchema,
    response: CreatedApiKeySchema,
  }),
  revokeApiKey: route({
    method: 'DELETE',
    path: '/users/apikey/{keyId}',
    summary: 'Revoke an API key: its next call is refused with 401; the key stays listed as revoked',
    access: { kind: 'session', area: 'userManagement' },
    params: ApiKeyIdParamSchema,
    response: ApiKeySchema,
  }),
};
