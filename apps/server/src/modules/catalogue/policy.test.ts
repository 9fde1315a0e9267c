import { describe, expect, it } from 'vitest';
import { anonymous, type Actor } from '../../lib/policy';
import { bundlePolicy, classPolicy, coursePolicy } from './policy';

const SCHOOL = 1;
const actors: Record<string, Actor> = {
  anonymous: { ...anonymous, schoolId: SCHOOL },
  student: { userId: 1, role: 'ST', schoolId: SCHOOL, staffRole: null },
  instructor: { userId: 2, role: 'IN', schoolId: SCHOOL, staffRole: 'IN' },
  admin: { userId: 3, role: 'SA', schoolId: SCHOOL, staffRole: 'SA' },
  superuser: { userId: 4, role: 'SU', schoolId: SCHOOL, staffRole: 'SU' },
  // An administrator of another school, through this school's site: no membership here.
  otherAdmin: { userId: 5, role: 'SA', schoolId: SCHOOL, staffRole: null },
};
const published = { schoolId: SCHOOL, isPublished: true };
const unpublished = { schoolId: SCHOOL, isPublished: false };
const elsewhere = { schoolId: 2, isPublished: true };
const who = (pred: (actor: Actor) => boolean) => Object.keys(actors).filter((name) => pred(actors[name]!));

describe('coursePolicy', () => {
  it('view: a published course, everybody at its school', () => {
    expect(who((a) => coursePolicy.can(a, 'view', published))).toEqual(Object.keys(actors));
  });
  it('view: an unpublished course, only staff of its school', () => {
    expect(who((a) => coursePolicy.can(a, 'view', unpublished))).toEqual(['instructor', 'admin', 'superuser']);
  });
  it("view: another school's course, nobody", () => {
    expect(who((a) => coursePolicy.can(a, 'view', elsewhere))).toEqual([]);
  });
  it('enrol: students only, with the spec\'s refusal for the others', () => {
    expect(who((a) => coursePolicy.can(a, 'enrol', published))).toEqual(['student']);
    expect(() => coursePolicy.authorize(actors.admin!, 'enrol', published)).toThrow(/register as a student/);
  });
  it('preview: staff of the school', () => {
    expect(who((a) => coursePolicy.can(a, 'preview', published))).toEqual(['instructor', 'admin', 'superuser']);
  });
  it('edit: administrators of the school and superusers; an instructor only a course assigned to them', () => {
    expect(who((a) => coursePolicy.can(a, 'edit', published))).toEqual(['admin', 'superuser']);
    expect(who((a) => coursePolicy.can(a, 'edit', { ...published, instructorIds: [2] }))).toEqual(['instructor', 'admin', 'superuser']);
    expect(who((a) => coursePolicy.can(a, 'edit', { ...elsewhere, instructorIds: [2] }))).toEqual([]);
  });
});

describe('bundlePolicy', () => {
  it('view, enrol and edit follow the course rules', () => {
    expect(who((a) => bundlePolicy.can(a, 'view', unpublished))).toEqual(['instructor', 'admin', 'superuser']);
    expect(who((a) => bundlePolicy.can(a, 'enrol', published))).toEqual(['student']);
    expect(who((a) => bundlePolicy.can(a, 'edit', published))).toEqual(['admin', 'superuser']);
  });
});

describe('classPolicy', () => {
  it("a class is seen where its course is", () => {
    expect(who((a) => classPolicy.can(a, 'view', published))).toEqual(Object.keys(actors));
    expect(who((a) => classPolicy.can(a, 'view', unpublished))).toEqual(['instructor', 'admin', 'superuser']);
    expect(who((a) => classPolicy.can(a, 'view', elsewhere))).toEqual([]);
  });
});
