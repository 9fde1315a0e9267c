import { z } from 'zod';

/** Two periods side by side: the last 7 days and the 7 before them. */
const compared = z.object({ last_7_days: z.number(), previous_7_days: z.number() });

/** The dashboard's week: enrolments made and revenue (pesos paid, less refunds made) in the last 7 days against the 7 before. */
export const weekActivitySchema = z.object({ enrolments: compared, revenue: compared });
export type WeekActivity = z.infer<typeof weekActivitySchema>;

/** "+3 on the 7 days before", "−P1,200.00 …", "the same as …": how a figure moved, in words. */
export function movement(now: number, before: number, format: (n: number) => string = String) {
  if (now === before) return 'the same as the 7 days before';
  const sign = now > before ? '+' : '−';
  return `${sign}${format(Math.abs(now - before))} on the 7 days before`;
}
