import { classes, coursewareProgress, enrollments, examQuestions, exams, forumAnswers, forumComments, forumQuestions, paymentTransactions, videoQuestions } from '../../src/db/schema/index';
import { todayIn } from '@school/shared/school/dates';
import { createBundle, createCourse, createOutline, createSchool, createStaff, createStudent } from './factories';
import { createLiveClass } from './schedule-factories';
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
  const [courseware, ivideo, examWare] = await createOutline(db, course, [{ type: 'html' }, { type: 'ivideo', file: 'seed/private/lessons/lecture.webm', mediaSeconds: 30 }, { type: 'exam' }]);
  const [exam] = await db.insert(exams).values({ schoolId: school.id, coursewareId: examWare!.id }).returning();
  const [examQuestion] = await db.insert(examQuestions).values({ schoolId: school.id, examId: exam!.id, position: 0, type: 'text', text: 'Q' }).returning();
  const [question] = await db.insert(videoQuestions).values({ schoolId: school.id, coursewareId: ivideo!.id, type: 'radio', timestamp: 1, content: 'Q', choices: ['a', 'b'], correctAnswer: ['a'] }).returning();
  // A live class running all day, for the attendance call (reached by its room's code).
  const live = await createLiveClass(db, course, { date: todayIn(school.timeZone), startTime: '00:00', endTime: '23:59:59' });
  const account = async (make: () => ReturnType<typeof createStudent> | ReturnType<typeof createStaff>) => {
    const made = await make();
    return { userId: made.user.id, studentId: 'student' in made ? made.student.id : 0, token: made.token };
  };
  const made = {
    id: school.id,
    host: school.host,
    course: course.id,
    hiddenCourse: hiddenCourse.id,
    classId: cls!.id,
    bundle: bundle.id,
    hiddenBundle: hiddenBundle.id,
    courseware: courseware!.id,
    exam: exam!.id,
    examQuestion: examQuestion!.id,
    videoQuestion: question!.id,
    roomCode: live.code,
    student: await account(() => createStudent(db, { school })),
    admin: await account(() => createStaff(db, { school })),
    instructor: await account(() => createStaff(db, { school, role: 'IN' })),
  };
  // The student studies the course: the player's calls have an enrolment and an opened courseware to reach.
  const [enrolment] = await db.insert(enrollments).values({ schoolId: school.id, userId: made.student.userId, courseId: course.id, status: 'free' }).returning();
  await db.insert(coursewareProgress).values([courseware!, examWare!, live.courseware].map((w) => ({ schoolId: school.id, enrollmentId: enrolment!.id, coursewareId: w.id })));
  // And has an over-the-counter payment waiting for a paid course, for the payment calls.
  const paid = await createCourse(db, { school, fee: 10_000 });
  const [txn] = await db
    .insert(paymentTransactions)
    .values({
      schoolId: school.id,
      userId: made.student.userId,
      contentType: 'course',
      courseId: paid.id,
      status: 'Pending',
      subtotal: 8929,
      tax: 1071,
      fee: 2500,
      discount: 0,
      coins: 0,
      amount: 12_500,
      processorType: 'otc_nonbank',
      processor: '7-Eleven',
      channelCode: '7eleven',
      gateway: 'sandbox',
      reference: `ref${school.id}xxxxxxxxxxxxxxxxxxxxx`,
      refCode: `${10_000_000_000_000 + school.id}`,
      expiresAt: new Date(Date.now() + 86_400_000),
      idempotencyKey: `key-${school.id}`,
      requestHash: 'x',
    })
    .returning({ id: paymentTransactions.id });
  // A forum topic: the student's question, the administrator's answer, a comment on each.
  const post = { body: 'Post', bodyHtml: '<p>Post</p>', bodyText: 'Post' };
  const [forumQuestion] = await db.insert(forumQuestions).values({ schoolId: school.id, userId: made.student.userId, title: 'Question', tags: ['tag'], answerCount: 1, ...post }).returning();
  const [forumAnswer] = await db.insert(forumAnswers).values({ schoolId: school.id, questionId: forumQuestion!.id, userId: made.admin.userId, ...post }).returning();
  const [questionComment, answerComment] = await db
    .insert(forumComments)
    .values([
      { schoolId: school.id, questionId: forumQuestion!.id, userId: made.admin.userId, body: 'Comment', bodyHtml: '<p>Comment</p>' },
      { schoolId: school.id, questionId: forumQuestion!.id, answerId: forumAnswer!.id, userId: made.student.userId, body: 'Comment', bodyHtml: '<p>Comment</p>' },
    ])
    .returning();
  const forum = { question: forumQuestion!.id, answer: forumAnswer!.id, questionComment: questionComment!.id, answerComment: answerComment!.id };
  return { ...made, enrollment: enrolment!.id, transaction: txn!.id, forum };
}
export type TestSchool = Awaited<ReturnType<typeof makeSchool>>;
