import { can, definePolicy } from '../../lib/policy';
import { exporters } from './exporters';
import type { ExportRow } from './repository';

/** An export is its requester's: anybody else, at the school or not, finds no such file. */
export const exportPolicy = definePolicy({
  schoolOf: (row: Pick<ExportRow, 'schoolId'>) => row.schoolId,
  visible: (actor, row: Pick<ExportRow, 'schoolId' | 'requestedBy' | 'kind'>) => actor.userId === row.requestedBy,
  verbs: { download: (actor, row) => row.kind in exporters && can(actor, exporters[row.kind as keyof typeof exporters].permission) },
});
