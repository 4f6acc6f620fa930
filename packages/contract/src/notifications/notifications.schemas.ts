import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'INFO',
  'SUCCESS',
  'WARNING',
  'ERROR',
  'SUBJECT',
  'UPLOAD',
  'TRANSCODING',
  'USER',
] as const;
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);

export const NotificationSchema = z.object({
  notificationId: z.string(),
  type: NotificationTypeSchema,
  title: z.string(),
  body: z.string().nullable(),
  /** a console route to open, if any */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread: z.number().int(),
});

export const MarkReadBodySchema = z.strictObject({
  /** the notifications to mark read; omitted or empty marks all of them */
  notificationIds: z.array(z.string().max(64)).max(500).optional(),
});
export const MarkReadResponseSchema = z.object({ updated: z.number().int() });
