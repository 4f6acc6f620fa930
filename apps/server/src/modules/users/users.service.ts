import crypto from 'node:crypto';
import {
  MESSAGES,
  MOBILE_NUMBER_PATTERN,
  fillMessage,
  type CreateUserBodySchema,
  type Role,
  type UpdateUserBodySchema,
  type User,
} from '@lectern/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { changeAggregate, recordChange, type Aggregate, type OnChangeError, aggregateOf } from '../../lib/aggregate';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import type { SessionService } from '../auth';
import type { UserRow, UsersRepository } from './users.repository';

type CreateUser = z.output<typeof CreateUserBodySchema>;
type UpdateUser = z.output<typeof UpdateUserBodySchema>;

const displayName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
const uniqueRoles = (roles: Role[]) => [...new Set(roles)];
const missingUser = () => AppError.of(404, 'notFound', { what: 'that user' });

/** A mobile number taken between our check and the insert: the unique index has the last word. */
const phoneTaken =
  (phone: string): OnChangeError =>
  (error) =>
    isUniqueViolation(error) ? AppError.of(409, 'userExists', { mobileNumber: phone }) : undefined;

/** User management: staff accounts and their roles. */
export class UsersService {
  private readonly users: Aggregate<UserRow>;

  constructor(
    private readonly db: Db,
    private readonly repo: UsersRepository,
    private readonly sessions: SessionService,
  ) {
    this.users = aggregateOf('user', repo, missingUser);
  }

  async page(page: number, size: number) {
    const { content, totalElements } = await this.repo.page(page, size);
    return { content, page, size, totalElements, totalPages: Math.ceil(totalElements / size) };
  }

  byRole(role: Role) {
    return this.repo.byRole(role);
  }

  async validateMobile(mobileNumber: string) {
    const valid = MOBILE_NUMBER_PATTERN.test(mobileNumber);
    const existing = valid ? await this.repo.byPhone(mobileNumber) : null;
    return { mobileNumber, valid, exists: existing !== null, userId: existing?.id ?? null };
  }

  async create(actor: Actor, input: CreateUser): Promise<{ user: User; message: string }> {
    if (await this.repo.byPhone(input.phone)) throw AppError.of(409, 'userExists', { mobileNumber: input.phone });
    const id = crypto.randomUUID();
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.repo.insert(tx, { id, ...input, roles: uniqueRoles(input.roles) });
        return { activity: { action: 'user.create', entityType: 'user', entityId: id, after: input } };
      },
      onError: phoneTaken(input.phone),
    });
    const user = await this.repo.byId(id);
    if (!user) throw missingUser();
    return { user, message: fillMessage(MESSAGES.userCreated, { name: displayName(input) }) };
  }

  /** Updates a user at the version the editor saw; deactivating ends all their sessions at once. */
  async update(actor: Actor, input: UpdateUser): Promise<{ user: User; message: string }> {
    const { userId, version, ...values } = input;
    await changeAggregate(
      this.db,
      this.users,
      { actor, id: userId, version },
      {
        check: async (tx) => {
          if (userId === actor.userId && !values.active) throw AppError.of(409, 'cannotDeactivateSelf');
          const owner = await this.repo.byPhone(values.phone, tx);
          if (owner && owner.id !== userId) throw AppError.of(409, 'userExists', { mobileNumber: values.phone });
        },
        apply: async ({ tx }) => {
          const before = await this.repo.byId(userId, tx);
          await this.repo.update(tx, userId, { ...values, roles: uniqueRoles(values.roles) });
          if (!values.active) await this.sessions.endAllForUser(userId, tx);
          return { activity: { action: 'user.update', entityType: 'user', entityId: userId, before, after: values } };
        },
        onError: phoneTaken(values.phone),
      },
    );
    const user = await this.repo.byId(userId);
    if (!user) throw missingUser();
    return { user, message: fillMessage(MESSAGES.userUpdated, { name: displayName(values) }) };
  }
}
