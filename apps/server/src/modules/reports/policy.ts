import { allowedTo, definePolicy } from '../../lib/policy';

/** The school's figures are for those who read its reports (its administrators). */
export const reportPolicy = definePolicy({ schoolOf: (school: { id: number }) => school.id, verbs: { read: allowedTo('report.read') } });
