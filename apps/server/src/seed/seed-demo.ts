import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { CERTIFICATION_STATEMENT } from '@school/shared/certificates/rules';
import type { Db } from '../db/client';
import { auditLog, certificationSignatures, classes, compliancePeriods, courseInstructors, courses, coursewareProgress, coursewares, enrollments, examAnswers, examQuestions, examSubmissions, exams, kycIds, kycSubmissions, kycTemplates, ibpChapters, modules, lawSchools, mcleProfiles, notifications, phCities, schoolDomains, schoolMemberships, schoolSocials, schools, students, users } from '../db/schema/index';
import { hashPassword } from '../lib/crypto';
import { acmeCategories, acmeCourses, acmeLecturers, demoBundles, demoCategories, demoCourses, demoLecturers } from './demo-catalogue';
import { DEMO_PASSWORD, DEMO_PRIMARY_ID, demoAccounts, demoInstructorCourses, demoKycTemplates, demoNotifications, demoSchoolHosts, demoSchools } from './demo-data';
import { seedCatalogue } from './seed-catalogue';
import { seedDemoPayments, seedDemoCashPayment } from './demo-payments';
import { seedDemoForum } from './forum-demo';
import { seedDemoHistory } from './demo-history';
import { seedDemoMessages } from './messages-demo';
import { seedDemoNotifications } from './notifications-demo';
import { demoPeriodWords, withPeriod } from './demo-period';
import { seedWaitingAnswers } from './demo-grading';

/** Loads the demo schools and accounts once; a later start finds them and leaves the data as it is. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: schools.id }).from(schools).where(eq(schools.domain, 'demo')).limit(1);
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const words = await demoPeriodWords(db, today());
  const say = (text: string) => withPeriod(text, words);
  await db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const { socials, ...school } of demoSchools) {
      const announcement = { announcementTitle: school.announcementTitle && say(school.announcementTitle), announcementBody: school.announcementBody && say(school.announcementBody) };
      const [row] = await tx.insert(schools).values({ ...school, ...announcement }).returning({ id: schools.id });
      ids.set(school.domain, row!.id);
      const hosts = demoSchoolHosts[school.domain] ?? [];
      if (hosts.length) await tx.insert(schoolDomains).values(hosts.map((host) => ({ schoolId: row!.id, host })));
      const entries = Object.entries(socials).map(([label, url]) => ({ schoolId: row!.id, label, url }));
      if (entries.length) await tx.insert(schoolSocials).values(entries);
    }
    await seedKycTemplates(tx, ids.get('demo')!);
    await seedCatalogue(tx, ids.get('demo')!, { categories: demoCategories, lecturers: demoLecturers, courses: demoCourses, bundles: demoBundles.map((b) => ({ ...b, name: say(b.name), description: say(b.description) })) });
    await seedCatalogue(tx, ids.get('acme')!, { categories: acmeCategories, lecturers: acmeLecturers, courses: acmeCourses });
    for (const account of demoAccounts) {
      const [user] = await tx
        .insert(users)
        .values({
          username: account.username,
          email: account.email,
          passwordHash,
          role: account.role,
          schoolId: account.school && ids.get(account.school)!,
          isVerified: account.verified,
          firstName: account.firstName,
          middleName: account.middleName,
          lastName: account.lastName,
          ...(account.complete ? { mobileNumber: '9170000001', countryCode: '63' } : {}),
        })
        .returning({ id: users.id });
      if (account.username === 'student') {
        await tx.insert(notifications).values(demoNotifications.map((description) => ({ userId: user!.id, description: say(description) })));
      }
      if (account.role === 'SA' || account.role === 'IN') {
        await tx.insert(schoolMemberships).values({ userId: user!.id, schoolId: ids.get(account.school)!, role: account.role });
      }
      if (account.role === 'ST') {
        const [student] = await tx.insert(students).values({
          userId: user!.id,
          ...(account.complete
            ? { step: null, infoSubmitted: true, birthday: '1990-05-14', gender: 'F' as const, occupationType: 'P' as const, organization: 'Reyes & Associates', position: 'Associate' }
            : {}),
        }).returning({ id: students.id });
        if (account.complete) await tx.insert(mcleProfiles).values({ ...(await demoMcleProfile(tx)), studentId: student!.id });
      }
      if (account.username === 'verifying') {
        await awaitManualReview(tx, ids.get('demo')!, user!.id);
        await seedWaitingAnswers(tx, ids.get('demo')!, user!.id);
        await seedDemoCashPayment(tx, ids.get('demo')!, user!.id);
      }
      if (account.username === 'student') {
        await enrolDemoStudent(tx, ids.get('demo')!, user!.id);
        await seedDemoPayments(tx, ids.get('demo')!, user!.id);
      }
    }
    await assignDemoInstructor(tx, ids.get('demo')!);
    await seedDemoAudit(tx, ids.get('demo')!);
    await seedDemoHistory(tx, ids.get('demo')!, passwordHash);
    await seedDemoForum(tx, ids.get('demo')!, passwordHash, words);
    const [student] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'student'));
    if (student) await seedDemoNotifications(tx, ids.get('demo')!, student.id);
    if (student) await seedDemoMessages(tx, ids.get('demo')!, student.id);
  });
  return true;
}

/** demo-instructor teaches some of Juris Academy's courses (and may edit and grade those only). */
async function assignDemoInstructor(db: Db, schoolId: number) {
  const [instructor] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo-instructor'));
  const assigned = await db.select({ id: courses.id }).from(courses).where(and(eq(courses.schoolId, schoolId), inArray(courses.name, demoInstructorCourses)));
  await db.insert(courseInstructors).values(assigned.map((course) => ({ courseId: course.id, userId: instructor!.id })));
}

/** A few staff writes in the audit log, so that its screen and GET /staff/audit/ show something at once. */
async function seedDemoAudit(db: Db, schoolId: number) {
  const person = async (username: string) => (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  const course = async (name: string) => (await db.select().from(courses).where(and(eq(courses.schoolId, schoolId), eq(courses.name, name))))[0]!;
  const [admin, instructor] = [await person('demo-admin'), await person('demo-instructor')];
  const draft = await course('Notarial Practice Update (draft)');
  const evidence = await course('Revised Rules on Evidence');
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
  await db.update(courses).set({ updatedById: admin, version: 2 }).where(eq(courses.id, draft.id));
  await db.update(courses).set({ updatedById: instructor, version: 2 }).where(eq(courses.id, evidence.id));
  const seeded = { clientAddress: '127.0.0.1', requestId: 'demo-seed', schoolId };
  await db.insert(auditLog).values([
    { ...seeded, actorId: admin, action: 'course.create', subjectType: 'course', subjectId: draft.id, changes: { name: { before: null, after: draft.name } }, createdAt: at(50) },
    { ...seeded, actorId: admin, action: 'course.update', subjectType: 'course', subjectId: draft.id, changes: { description: { before: '', after: draft.description } }, createdAt: at(49) },
    { ...seeded, actorId: instructor, action: 'course.update', subjectType: 'course', subjectId: evidence.id, changes: { pdf_download: { before: true, after: false } }, createdAt: at(26) },
  ]);
}

/**
 * The complete student already studies two courses, so that My Courses, the player and My Classes show
 * something at once: a class-only course in its Saturday class (paid), and a free course with a live class.
 */
async function enrolDemoStudent(db: Db, schoolId: number, userId: number) {
  const course = async (name: string) => (await db.select().from(courses).where(and(eq(courses.schoolId, schoolId), eq(courses.name, name))).limit(1))[0]!;
  const crossExamination = await course('Effective Cross-Examination');
  const [saturday] = await db.select().from(classes).where(and(eq(classes.courseId, crossExamination.id), eq(classes.name, 'Saturday Morning Class'))).limit(1);
  const eFiling = await course('E-Filing and Videoconference Hearings');
  const ethics = await course('Code of Professional Responsibility and Accountability');
  const [period] = await db.select({ id: compliancePeriods.id }).from(compliancePeriods).where(and(lte(compliancePeriods.dateStart, today()), gte(compliancePeriods.dateEnd, today()))).limit(1);
  const completedAt = new Date(Date.now() - 3 * 86_400_000);
  const done = { progress: 100, dateCompleted: completedAt, compliancePeriodId: period?.id ?? null };
  const rows = await db
    .insert(enrollments)
    .values([
      { userId, schoolId, courseId: crossExamination.id, classId: saturday!.id, status: 'paid' },
      { userId, schoolId, courseId: eFiling.id, status: 'free', ...done },
      { userId, schoolId, courseId: ethics.id, status: 'free', ...done },
    ])
    .returning({ id: enrollments.id, courseId: enrollments.courseId });
  // Two finished courses in two MCLE areas (legal ethics, other subjects), evaluated and their statements signed:
  // the first start issues their certificates (the certificates' sweep), so My Certificates, the tracker and the
  // average rating are filled in.
  const ratings = new Map([
    [ethics.id, 'Excellent'],
    [eFiling.id, 'Very good'],
  ]);
  for (const finished of rows.filter((r) => r.courseId !== crossExamination.id)) {
    const wares = await db
      .select({ id: coursewares.id })
      .from(coursewares)
      .innerJoin(modules, eq(modules.id, coursewares.moduleId))
      .where(eq(modules.courseId, finished.courseId));
    if (wares.length) await db.insert(coursewareProgress).values(wares.map((w) => ({ schoolId, enrollmentId: finished.id, coursewareId: w.id, completedAt, openedAt: completedAt })));
    await db.insert(certificationSignatures).values({
      schoolId,
      enrollmentId: finished.id,
      userId,
      fullName: 'Maria Santos Reyes',
      signatureKey: 'seed/demo/signature.png',
      statement: CERTIFICATION_STATEMENT,
      ip: '127.0.0.1',
      userAgent: 'demo seed',
      signedAt: completedAt,
    });
    await evaluate(db, schoolId, finished, ratings.get(finished.courseId)!, completedAt);
  }
}

/** The course's evaluation survey, submitted with its rating question answered. */
async function evaluate(db: Db, schoolId: number, enrollment: { id: number; courseId: number }, rating: string, submittedAt: Date) {
  const [question] = await db
    .select({ id: examQuestions.id, examId: examQuestions.examId })
    .from(examQuestions)
    .innerJoin(exams, eq(exams.id, examQuestions.examId))
    .innerJoin(coursewares, eq(coursewares.id, exams.coursewareId))
    .innerJoin(modules, eq(modules.id, coursewares.moduleId))
    .where(and(eq(modules.courseId, enrollment.courseId), eq(examQuestions.rating, true)))
    .limit(1);
  if (!question) return;
  const [submission] = await db
    .insert(examSubmissions)
    .values({ schoolId, examId: question.examId, enrollmentId: enrollment.id, attempt: 1, startedAt: submittedAt, submittedAt, passed: true })
    .returning({ id: examSubmissions.id });
  await db.insert(examAnswers).values({ schoolId, submissionId: submission!.id, questionId: question.id, answer: [rating] });
}

const today = () => new Date().toISOString().slice(0, 10);

/** `verifying` sent an IBP ID and a selfie for manual verification: the administrators' review queue has them. */
async function awaitManualReview(db: Db, schoolId: number, userId: number) {
  const [ibp] = await db.select({ id: kycTemplates.id }).from(kycTemplates).where(and(eq(kycTemplates.schoolId, schoolId), eq(kycTemplates.templateName, DEMO_PRIMARY_ID)));
  const [submission] = await db
    .insert(kycSubmissions)
    .values({ schoolId, userId, mode: 'manual', status: 'manual', selfieKey: 'seed/private/kyc/selfie.jpg', createdAt: new Date(Date.now() - 2 * 3_600_000) })
    .returning({ id: kycSubmissions.id });
  await db.insert(kycIds).values({ schoolId, userId, position: 0, templateId: ibp!.id, submissionId: submission!.id, photoKey: 'seed/private/kyc/ibp-id.jpg' });
}

/** The school's ID kinds, and its primary ID among them. */
async function seedKycTemplates(db: Db, schoolId: number) {
  const rows = await db
    .insert(kycTemplates)
    .values(demoKycTemplates.map((templateName, position) => ({ schoolId, templateName, position })))
    .returning();
  const [school] = await db.select({ products: schools.products }).from(schools).where(eq(schools.id, schoolId));
  const primary = rows.find((r) => r.templateName === DEMO_PRIMARY_ID)!;
  await db.update(schools).set({ products: { ...school!.products, primary_id: primary.id } }).where(eq(schools.id, schoolId));
}

/** The complete student's MCLE profile: a Makati lawyer (the lookups are loaded before the seed). */
async function demoMcleProfile(db: Db) {
  const [chapter] = await db.select({ id: ibpChapters.id }).from(ibpChapters).where(eq(ibpChapters.name, 'Makati City'));
  const [school] = await db.select({ id: lawSchools.id }).from(lawSchools).where(eq(lawSchools.name, 'University of the Philippines College of Law'));
  const [makati] = await db.select().from(phCities).where(and(eq(phCities.provinceCode, '1300000000'), eq(phCities.name, 'Makati City')));
  return {
    rollNumber: '68421',
    ibpChapterId: chapter!.id,
    ibpLifetimeNo: '015872',
    yearAdmitted: 2016,
    lawSchoolId: school!.id,
    company: 'Reyes & Associates',
    position: 'Associate',
    address: '12th Floor, Ayala Tower One, Ayala Avenue',
    regionCode: '1300000000',
    provinceCode: '1300000000',
    cityCode: makati!.code,
    zipCode: '1226',
    civilStatus: 'Single' as const,
    consentedAt: new Date(),
  };
}
