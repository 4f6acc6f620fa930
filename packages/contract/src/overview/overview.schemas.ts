import { z } from 'zod';

export const OverviewFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  /** a console route with more detail */
  link: z.string().nullable(),
});

export const OverviewSchema = z.object({
  userName: z.string(),
  roles: z.array(z.string()),
  lastSignInAt: z.string().nullable(),
  figures: z.array(OverviewFigureSchema),
});
export type Overview = z.infer<typeof OverviewSchema>;
