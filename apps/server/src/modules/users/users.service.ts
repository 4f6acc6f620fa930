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
import { recordActivity } from '../../lib/activity';
import { AppError, notFound, staleVersion } from '../../lib/app-error';
import type { SessionService } from '../auth/session.service';
import type { UsersRepository } from './users.repository';

type CreateUser = z.output<typeof CreateUserBodySchema>;
type UpdateUser = z.output<typeof UpdateUserBodySchema>;

const displayName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
const uniqueRoles = (roles: Role[]) => [...new Set(roles)];

function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** User management: staff accounts and their roles. */
export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly repo: UsersRepository,
    private readonly sessions: SessionService,
  ) {}

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

  async create(actorId: string, input: CreateUser): Promise<{ user: User; message: string }> {
    if (await this.repo.byPhone(input.phone)) throw AppError.of(409, 'userExists', { mobileNumber: input.phone });
    const id = crypto.randomUUID();
    try {
      await this.db.transaction(async (tx) => {
        await this.repo.insert(tx, { id, ...input, roles: uniqueRoles(input.roles) });
        await recordActivity(tx, { actorId, action: 'user.create', entityType: 'user', entityId: id, after: input });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.of(409, 'userExists', { mobileNumber: input.phone });
      throw error;
    }
    const user = await this.repo.byId(id);
    if (!user) throw notFound('that user');
    return { user, message: fillMessage(MESSAGES.userCreated, { name: displayName(input) }) };
  }

  /** Updates a user at the version the editor saw; deactivating ends all their sessions at once. */
  async update(actorId: string, input: UpdateUser): Promise<{ user: User; message: string }> {
    const before = await this.repo.byId(input.userId);
    if (!before) throw notFound('that user');
    if (input.userId === actorId && !input.active) throw AppError.of(409, 'cannotDeactivateSelf');
    const owner = await this.repo.byPhone(input.phone);
    if (owner && owner.id !== input.userId) throw AppError.of(409, 'userExists', { mobileNumber: input.phone });
    const { userId, version, ...values } = input;
    try {
      await this.db.transaction(async (tx) => {
        const ok = await this.repo.update(tx, userId, version, { ...values, roles: uniqueRoles(values.roles) });
        if (!ok) throw staleVersion('user');
        if (!values.active) await this.sessions.endAllForUser(userId, tx);
        await recordActivity(tx, {
          actorId,
          action: 'user.update',
          entityType: 'user',
          entityId: userId,
          before,
          after: values,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.of(409, 'userExists', { mobileNumber: input.phone });
      throw error;
    }
    const user = await this.repo.byId(userId);
    if (!user) throw notFound('that user');
    return { user, message: fillMessage(MESSAGES.userUpdated, { name: displayName(values) }) };
  }
}
