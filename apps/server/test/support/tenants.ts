import { classes } from '../../src/db/schema/index';
import { createBundle, createCourse, createSchool, createStaff, createStudent } from './factories';
import type { TestServer } from './server';

/**
 * A school of its own with its own host, for the isolation tests: a published course with a class and a
 * bundle of it, an unpublished course and bundle, a student, an administrator and an instructor.
 */
export async function makeSchool(server: TestServer) {
  const db = server.database.db;
  const school = await createSchool(db);
  const course = await createCourse(db, { school });
  const hiddenCourse = await createCourse(db, { school, isPublished: false });
  const [cls] = await db.insert(classes).values({ schoolId: school.id, courseId: course.id, name: 'Class' }).returning({ id: classes.id });
  const bundle = await createBundle(db, { school, courses: [course] });
  const hiddenBundle = await createBundle(db, { school, courses: [], isPublished: false });
  const account = async (make: () => ReturnType<typeof createStudent> | ReturnType<typeof createStaff>) => {
    const made = await make();
    return { userId: made.user.id, studentId: 'student' in made ? made.student.id : 0, token: made.token };
  };
  return {
    id: school.id,
    host: school.host,
    course: course.id,
    hiddenCourse: hiddenCourse.id,
    classId: cls!.id,
    bundle: bundle.id,
    hiddenBundle: hiddenBundle.id,
    student: await account(() => createStudent(db, { school })),
    admin: await account(() => createStaff(db, { school })),
    instructor: await account(() => createStaff(db, { school, role: 'IN' })),
  };
}
export type TestSchool = Awaited<ReturnType<typeof makeSchool>>;
