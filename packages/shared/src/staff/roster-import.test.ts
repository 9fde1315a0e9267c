import { describe, expect, it } from 'vitest';
import { countOutcomes, importMessages, planImport } from './roster-import';

const known = (over: Partial<Parameters<typeof planImport>[1]> = {}) => ({
  classes: new Map([['saturday class', 1]]),
  classOnly: false,
  accounts: new Map([
    ['maria@example.com', { student: true, enrolled: false }],
    ['jose@example.com', { student: true, enrolled: true }],
    ['admin@example.com', { student: false, enrolled: false }],
  ]),
  ...over,
});
const line = (n: number, email: string, className = '') => ({ line: n, email, className });

describe('planImport', () => {
  it('invites a new address, enrols an account, leaves one already enrolled, in the file’s order', () => {
    const rows = planImport([line(2, 'New@Example.com '), line(3, 'maria@example.com', 'Saturday Class'), line(4, 'jose@example.com')], known());
    expect(rows.map((r) => [r.line, r.email, r.outcome, r.reason])).toEqual([
      [2, 'new@example.com', 'invite', null],
      [3, 'maria@example.com', 'enrol', null],
      [4, 'jose@example.com', 'already', null],
    ]);
    expect(countOutcomes(rows)).toEqual({ invite: 1, enrol: 1, already: 1, error: 0 });
  });

  it('says why a line is refused: a bad address, a repeat, an unknown class, a missing one, a staff account', () => {
    const rows = planImport([line(2, 'not-an-address'), line(3, 'maria@example.com'), line(4, 'MARIA@example.com'), line(5, 'x@example.com', 'Sunday'), line(6, 'admin@example.com')], known());
    expect(rows.map((r) => r.reason)).toEqual([importMessages.badEmail, null, importMessages.duplicate, importMessages.unknownClass, importMessages.staffAccount]);
    expect(planImport([line(2, 'y@example.com')], known({ classOnly: true }))[0]!.reason).toBe(importMessages.classRequired);
  });
});
