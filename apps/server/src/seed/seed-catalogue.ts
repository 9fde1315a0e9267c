import { slugFor } from '@school/shared/catalogue/rules';
import { isoDate } from '@school/shared/school/dates';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bundleCourses, bundles, categories, classSchedules, classes, conferenceRooms, courses, coursewares, examQuestions, exams, lecturers, modules, subcategories, videoQuestions } from '../db/schema/index';
import { type DemoCourse, demoAssessment, demoOutline } from './demo-catalogue';
import type { McleArea } from '@school/shared/certificates/mcle';

const addDays = (days: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return isoDate(date);
};

/** Loads one school's demo catalogue: categories, lecturers, courses with outlines and classes, bundles. */
/** The demo subcategories' MCLE subject areas; practice management and technology count as other subjects. */
const areaOfSubcategory: Record<string, McleArea> = {
  'Legal Ethics': 'legal_ethics',
  'Trial and Pre-Trial Skills': 'trial_skills',
  'Alternative Dispute Resolution': 'adr',
  'Updates on Substantive and Procedural Laws': 'updates',
  'Legal Writing and Oral Advocacy': 'legal_writing',
  'International Law': 'international',
};
const mcleAreaOf = (subcategory: string): McleArea => areaOfSubcategory[subcategory] ?? 'others';

export async function seedCatalogue(
  db: Db,
  schoolId: number,
  data: { categories: Record<string, string[]>; lecturers: { name: string; title: string }[]; courses: DemoCourse[]; bundles?: { name: string; price: number; image: number; featured: boolean; courses: number[]; description: string }[] },
) {
  const subcategoryIds = new Map<string, number>();
  for (const [category, names] of Object.entries(data.categories)) {
    const [cat] = await db.insert(categories).values({ schoolId, name: category }).returning({ id: categories.id });
    for (const name of names) {
      const [sub] = await db.insert(subcategories).values({ schoolId, categoryId: cat!.id, name }).returning({ id: subcategories.id });
      subcategoryIds.set(name, sub!.id);
    }
  }
  const lecturerIds = await db.insert(lecturers).values(data.lecturers.map((l) => ({ ...l, schoolId }))).returning({ id: lecturers.id });

  const courseIds: number[] = [];
  for (const [index, c] of data.courses.entries()) {
    // Older first, so that "newest" lists the last ones first.
    const createdAt = new Date(Date.now() - (data.courses.length - index) * 86_400_000);
    const [row] = await db
      .insert(courses)
      .values({
        schoolId,
        subcategoryId: subcategoryIds.get(c.subcategory)!,
        lecturerId: lecturerIds[c.lecturer]!.id,
        name: c.name,
        slug: 'pending',
        description: c.description,
        image: `seed/courses/course-${c.image}.svg`,
        fee: c.fee,
        units: c.units,
        // The course's units in the MCLE area of its subcategory (B.M. No. 850); none for non-MCLE catalogues.
        mcleUnits: c.units > 0 ? { [mcleAreaOf(c.subcategory)]: c.units } : {},
        approvalNumber: c.units > 0 ? `MCLE-2026-${String(index + 101).padStart(4, '0')}` : null,
        previewVideoType: c.preview === 'yt' ? 'yt' : c.preview === 'video' ? 'video' : null,
        previewVideoUrl: c.preview === 'yt' ? 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' : c.preview === 'video' ? 'seed/courses/preview.webm' : null,
        isFeatured: c.featured ?? false,
        durationMinutes: c.durationHours ? c.durationHours * 60 : null,
        allowPayLater: c.payLater ?? false,
        directEnrollment: c.selfEnrol ?? true,
        classEnrollmentOnly: Boolean(c.classOnly),
        requireKyc: c.requireKyc ?? false,
        isPublished: !c.draft,
        enableKyl: c.kyl ?? false,
        dateStart: c.opensInDays ? addDays(c.opensInDays) : c.endedDaysAgo ? addDays(-c.endedDaysAgo - 90) : null,
        dateEnd: c.endedDaysAgo ? addDays(-c.endedDaysAgo) : null,
        createdAt,
      })
      .returning({ id: courses.id });
    const id = row!.id;
    courseIds.push(id);
    await db.update(courses).set({ slug: slugFor(c.name, id) }).where(eq(courses.id, id));
    for (const [position, m] of (c.noAssessment ? demoOutline : [...demoOutline, demoAssessment(c.examMinutes)]).entries()) {
      const [mod] = await db.insert(modules).values({ schoolId, courseId: id, name: m.name, position }).returning({ id: modules.id });
      const rows = await db
        .insert(coursewares)
        .values(
          m.lessons.map(({ questions: _questions, exam: _exam, ...lesson }, i) => ({
            ...lesson,
            // The draft's first video has no file yet: its Publish in the staff console shows the problem.
            ...(c.draft && position === 0 && i === 0 ? { file: null } : {}),
            schoolId,
            moduleId: mod!.id,
            position: i,
          })),
        )
        .returning({ id: coursewares.id });
      for (const [i, lesson] of m.lessons.entries()) {
        const coursewareId = rows[i]!.id;
        if (lesson.questions) {
          await db.insert(videoQuestions).values(
            lesson.questions.map((q) => ({ schoolId, coursewareId, type: q.type, timestamp: q.timestamp, content: q.content, choices: q.choices ?? [], correctAnswer: q.correct ?? [], remarks: q.remarks ?? '', location: { x: q.x, y: q.y } })),
          );
        }
        if (lesson.exam) {
          const { questions, ...exam } = lesson.exam;
          const [row] = await db.insert(exams).values({ ...exam, schoolId, coursewareId }).returning({ id: exams.id });
          await db.insert(examQuestions).values(
            questions.map((q, position) => ({ schoolId, examId: row!.id, position, type: q.type, text: q.text, choices: q.choices ?? [], correctAnswer: q.correct ?? [], points: q.points ?? 1, notes: q.notes ?? '', rating: q.rating ?? false })),
          );
        }
        // Re-dated to the current day at every start (demo-schedule.ts), so that one is always joinable; a minute in
        // the room completes it, where a real class of that length would ask the whole day.
        if (lesson.type === 'class') {
          await db.insert(conferenceRooms).values({ schoolId, coursewareId, name: `demo-forum-${coursewareId}`, date: addDays(0), startTime: '00:00', endTime: '23:59', attendanceMinutes: 1 });
        }
      }
    }
    if (c.classOnly === 'with-classes') {
      const names = ['Saturday Morning Class', 'Weekday Evening Class'];
      for (const [i, name] of names.entries()) {
        const [cls] = await db.insert(classes).values({ schoolId, courseId: id, name, fee: i === 0 ? c.fee : 0 }).returning({ id: classes.id });
        await db.insert(classSchedules).values(
          [14, 21, 28, 400].map((days, k) => ({
            schoolId,
            classId: cls!.id,
            date: addDays(days + i),
            startTime: i === 0 ? '09:00' : '18:00',
            endTime: i === 0 ? '12:00' : '21:00',
            instructor: k % 2 ? 'Prof. Eduardo M. Lim' : 'Atty. Teresita L. Cruz',
            type: k === 3 ? 'Face to face' : 'Online',
          })),
        );
      }
    }
  }

  for (const [index, b] of (data.bundles ?? []).entries()) {
    const [row] = await db
      .insert(bundles)
      .values({
        schoolId,
        subcategoryId: subcategoryIds.get(data.courses[b.courses[0]!]!.subcategory)!,
        name: b.name,
        slug: 'pending',
        description: b.description,
        image: `seed/courses/course-${b.image}.svg`,
        price: b.price,
        isFeatured: b.featured,
        createdAt: new Date(Date.now() - (10 - index) * 3_600_000),
      })
      .returning({ id: bundles.id });
    await db.update(bundles).set({ slug: slugFor(b.name, row!.id) }).where(eq(bundles.id, row!.id));
    await db.insert(bundleCourses).values(b.courses.map((c, position) => ({ schoolId, bundleId: row!.id, courseId: courseIds[c]!, position })));
  }
  return courseIds;
}
