import { sql } from 'drizzle-orm';
import { boolean, check, customType, date, foreignKey, index, integer, pgTable, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools } from './schools';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A forum topic of one school. `body` is the author's Markdown, `bodyHtml` its rendering, sanitized when
 * stored; `bodyText` the plain text that search reads. `search` is kept by PostgreSQL itself.
 */
export const forumQuestions = pgTable(
  'forum_questions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    body: text().notNull(),
    bodyHtml: text().notNull(),
    bodyText: text().notNull(),
    /** Lowercased and hyphenated (shared forum rules). */
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    source: text().notNull().default('web'),
    viewCount: integer().notNull().default(0),
    answerCount: integer().notNull().default(0),
    positiveVotes: integer().notNull().default(0),
    negativeVotes: integer().notNull().default(0),
    closed: boolean().notNull().default(false),
    /** An answer has been accepted: the question is answered and no other answer may be. */
    answered: boolean().notNull().default(false),
    /** Hidden by the school's staff: gone for everybody else. */
    hiddenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    search: tsvector().generatedAlwaysAs(sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body_text), 'B')`),
  },
  (t) => [
    unique('forum_questions_school_id_id_key').on(t.schoolId, t.id),
    // The lists read a page in order (scanned backwards: created_at desc, id desc) and count what everybody sees
    // from these partial indexes alone (answer_count is here for the summary's sum).
    index('forum_questions_latest_idx').on(t.schoolId, t.createdAt, t.id, t.answerCount).where(sql`${t.hiddenAt} is null`),
    index('forum_questions_unanswered_idx').on(t.schoolId, t.createdAt, t.id).where(sql`${t.hiddenAt} is null and ${t.answerCount} = 0`),
    // The few hidden questions: a search leaves out their answers without reading the questions.
    index('forum_questions_hidden_idx').on(t.id).where(sql`${t.hiddenAt} is not null`),
    index('forum_questions_search_idx').using('gin', t.search),
    index('forum_questions_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('forum_questions_tags_idx').using('gin', t.tags),
    check('forum_questions_counts_check', sql`${t.viewCount} >= 0 and ${t.answerCount} >= 0 and ${t.positiveVotes} >= 0 and ${t.negativeVotes} >= 0`),
  ],
);

export const forumAnswers = pgTable(
  'forum_answers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull(),
    questionId: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    bodyHtml: text().notNull(),
    bodyText: text().notNull(),
    accepted: boolean().notNull().default(false),
    positiveVotes: integer().notNull().default(0),
    negativeVotes: integer().notNull().default(0),
    hiddenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    search: tsvector().generatedAlwaysAs(sql`to_tsvector('english', body_text)`),
  },
  (t) => [
    foreignKey({ columns: [t.schoolId, t.questionId], foreignColumns: [forumQuestions.schoolId, forumQuestions.id], name: 'forum_answers_question_fk' }).onDelete('cascade'),
    unique('forum_answers_school_id_id_key').on(t.schoolId, t.id),
    // The target of a comment's (answer, question) key: a comment's answer is one of its question's.
    unique('forum_answers_question_id_id_key').on(t.questionId, t.id),
    index('forum_answers_question_idx').on(t.questionId, t.createdAt),
    index('forum_answers_search_idx').using('gin', t.search),
    // One accepted answer per question that everybody sees, whatever the races (a hidden one no longer answers it).
    uniqueIndex('forum_answers_one_accepted_idx').on(t.questionId).where(sql`${t.accepted} and ${t.hiddenAt} is null`),
    check('forum_answers_votes_check', sql`${t.positiveVotes} >= 0 and ${t.negativeVotes} >= 0`),
  ],
);

/** A comment on a question or on an answer: exactly one of the two. */
export const forumComments = pgTable(
  'forum_comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer().notNull(),
    questionId: integer().notNull(),
    /** Set for a comment on an answer; `questionId` is then the answer's question. */
    answerId: integer(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    bodyHtml: text().notNull(),
    hiddenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.schoolId, t.questionId], foreignColumns: [forumQuestions.schoolId, forumQuestions.id], name: 'forum_comments_question_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.answerId], foreignColumns: [forumAnswers.schoolId, forumAnswers.id], name: 'forum_comments_answer_fk' }).onDelete('cascade'),
    // MATCH SIMPLE: a comment on the question itself (no answer) is not checked against answers.
    foreignKey({ columns: [t.answerId, t.questionId], foreignColumns: [forumAnswers.id, forumAnswers.questionId], name: 'forum_comments_answer_question_fk' }).onDelete('cascade'),
    index('forum_comments_question_idx').on(t.questionId, t.createdAt),
  ],
);

/** One vote per user per question or answer; changing it updates the row. */
export const forumVotes = pgTable(
  'forum_votes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer(),
    answerId: integer(),
    value: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.schoolId, t.questionId], foreignColumns: [forumQuestions.schoolId, forumQuestions.id], name: 'forum_votes_question_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.schoolId, t.answerId], foreignColumns: [forumAnswers.schoolId, forumAnswers.id], name: 'forum_votes_answer_fk' }).onDelete('cascade'),
    uniqueIndex('forum_votes_question_user_idx').on(t.questionId, t.userId).where(sql`${t.questionId} is not null`),
    uniqueIndex('forum_votes_answer_user_idx').on(t.answerId, t.userId).where(sql`${t.answerId} is not null`),
    check('forum_votes_value_check', sql`${t.value} in (-1, 1)`),
    check('forum_votes_target_check', sql`num_nonnulls(${t.questionId}, ${t.answerId}) = 1`),
  ],
);

/** A view counts once per viewer (an account, or a hashed address for visitors) per question per day. */
export const forumViews = pgTable(
  'forum_views',
  {
    questionId: integer()
      .notNull()
      .references(() => forumQuestions.id, { onDelete: 'cascade' }),
    viewer: text().notNull(),
    day: date().notNull(),
  },
  (t) => [uniqueIndex('forum_views_key').on(t.questionId, t.viewer, t.day), index('forum_views_day_idx').on(t.day)],
);
