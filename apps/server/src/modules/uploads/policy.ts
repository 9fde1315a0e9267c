import { allowedTo, can, definePolicy } from '../../lib/policy';

/**
 * The staff console's uploads. Whoever edits lessons may send files; an upload is seen and used by the school's
 * administrators and by the staff member who sent it (another instructor's is 404, like another school's).
 */
export const uploadPolicy = definePolicy({
  schoolOf: (upload: { schoolId: number; ownerId: number | null }) => upload.schoolId,
  visible: (actor, upload) => can(actor, 'course.create') || (actor.userId !== null && upload.ownerId === actor.userId),
  verbs: { read: allowedTo('course.update'), use: allowedTo('course.update'), cancel: allowedTo('course.update') },
});

export const uploadCreationPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { create: allowedTo('course.update') },
});
