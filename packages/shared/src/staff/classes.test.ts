import { describe, expect, it } from 'vitest';
import { classBodyOf, classFieldsSchema, classMessages, classSessionSchema, type StaffClass } from './classes';
import { outlineMessages } from './outline';

const session = { date: '2026-12-05', start_time: '09:00', end_time: '12:00', instructor: 'Atty. Cruz', type: 'Online' };
const messages = (input: unknown, schema: typeof classSessionSchema | typeof classFieldsSchema = classSessionSchema) => schema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('a class session', () => {
  it('ends after it starts; a malformed time has only its own message', () => {
    expect(classSessionSchema.safeParse(session).success).toBe(true);
    expect(messages({ ...session, end_time: '09:00' })).toEqual([['end_time', classMessages.endBeforeStart]]);
    expect(messages({ ...session, start_time: '9am' })).toEqual([['start_time', outlineMessages.clock]]);
    expect(messages({ ...session, instructor: '  ' })).toEqual([['instructor', classMessages.instructor]]);
  });

  it('names each existing session once in a class', () => {
    expect(messages({ name: 'A', sessions: [{ ...session, id: 4 }, { ...session, id: 4 }] }, classFieldsSchema)).toEqual([['sessions', classMessages.unknownSession]]);
    expect(classFieldsSchema.safeParse({ name: 'A', sessions: [session, session, { ...session, id: 4 }] }).success).toBe(true);
  });

  it('writes a class back whole with the sessions given', () => {
    const cls: StaffClass = { id: 1, name: 'Saturday', fee: 100, enrolments: 0, version: 2, sessions: [{ ...session, id: 9, type: 'Online' }] };
    expect(classBodyOf(cls)).toEqual({ name: 'Saturday', fee: 100, sessions: cls.sessions });
    expect(classBodyOf(cls, [])).toEqual({ name: 'Saturday', fee: 100, sessions: [] });
  });
});
