import { allowedTo, can, definePolicy, type Actor } from '../../lib/policy';

/** The school's figures (money included) are its administrators'; the dashboard's week is theirs alone. */
export const reportPolicy = definePolicy({ schoolOf: (school: { id: number }) => school.id, verbs: { read: allowedTo('report.read') } });

/** The reports of courses: the whole school's for administrators, an instructor's assigned courses' (no money). */
export const courseReportPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { read: (actor) => can(actor, 'report.read') || can(actor, 'report.course') },
});

/** Whose courses a report covers: the school's (null), or an instructor's only, without money. */
export interface ReportScope {
  instructorId: number | null;
}

export const reportScopeOf = (actor: Actor): ReportScope => ({ instructorId: can(actor, 'report.read') ? null : actor.userId });
