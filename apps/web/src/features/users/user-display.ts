import { ROLE_LABELS, RoleSchema } from '@lectern/contract';

/** 'First Last' of a staff user (a user may have no last name). */
export function fullName(user: { userProfile: { firstName: string; lastName: string } }): string {
  return `${user.userProfile.firstName} ${user.userProfile.lastName}`.trim();
}

/** The human label of a role code, or the code itself when it is not one we know. */
export function roleLabel(role: string): string {
  const parsed = RoleSchema.safeParse(role);
  return parsed.success ? ROLE_LABELS[parsed.data] : role;
}

/**
 * A field's message as a sentence: the contract's schemas say 'is required' or 'must be ...', to be
 * read after the field's label; other messages are capitalised.
 */
export function fieldMessage(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const sentence = /^(is|must) /.test(message)
    ? `${label} ${message}`
    : message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
