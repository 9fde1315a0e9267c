import type { StaffMessage } from '@school/shared/staff/messages';

/** "3 (2 by e-mail)": whom a message reached. */
export const reachOf = (m: Pick<StaffMessage, 'recipients' | 'emailed'>) => `${m.recipients} (${m.emailed} by e-mail)`;
