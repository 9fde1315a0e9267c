import { and, asc, count, desc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { forumAnswers, forumComments, forumQuestions, forumViews, forumVotes, users } from '../../db/schema/index';
import { MARK_END, MARK_START } from './render';
import { rowsOf } from '../../db/rows';

const p = sql.placeholder;

/** Every column but the search vector (large, and read only by the search's own SQL). */
const questionColumns = {
  id: forumQuestions.id,
  schoolId: forumQuestions.schoolId,
  userId: forumQuestions.userId,
  title: forumQuestions.title,
  body: forumQuestions.body,
  bodyHtml: forumQuestions.bodyHtml,
  tags: forumQuestions.tags,
  source: forumQuestions.source,
  viewCount: forumQuestions.viewCount,
  answerCount: forumQuestions.answerCount,
  positiveVotes: forumQuestions.positiveVotes,
  negativeVotes: forumQuestions.negativeVotes,
  closed: forumQuestions.closed,
  answered: forumQuestions.answered,
  hiddenAt: forumQuestions.hiddenAt,
  createdAt: forumQuestions.createdAt,
  updatedAt: forumQuestions.updatedAt,
};
const answerColumns = {
  id: forumAnswers.id,
  schoolId: forumAnswers.schoolId,
  questionId: forumAnswers.questionId,
  userId: forumAnswers.userId,
  body: forumAnswers.body,
  bodyHtml: forumAnswers.bodyHtml,
  accepted: forumAnswers.accepted,
  positiveVotes: forumAnswers.positiveVotes,
  negativeVotes: forumAnswers.negativeVotes,
  hiddenAt: forumAnswers.hiddenAt,
  createdAt: forumAnswers.createdAt,
  updatedAt: forumAnswers.updatedAt,
};
const authorColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  suffix: users.suffix,
  photo: users.photo,
};

export type QuestionRow = { [K in keyof typeof questionColumns]: (typeof forumQuestions.$inferSelect)[K] };
export type AnswerRow = { [K in keyof typeof answerColumns]: (typeof forumAnswers.$inferSelect)[K] };
export type CommentRow = typeof forumComments.$inferSelect;
export type AuthorRow = { [K in keyof typeof authorColumns]: (typeof users.$inferSelect)[K] };
export type Vote = 1 | -1;
export interface ListedQuestion {
  question: QuestionRow;
  author: AuthorRow;
  vote: number | null;
  /** A search's ts_headline, its matches between MARK_START and MARK_END (plain text, not yet escaped). */
  excerpt?: string | null;
}

/** The lists of the forum page; hidden questions are in none of them. */
export type ListKind = 'latest' | 'unanswered' | 'tag';
const listFilters: Record<ListKind, SQL | undefined> = {
  latest: undefined,
  unanswered: sql`${forumQuestions.answerCount} = 0`,
  tag: sql`${forumQuestions.tags} @> array[${p('tag')}]::text[]`,
};

/** Titles at least this alike a search's words (word_similarity) match it: low enough for one misspelt word. */
const TITLE_SIMILARITY = '0.4';
/**
 * How many of the newest matching questions, and of the newest matching answers, a search ranks and counts. Ranking
 * every match of a common word (a third of the posts) reads them all; the newest are read in order and the reading
 * stops there.
 */
const SEARCH_CANDIDATES = 500;
/** ts_headline's options: two fragments of the text around the matches, the matches between the markers. */
const HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=35, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

const preparedLists = (db: Db) => {
  const visible = (filter: SQL | undefined) => and(eq(forumQuestions.schoolId, p('schoolId')), isNull(forumQuestions.hiddenAt), filter);
  const page = (kind: ListKind) =>
    db
      .select({ question: questionColumns, author: authorColumns, vote: forumVotes.value })
      .from(forumQuestions)
      .innerJoin(users, eq(users.id, forumQuestions.userId))
      .leftJoin(forumVotes, and(eq(forumVotes.questionId, forumQuestions.id), eq(forumVotes.userId, p('userId'))))
      .where(visible(listFilters[kind]))
      .orderBy(desc(forumQuestions.createdAt), desc(forumQuestions.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare(`forum_${kind}_page`);
  const total = (kind: ListKind) => db.select({ n: count() }).from(forumQuestions).where(visible(listFilters[kind])).prepare(`forum_${kind}_count`);
  return {
    latest: { page: page('latest'), total: total('latest') },
    unanswered: { page: page('unanswered'), total: total('unanswered') },
    tag: { page: page('tag'), total: total('tag') },
  };
};

const preparedTopic = (db: Db) => ({
  question: db
    .select({ question: questionColumns, author: authorColumns })
    .from(forumQuestions)
    .innerJoin(users, eq(users.id, forumQuestions.userId))
    .where(and(eq(forumQuestions.schoolId, p('schoolId')), eq(forumQuestions.id, p('id'))))
    .limit(1)
    .prepare('forum_question'),
  answers: db
    .select({ answer: answerColumns, author: authorColumns })
    .from(forumAnswers)
    .innerJoin(users, eq(users.id, forumAnswers.userId))
    .where(and(eq(forumAnswers.schoolId, p('schoolId')), eq(forumAnswers.questionId, p('questionId'))))
    .orderBy(desc(forumAnswers.accepted), asc(forumAnswers.createdAt), asc(forumAnswers.id))
    .prepare('forum_answers_of'),
  comments: db
    .select({ comment: forumComments, author: authorColumns })
    .from(forumComments)
    .innerJoin(users, eq(users.id, forumComments.userId))
    .where(and(eq(forumComments.schoolId, p('schoolId')), eq(forumComments.questionId, p('questionId'))))
    .orderBy(asc(forumComments.createdAt), asc(forumComments.id))
    .prepare('forum_comments_of'),
  votes: db
    .select({ questionId: forumVotes.questionId, answerId: forumVotes.answerId, value: forumVotes.value })
    .from(forumVotes)
    .where(
      and(
        eq(forumVotes.userId, p('userId')),
        sql`(${forumVotes.questionId} = ${p('questionId')} or ${forumVotes.answerId} in (select ${forumAnswers.id} from ${forumAnswers} where ${forumAnswers.questionId} = ${p('questionId')}))`,
      ),
    )
    .prepare('forum_votes_of'),
});


interface SearchRow {
  total: number;
  excerpt: string;
  vote: number | null;
  question: Record<string, unknown>;
  author: Record<string, unknown>;
}

/**
 * The forum's reads and writes, every one within a school. Reads on the app's handle are prepared once
 * (named statements on PostgreSQL); writes take the transaction they belong to.
 */
export function forumRepository(db: Db) {
  let lists: ReturnType<typeof preparedLists> | undefined;
  let topic: ReturnType<typeof preparedTopic> | undefined;
  const topicReads = () => (topic ??= preparedTopic(db));

  return {
    async list(kind: ListKind, schoolId: number, userId: number | null, page: number, perPage: number, tag = '') {
      const statements = (lists ??= preparedLists(db))[kind];
      const [rows, [total]] = await Promise.all([
        statements.page.execute({ schoolId, userId, tag, limit: perPage, offset: (page - 1) * perPage }),
        statements.total.execute({ schoolId, tag }),
      ]);
      return { rows: rows as ListedQuestion[], total: total?.n ?? 0 };
    },

    /**
     * Full-text search over questions (title weighted above the text) and answers (a match leads to its
     * question), plus, when that finds less than a page, titles with a word like the keyword (trigrams: short or
     * misspelt words). One row per question, best match first, with an excerpt of the text that matched.
     * Only the newest SEARCH_CANDIDATES matches of each kind are ranked, so a common word costs what a rare one
     * does; the total counts the questions among them (at most twice the cap).
     */
    async search(schoolId: number, keyword: string, userId: number | null, page: number, perPage: number) {
      // Written out at each use (not a CTE) so that the planner sees the query's words and picks the plan for them:
      // the newest rows scanned backwards for a common word, the GIN index for a rare one.
      const query = sql`websearch_to_tsquery('english', ${keyword})`;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${TITLE_SIMILARITY}, true)`);
        const run = async (limit: number, offset: number) =>
          rowsOf<SearchRow>(
            await tx.execute(sql`
              with words as materialized (
                select newest.id as question_id, null::integer as answer_id, ts_rank(newest.search, ${query}) as rank
                  from (
                    select id, search from forum_questions
                      where school_id = ${schoolId} and hidden_at is null and search @@ ${query}
                      order by created_at desc, id desc limit ${SEARCH_CANDIDATES}
                  ) newest
                union all
                -- The newest answers by id: the order they were posted in, which an index on the id reads.
                select newest.question_id, newest.id, ts_rank(newest.search, ${query}) * 0.5
                  from (
                    select id, question_id, search from forum_answers
                      where school_id = ${schoolId} and hidden_at is null and search @@ ${query}
                      order by id desc limit ${SEARCH_CANDIDATES}
                  ) newest
                  -- Hidden questions are few: their partial index answers this without reading the questions.
                  where not exists (select from forum_questions h where h.id = newest.question_id and h.hidden_at is not null)
              ),
              -- Titles with a word like the keyword, when the words themselves find less than a page (misspelt, cut short).
              -- Materialized, so that the trigram index finds them (a bitmap scan) rather than a walk down the newest titles
              -- testing each: word_similarity is dear. It runs once for each title found, and again for the newest, ranked.
              alike_titles as materialized (
                select id, title, created_at from forum_questions
                  where school_id = ${schoolId} and hidden_at is null and ${keyword} <% title
                    and (select count(*) from words) < ${perPage}
              ),
              alike as (
                select newest.id as question_id, null::integer as answer_id, word_similarity(${keyword}, newest.title) * 0.1 as rank
                  from (select id, title from alike_titles order by created_at desc, id desc limit ${SEARCH_CANDIDATES}) newest
              ),
              matches as (select * from words union all select * from alike),
              best as (select distinct on (question_id) question_id, answer_id, rank from matches order by question_id, rank desc),
              page as (
                select question_id, answer_id, rank, count(*) over ()::integer as total
                  from best order by rank desc, question_id desc limit ${limit} offset ${offset}
              )
              select page.total,
                ts_headline('english', coalesce(a.body_text, q.body_text), ${query}, ${HEADLINE}) as excerpt,
                v.value as vote,
                json_build_object('id', q.id, 'schoolId', q.school_id, 'userId', q.user_id, 'title', q.title, 'body', q.body,
                  'bodyHtml', q.body_html, 'tags', q.tags, 'source', q.source, 'viewCount', q.view_count, 'answerCount', q.answer_count,
                  'positiveVotes', q.positive_votes, 'negativeVotes', q.negative_votes, 'closed', q.closed, 'answered', q.answered,
                  'createdAt', q.created_at, 'updatedAt', q.updated_at) as question,
                json_build_object('id', u.id, 'username', u.username, 'firstName', u.first_name, 'middleName', u.middle_name,
                  'lastName', u.last_name, 'suffix', u.suffix, 'photo', u.photo) as author
              from page
                join forum_questions q on q.id = page.question_id
                join users u on u.id = q.user_id
                left join forum_answers a on a.id = page.answer_id
                left join forum_votes v on v.question_id = q.id and v.user_id = ${userId}
              order by page.rank desc, page.question_id desc`),
          );
        const rows = await run(perPage, (page - 1) * perPage);
        // A page past the last one has no rows to carry the total.
        const total = rows[0]?.total ?? (page > 1 ? ((await run(1, 0))[0]?.total ?? 0) : 0);
        const listed: ListedQuestion[] = rows.map((r) => ({
          question: { ...(r.question as Omit<QuestionRow, 'createdAt' | 'updatedAt'>), hiddenAt: null, createdAt: new Date(r.question.createdAt as string), updatedAt: new Date(r.question.updatedAt as string) },
          author: r.author as AuthorRow,
          vote: r.vote,
          excerpt: r.excerpt,
        }));
        return { rows: listed, total };
      });
    },

    /** Counts of what everybody sees (answer_count counts visible answers) and the latest questions' tags. */
    async summary(schoolId: number) {
      const [counts, tags] = await Promise.all([
        // Counted from the partial index of visible questions alone (it carries answer_count).
        db.execute(sql`
          select count(*)::integer as questions, coalesce(sum(answer_count), 0)::integer as answers
          from forum_questions where school_id = ${schoolId} and hidden_at is null`),
        db.execute(sql`
          select tag from (
            select t.tag, max(latest.created_at) as at
            from (
              select created_at, tags from forum_questions
              where school_id = ${schoolId} and hidden_at is null and tags <> '{}'
              order by created_at desc, id desc limit 50
            ) latest, unnest(latest.tags) as t(tag)
            group by t.tag
          ) recent order by at desc, tag limit 10`),
      ]);
      const [total] = rowsOf<{ questions: number; answers: number }>(counts);
      return { questions: total?.questions ?? 0, answers: total?.answers ?? 0, recentTags: rowsOf<{ tag: string }>(tags).map((t) => t.tag) };
    },

    async findQuestion(schoolId: number, id: number) {
      const [row] = await topicReads().question.execute({ schoolId, id });
      return row;
    },
    answersOf: (schoolId: number, questionId: number) => topicReads().answers.execute({ schoolId, questionId }),
    /** The comments on a question and on its answers. */
    commentsOf: (schoolId: number, questionId: number) => topicReads().comments.execute({ schoolId, questionId }),
    /** The caller's votes on a question and its answers. */
    votesOn: (userId: number, questionId: number) => topicReads().votes.execute({ userId, questionId }),

    /** An answer with what its question says about it: author, state, and whether it is hidden. */
    async findAnswer(schoolId: number, id: number) {
      const [row] = await db
        .select({ answer: answerColumns, question: { userId: forumQuestions.userId, answered: forumQuestions.answered, hiddenAt: forumQuestions.hiddenAt } })
        .from(forumAnswers)
        .innerJoin(forumQuestions, eq(forumQuestions.id, forumAnswers.questionId))
        .where(and(eq(forumAnswers.schoolId, schoolId), eq(forumAnswers.id, id)))
        .limit(1);
      return row;
    },

    /** A comment with whether its question or answer is hidden. */
    async findComment(schoolId: number, id: number) {
      const [row] = await db
        .select({ comment: forumComments, questionUserId: forumQuestions.userId, questionHiddenAt: forumQuestions.hiddenAt, answerHiddenAt: forumAnswers.hiddenAt })
        .from(forumComments)
        .innerJoin(forumQuestions, eq(forumQuestions.id, forumComments.questionId))
        .leftJoin(forumAnswers, eq(forumAnswers.id, forumComments.answerId))
        .where(and(eq(forumComments.schoolId, schoolId), eq(forumComments.id, id)))
        .limit(1);
      return row;
    },

    async insertQuestion(values: typeof forumQuestions.$inferInsert) {
      const [row] = await db.insert(forumQuestions).values(values).returning({ id: forumQuestions.id });
      return row!.id;
    },
    updateQuestion: (id: number, values: Partial<Pick<typeof forumQuestions.$inferInsert, 'title' | 'body' | 'bodyHtml' | 'bodyText' | 'tags' | 'closed'>>) =>
      db.update(forumQuestions).set({ ...values, updatedAt: new Date() }).where(eq(forumQuestions.id, id)),

    /** An answer, and its question's count in the same transaction. */
    async insertAnswer(values: typeof forumAnswers.$inferInsert) {
      const [row] = await db.insert(forumAnswers).values(values).returning({ id: forumAnswers.id });
      await db.update(forumQuestions).set({ answerCount: sql`${forumQuestions.answerCount} + 1` }).where(eq(forumQuestions.id, values.questionId));
      return row!.id;
    },
    updateAnswer: (id: number, values: Pick<typeof forumAnswers.$inferInsert, 'body' | 'bodyHtml' | 'bodyText'>) =>
      db.update(forumAnswers).set({ ...values, updatedAt: new Date() }).where(eq(forumAnswers.id, id)),

    async insertComment(values: typeof forumComments.$inferInsert) {
      const [row] = await db.insert(forumComments).values(values).returning({ id: forumComments.id });
      return row!.id;
    },
    updateComment: (id: number, values: Pick<typeof forumComments.$inferInsert, 'body' | 'bodyHtml'>) =>
      db.update(forumComments).set({ ...values, updatedAt: new Date() }).where(eq(forumComments.id, id)),

    /** Closes an open question; answers false when it was closed already (the row's lock orders racing calls). */
    async close(id: number) {
      const rows = await db
        .update(forumQuestions)
        .set({ closed: true, updatedAt: new Date() })
        .where(and(eq(forumQuestions.id, id), eq(forumQuestions.closed, false)))
        .returning({ id: forumQuestions.id });
      return rows.length > 0;
    },

    /**
     * Marks the question answered and the answer accepted, in the caller's transaction: 'answered' when the
     * question was answered already, 'hidden' when the answer was hidden meanwhile (the caller rolls back).
     * The conditional update locks the question first and orders racing calls (hiding too); the answer is read
     * after that lock, and the partial unique index refuses a second accepted answer whatever happens.
     */
    async accept(questionId: number, answerId: number): Promise<'accepted' | 'answered' | 'hidden'> {
      const rows = await db
        .update(forumQuestions)
        .set({ answered: true })
        .where(and(eq(forumQuestions.id, questionId), eq(forumQuestions.answered, false)))
        .returning({ id: forumQuestions.id });
      if (!rows.length) return 'answered';
      const accepted = await db
        .update(forumAnswers)
        .set({ accepted: true })
        .where(and(eq(forumAnswers.id, answerId), isNull(forumAnswers.hiddenAt)))
        .returning({ id: forumAnswers.id });
      return accepted.length ? 'accepted' : 'hidden';
    },

    /**
     * The user's vote on a question or an answer, and the counts on its row, in the caller's transaction.
     * The vote's unique index settles races: a concurrent identical vote waits, then finds nothing to change.
     * Answers the counts when something changed, undefined when the vote was already this one.
     */
    async vote(target: { kind: 'question' | 'answer'; id: number; schoolId: number }, userId: number, value: Vote) {
      const column = target.kind === 'question' ? forumVotes.questionId : forumVotes.answerId;
      const [inserted] = await db
        .insert(forumVotes)
        .values({ schoolId: target.schoolId, userId, value, ...(target.kind === 'question' ? { questionId: target.id } : { answerId: target.id }) })
        .onConflictDoNothing()
        .returning({ id: forumVotes.id });
      if (!inserted) {
        const [changed] = await db
          .update(forumVotes)
          .set({ value, createdAt: new Date() })
          .where(and(eq(column, target.id), eq(forumVotes.userId, userId), ne(forumVotes.value, value)))
          .returning({ id: forumVotes.id });
        if (!changed) return undefined;
      }
      // A new vote adds one to its side; a changed one also takes one from the other side.
      const up = value === 1 ? 1 : inserted ? 0 : -1;
      const down = value === -1 ? 1 : inserted ? 0 : -1;
      const table = target.kind === 'question' ? forumQuestions : forumAnswers;
      const [counts] = await db
        .update(table)
        .set({ positiveVotes: sql`${table.positiveVotes} + ${up}`, negativeVotes: sql`${table.negativeVotes} + ${down}` })
        .where(eq(table.id, target.id))
        .returning({ positiveVotes: table.positiveVotes, negativeVotes: table.negativeVotes });
      return counts;
    },

    /**
     * Counts a view once per viewer per day (the school's day): the view's unique key settles reloads and
     * races. Answers the new count when this view counted.
     */
    async countView(questionId: number, viewer: string, timeZone: string) {
      const [row] = rowsOf<{ view_count: number }>(
        await db.execute(sql`
          with seen as (
            insert into ${forumViews} (question_id, viewer, day) values (${questionId}, ${viewer}, (now() at time zone ${timeZone})::date)
            on conflict do nothing returning 1
          )
          update ${forumQuestions} set view_count = view_count + 1
          where id = ${questionId} and exists (select 1 from seen) returning view_count`),
      );
      return row?.view_count;
    },

    /** Hides or shows a question; answers whether it changed. */
    async setQuestionHidden(schoolId: number, id: number, hidden: boolean) {
      const rows = await db
        .update(forumQuestions)
        .set({ hiddenAt: hidden ? new Date() : null })
        .where(and(eq(forumQuestions.schoolId, schoolId), eq(forumQuestions.id, id), hidden ? isNull(forumQuestions.hiddenAt) : isNotNull(forumQuestions.hiddenAt)))
        .returning({ id: forumQuestions.id });
      return rows.length > 0;
    },

    /**
     * Hides or shows an answer, in the caller's transaction, keeping its question's count of visible answers and
     * whether it is answered: a hidden accepted answer no longer answers it; shown again it does, unless another
     * was accepted meanwhile (it is then an ordinary answer). The question's row is locked first, as accepting
     * does, so that the two never deadlock. Answers whether it changed.
     */
    async setAnswerHidden(schoolId: number, id: number, questionId: number, hidden: boolean) {
      const [question] = await db.select({ answered: forumQuestions.answered }).from(forumQuestions).where(and(eq(forumQuestions.schoolId, schoolId), eq(forumQuestions.id, questionId))).for('update');
      if (!question) return false;
      const [answer] = await db
        .update(forumAnswers)
        .set({ hiddenAt: hidden ? new Date() : null, ...(!hidden && question.answered ? { accepted: false } : {}) })
        .where(and(eq(forumAnswers.schoolId, schoolId), eq(forumAnswers.id, id), eq(forumAnswers.questionId, questionId), hidden ? isNull(forumAnswers.hiddenAt) : isNotNull(forumAnswers.hiddenAt)))
        .returning({ accepted: forumAnswers.accepted });
      if (!answer) return false;
      await db
        .update(forumQuestions)
        .set({ answerCount: sql`${forumQuestions.answerCount} + ${hidden ? -1 : 1}`, answered: answer.accepted ? !hidden : question.answered })
        .where(eq(forumQuestions.id, questionId));
      return true;
    },

    /** Hides or shows a comment; answers whether it changed. */
    async setCommentHidden(schoolId: number, id: number, hidden: boolean) {
      const rows = await db
        .update(forumComments)
        .set({ hiddenAt: hidden ? new Date() : null })
        .where(and(eq(forumComments.schoolId, schoolId), eq(forumComments.id, id), hidden ? isNull(forumComments.hiddenAt) : isNotNull(forumComments.hiddenAt)))
        .returning({ id: forumComments.id });
      return rows.length > 0;
    },
  };
}
export type ForumRepository = ReturnType<typeof forumRepository>;
