import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { FORUM_MODERATION_PAGE_SIZE } from '@school/shared/staff/forum';
import type { Db } from '../../db/client';
import { forumAnswers, forumComments, forumQuestions, users } from '../../db/schema/index';

const EXCERPT = 160;
const author = { firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix, username: users.username };

/** The console's moderation lists of a school's forum: what its administrators hid, and the closed questions. */
export function forumModerationRepository(db: Db) {
  /** Questions, answers and comments hidden by staff, as rows of one shape for one ordered page. */
  function hiddenPosts(schoolId: number) {
    const questions = db
      .select({
        kind: sql<'question' | 'answer' | 'comment'>`'question'`.as('kind'),
        id: sql<number>`${forumQuestions.id}`.as('post_id'),
        on: sql<'question' | 'answer' | null>`null::text`.as('comment_on'),
        questionId: sql<number>`${forumQuestions.id}`.as('question_id'),
        title: sql<string>`${forumQuestions.title}`.as('question_title'),
        excerpt: sql<string>`left(${forumQuestions.bodyText}, ${EXCERPT})`.as('excerpt'),
        ...author,
        createdAt: sql<Date>`${forumQuestions.createdAt}`.as('created_at'),
        hiddenAt: sql<Date>`${forumQuestions.hiddenAt}`.as('hidden_at'),
      })
      .from(forumQuestions)
      .innerJoin(users, eq(users.id, forumQuestions.userId))
      .where(and(eq(forumQuestions.schoolId, schoolId), isNotNull(forumQuestions.hiddenAt)));
    const answers = db
      .select({
        kind: sql<'question' | 'answer' | 'comment'>`'answer'`.as('kind'),
        id: sql<number>`${forumAnswers.id}`.as('post_id'),
        on: sql<'question' | 'answer' | null>`null::text`.as('comment_on'),
        questionId: sql<number>`${forumQuestions.id}`.as('question_id'),
        title: sql<string>`${forumQuestions.title}`.as('question_title'),
        excerpt: sql<string>`left(${forumAnswers.bodyText}, ${EXCERPT})`.as('excerpt'),
        ...author,
        createdAt: sql<Date>`${forumAnswers.createdAt}`.as('created_at'),
        hiddenAt: sql<Date>`${forumAnswers.hiddenAt}`.as('hidden_at'),
      })
      .from(forumAnswers)
      .innerJoin(forumQuestions, eq(forumQuestions.id, forumAnswers.questionId))
      .innerJoin(users, eq(users.id, forumAnswers.userId))
      .where(and(eq(forumAnswers.schoolId, schoolId), isNotNull(forumAnswers.hiddenAt)));
    const comments = db
      .select({
        kind: sql<'question' | 'answer' | 'comment'>`'comment'`.as('kind'),
        id: sql<number>`${forumComments.id}`.as('post_id'),
        on: sql<'question' | 'answer' | null>`case when ${forumComments.answerId} is null then 'question' else 'answer' end`.as('comment_on'),
        questionId: sql<number>`${forumQuestions.id}`.as('question_id'),
        title: sql<string>`${forumQuestions.title}`.as('question_title'),
        excerpt: sql<string>`left(${forumComments.body}, ${EXCERPT})`.as('excerpt'),
        ...author,
        createdAt: sql<Date>`${forumComments.createdAt}`.as('created_at'),
        hiddenAt: sql<Date>`${forumComments.hiddenAt}`.as('hidden_at'),
      })
      .from(forumComments)
      .innerJoin(forumQuestions, eq(forumQuestions.id, forumComments.questionId))
      .innerJoin(users, eq(users.id, forumComments.userId))
      .where(and(eq(forumComments.schoolId, schoolId), isNotNull(forumComments.hiddenAt)));
    return { questions, answers, comments };
  }

  return {
    /** A page of the hidden posts, the latest hidden first. */
    async hidden(schoolId: number, page: number) {
      const { questions, answers, comments } = hiddenPosts(schoolId);
      const rows = await unionAll(questions, answers, comments)
        .orderBy(sql`hidden_at desc`, sql`kind`, sql`post_id desc`)
        .limit(FORUM_MODERATION_PAGE_SIZE)
        .offset((page - 1) * FORUM_MODERATION_PAGE_SIZE);
      const counts = await Promise.all([
        db.select({ n: count() }).from(forumQuestions).where(and(eq(forumQuestions.schoolId, schoolId), isNotNull(forumQuestions.hiddenAt))),
        db.select({ n: count() }).from(forumAnswers).where(and(eq(forumAnswers.schoolId, schoolId), isNotNull(forumAnswers.hiddenAt))),
        db.select({ n: count() }).from(forumComments).where(and(eq(forumComments.schoolId, schoolId), isNotNull(forumComments.hiddenAt))),
      ]);
      return { rows, count: counts.reduce((sum, [c]) => sum + (c?.n ?? 0), 0) };
    },

    /** A page of the closed questions everybody still sees, the latest asked first. */
    async closed(schoolId: number, page: number) {
      const where = and(eq(forumQuestions.schoolId, schoolId), eq(forumQuestions.closed, true), isNull(forumQuestions.hiddenAt));
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: forumQuestions.id, title: forumQuestions.title, excerpt: sql<string>`left(${forumQuestions.bodyText}, ${EXCERPT})`, createdAt: forumQuestions.createdAt, ...author })
          .from(forumQuestions)
          .innerJoin(users, eq(users.id, forumQuestions.userId))
          .where(where)
          .orderBy(desc(forumQuestions.createdAt), desc(forumQuestions.id))
          .limit(FORUM_MODERATION_PAGE_SIZE)
          .offset((page - 1) * FORUM_MODERATION_PAGE_SIZE),
        db.select({ n: count() }).from(forumQuestions).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },
  };
}
