import { gateCodes, gateRefusals } from '@school/shared/catalogue/rules';
import { forbidden } from '../../lib/errors';
import { allowedOnCourse, allowedTo, definePolicy, isStaff, isStudent, type Actor } from '../../lib/policy';

interface Listing {
  schoolId: number;
  isPublished: boolean;
  /** Whether the caller is enrolled: a course taken out of the catalogue stays theirs. */
  enrolled?: boolean;
}

interface CourseListing extends Listing {
  /** The instructors assigned to the course: an instructor's course permissions hold on these courses only. */
  instructorIds?: number[];
}


/** An unpublished course or bundle exists only for its school's staff and the students already enrolled in it. */
const visible = (actor: Actor, item: Listing) => item.isPublished || isStaff(actor) || item.enrolled === true;
const enrol = (actor: Actor) => isStudent(actor);
/** Only students enrol: a staff account is never a student (spec 2 §4 step 3). */
const refusal = { enrol: () => forbidden(gateRefusals.not_student, gateCodes.not_student) };

export const coursePolicy = definePolicy({
  schoolOf: (course: CourseListing) => course.schoolId,
  visible,
  verbs: {
    view: () => true,
    enrol,
    /** Staff open the player straight at the first courseware, without enrolling. */
    preview: (actor) => isStaff(actor),
    edit: allowedOnCourse('course.update'),
  },
  refusal,
});

export const bundlePolicy = definePolicy({
  schoolOf: (bundle: Listing) => bundle.schoolId,
  visible,
  verbs: {
    view: () => true,
    enrol,
    edit: allowedTo('course.create'),
  },
  refusal,
});

/** A class's schedule is public while its course is. */
export const classPolicy = definePolicy({
  schoolOf: (cls: Listing) => cls.schoolId,
  visible,
  verbs: { view: () => true },
});

/**
 * A course in the staff console. An instructor reaches the courses assigned to them; another course of the school
 * answers 403 while it is published (it is on the site anyway) and 404 while it is a draft.
 */
export const staffCoursePolicy = definePolicy({
  schoolOf: (course: CourseListing) => course.schoolId,
  visible: (actor, course) => course.isPublished || allowedOnCourse('course.update')(actor, course),
  verbs: {
    read: allowedOnCourse('course.update'),
    update: allowedOnCourse('course.update'),
    publish: allowedOnCourse('course.publish'),
    delete: allowedOnCourse('course.delete'),
    /** Its exams' and surveys' settings and questions. */
    editExams: allowedOnCourse('exam.update'),
    duplicate: allowedTo('course.create'),
    /** Who teaches the course: the school's administrators decide. */
    assign: allowedTo('member.manage'),
  },
});

/** What is asked of the site's school as a whole: creating a course (or a lecturer), listing its instructors and lecturers. */
export const courseCreationPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { create: allowedTo('course.create'), assign: allowedTo('member.manage'), name: allowedTo('course.update') },
});
