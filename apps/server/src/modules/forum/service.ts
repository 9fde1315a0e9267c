import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { FORUM_PAGE_SIZE, forumMessages as m, forumServerMessages as s, tagSlug } from '@school/shared/forum/rules';
import type { ForumAnswer, ForumComment, ForumQuestion, ForumSummary, QuestionPage } from '@school/shared/forum/schemas';
import type { Tx } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/pagination';
import type { Actor } from '../../lib/policy';
import type { SignedInActor } from '../auth/actor';
import { recordAudit, type AuditContext } from '../audit/service';
import { recordEvent } from '../events/service';
import { schoolPolicy } from '../tenancy/policy';
import type { SchoolRow } from '../tenancy/repository';
import { forumPolicy, moderates, type ForumPost } from './policy';
import { presentSummary, presentTopic, questionPost } from './presenter';
import { renderMarkdown } from './render';
import { forumRepository, type ForumRepository, type ListKind, type Vote } from './repository';
import { isUniqueViolation } from '../../lib/db-errors';

/** One 404 for a missing, another school's or a hidden post: the page says the spec's words and goes to /forums. */
const unavailable = () => notFound(m.unavailable);

/**
 * Who a view is from: the account, or for a visitor a keyed hash of the address (never stored in the clear, and
 * not reversible by trying every address without the server's key). The address alone: a browser's name is the
 * caller's to choose, so counting it would let one visitor count as many.
 */
export function viewerKey(secret: string, viewer: { userId: number | null; ip: string }) {
  if (viewer.userId !== null) return `u:${viewer.userId}`;
  return `a:${createHmac('sha256', secret).update(`forum-view\n${viewer.ip}`).digest('base64url').slice(0, 32)}`;
}

export interface QuestionInput {
  title: string;
  description: string;
  tags: string[];
  school?: number;
}

/** The forum of the site's school (spec 3 §4): lists, search, topics, posting, votes, accepting, closing and moderation. */
export function forumService(app: FastifyInstance) {
  const repo = forumRepository(app.db);
  const files = app.storage;
  const transaction = <T>(work: (tx: Tx, r: ForumRepository) => Promise<T>) =>
    app.db.transaction((tx) => {
      return work(tx, forumRepository(tx));
    });

  /** Hides or shows a post with `set` (which answers whether it changed) and records a change as the moderator's. */
  const moderate = (school: SchoolRow, post: { kind: 'question' | 'answer' | 'comment'; id: number; questionId: number }, hidden: boolean, by: AuditContext, set: (r: ForumRepository) => Promise<boolean>) =>
    transaction(async (tx, r) => {
      if (!(await set(r))) return;
      await recordEvent(tx, { schoolId: school.id, actorId: by.actorId, type: `forum.${post.kind}_moderated`, subjectId: post.id, data: { questionId: post.questionId, hidden } });
      await recordAudit(tx, by, { action: 'forum.moderate', subject: { type: `forum_${post.kind}`, id: post.id }, before: { hidden: !hidden }, after: { hidden } });
    });

  /** The post, if the actor may know it exists; 404 otherwise. */
  const reach = <T extends ForumPost>(actor: Actor, post: T | undefined): T => {
    if (!post || !forumPolicy.can(actor, 'view', post)) throw unavailable();
    return post;
  };

  async function loadQuestion(actor: Actor, school: SchoolRow, id: number) {
    const row = await repo.findQuestion(school.id, id);
    const post = reach(actor, row && questionPost(row.question));
    return { row: row!, post };
  }

  async function loadAnswer(actor: Actor, school: SchoolRow, id: number) {
    const row = await repo.findAnswer(school.id, id);
    const post = reach(
      actor,
      row && { schoolId: row.answer.schoolId, userId: row.answer.userId, hidden: row.answer.hiddenAt !== null || row.question.hiddenAt !== null, questionUserId: row.question.userId },
    );
    return { row: row!, post };
  }

  /** A comment reached through its own route: a question's comment is no answer's, and the other way round. */
  async function loadComment(actor: Actor, school: SchoolRow, id: number, on: 'question' | 'answer') {
    const row = await repo.findComment(school.id, id);
    const fits = row && (on === 'answer') === (row.comment.answerId !== null);
    const hidden = !!row && (row.comment.hiddenAt !== null || row.questionHiddenAt !== null || row.answerHiddenAt !== null);
    const post = reach(actor, fits ? { schoolId: row.comment.schoolId, userId: row.comment.userId, hidden, questionUserId: row.questionUserId } : undefined);
    return { row: row!, post };
  }

  /** The topic as the actor sees it: hidden answers and comments only for moderators. */
  async function topic(actor: Actor, school: SchoolRow, id: number, viewer?: string): Promise<ForumQuestion> {
    const { row } = await loadQuestion(actor, school, id);
    const question = { ...row.question };
    if (viewer && question.hiddenAt === null) question.viewCount = (await repo.countView(id, viewer, school.timeZone)) ?? question.viewCount;
    const [answers, comments, votes] = await Promise.all([
      repo.answersOf(school.id, id),
      repo.commentsOf(school.id, id),
      actor.userId === null ? Promise.resolve([]) : repo.votesOn(actor.userId, id),
    ]);
    const all = moderates(actor);
    const shown = answers.filter((a) => all || a.answer.hiddenAt === null);
    const shownIds = new Set(shown.map((a) => a.answer.id));
    return presentTopic(files, actor, {
      question,
      author: row.author,
      answers: shown,
      comments: comments.filter((c) => (all || c.comment.hiddenAt === null) && (c.comment.answerId === null || shownIds.has(c.comment.answerId))),
      votes,
    });
  }

  const answerIn = (t: ForumQuestion, id: number): ForumAnswer => {
    const found = t.answers.find((a) => a.id === id);
    if (!found) throw unavailable();
    return found;
  };
  const commentIn = (t: ForumQuestion, id: number): ForumComment => {
    const found = [...t.comments, ...t.answers.flatMap((a) => a.comments)].find((c) => c.id === id);
    if (!found) throw unavailable();
    return found;
  };

  async function list(actor: Actor, school: SchoolRow, kind: ListKind, page: number, tag?: string): Promise<QuestionPage> {
    const { rows, total } = await repo.list(kind, school.id, actor.userId, page, FORUM_PAGE_SIZE, tag);
    return pageOf(rows.map((r) => presentSummary(files, r)), total, page, FORUM_PAGE_SIZE);
  }

  return {
    /** Newest first; "unanswered" is a question nobody has answered yet (no visible answer). */
    latest: (actor: Actor, school: SchoolRow, page: number) => list(actor, school, 'latest', page),
    unanswered: (actor: Actor, school: SchoolRow, page: number) => list(actor, school, 'unanswered', page),
    /** Questions with the tag, the tag slugged as stored (spec 3 §2: lowercased and hyphenated). */
    async byTag(actor: Actor, school: SchoolRow, tag: string, page: number) {
      const slug = tagSlug(tag);
      return slug ? list(actor, school, 'tag', page, slug) : pageOf([], 0, page, FORUM_PAGE_SIZE);
    },

    async search(actor: Actor, school: SchoolRow, keyword: string, page: number): Promise<QuestionPage> {
      const { rows, total } = await repo.search(school.id, keyword, actor.userId, page, FORUM_PAGE_SIZE);
      return pageOf(rows.map((r) => presentSummary(files, r)), total, page, FORUM_PAGE_SIZE);
    },

    async summary(school: SchoolRow): Promise<ForumSummary> {
      const { questions, answers, recentTags } = await repo.summary(school.id);
      return { questions, answers, recent_tags: recentTags };
    },

    /** GET: the topic, its view counted once per viewer per day. */
    view: (actor: Actor, school: SchoolRow, id: number, viewer: string) => topic(actor, school, id, viewer),

    async ask(actor: SignedInActor, school: SchoolRow, input: QuestionInput) {
      // A school named in the body must be the site's.
      if (input.school !== undefined) schoolPolicy.authorize(actor, 'view', { id: input.school });
      const text = renderMarkdown(input.description);
      const id = await transaction(async (tx, r) => {
        const questionId = await r.insertQuestion({ schoolId: school.id, userId: actor.userId, title: input.title, body: input.description, bodyHtml: text.html, bodyText: text.text, tags: input.tags });
        await recordEvent(tx, { schoolId: school.id, actorId: actor.userId, type: 'forum.asked', subjectId: questionId, data: { questionId } });
        return questionId;
      });
      return topic(actor, school, id);
    },

    async editQuestion(actor: SignedInActor, school: SchoolRow, id: number, input: Partial<Omit<QuestionInput, 'school'>>) {
      const { post } = await loadQuestion(actor, school, id);
      forumPolicy.authorize(actor, 'edit', post);
      const text = input.description === undefined ? undefined : renderMarkdown(input.description);
      await repo.updateQuestion(id, {
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(text ? { body: input.description, bodyHtml: text.html, bodyText: text.text } : {}),
        ...(input.tags === undefined ? {} : { tags: input.tags }),
      });
      return topic(actor, school, id);
    },

    async close(actor: SignedInActor, school: SchoolRow, id: number) {
      const { post } = await loadQuestion(actor, school, id);
      forumPolicy.authorize(actor, 'close', post);
      if (!(await repo.close(id))) throw badRequest(s.alreadyClosed, 'closed');
      return topic(actor, school, id);
    },

    async voteQuestion(actor: SignedInActor, school: SchoolRow, id: number, value: Vote) {
      const { post } = await loadQuestion(actor, school, id);
      forumPolicy.authorize(actor, 'vote', post);
      await transaction((_tx, r) => r.vote({ kind: 'question', id, schoolId: school.id }, actor.userId, value));
      return topic(actor, school, id);
    },

    async answer(actor: SignedInActor, school: SchoolRow, questionId: number, body: string) {
      const { post } = await loadQuestion(actor, school, questionId);
      forumPolicy.authorize(actor, 'reply', post);
      const text = renderMarkdown(body);
      const id = await transaction(async (tx, r) => {
        const answerId = await r.insertAnswer({ schoolId: school.id, questionId, userId: actor.userId, body, bodyHtml: text.html, bodyText: text.text });
        await recordEvent(tx, { schoolId: school.id, actorId: actor.userId, type: 'forum.answered', subjectId: answerId, data: { questionId } });
        return answerId;
      });
      return answerIn(await topic(actor, school, questionId), id);
    },

    async editAnswer(actor: SignedInActor, school: SchoolRow, id: number, body: string) {
      const { row, post } = await loadAnswer(actor, school, id);
      forumPolicy.authorize(actor, 'edit', post);
      const text = renderMarkdown(body);
      await repo.updateAnswer(id, { body, bodyHtml: text.html, bodyText: text.text });
      return answerIn(await topic(actor, school, row.answer.questionId), id);
    },

    async voteAnswer(actor: SignedInActor, school: SchoolRow, id: number, value: Vote) {
      const { row, post } = await loadAnswer(actor, school, id);
      forumPolicy.authorize(actor, 'vote', post);
      await transaction((_tx, r) => r.vote({ kind: 'answer', id, schoolId: school.id }, actor.userId, value));
      return answerIn(await topic(actor, school, row.answer.questionId), id);
    },

    /** The question's author accepts one answer, once: the question is then answered. */
    async accept(actor: SignedInActor, school: SchoolRow, id: number) {
      const { row, post } = await loadAnswer(actor, school, id);
      forumPolicy.authorize(actor, 'accept', post);
      const questionId = row.answer.questionId;
      const accepted = await transaction(async (tx, r) => {
        const outcome = await r.accept(questionId, id);
        // A hidden answer (a moderator sees it, or it was hidden meanwhile) answers nobody: nothing is kept.
        if (outcome === 'hidden') throw unavailable();
        if (outcome === 'answered') return false;
        await recordEvent(tx, { schoolId: school.id, actorId: actor.userId, type: 'forum.accepted', subjectId: id, data: { questionId } });
        return true;
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) return false;
        throw error;
      });
      if (!accepted) throw badRequest(s.alreadyAnswered, 'answered');
      return answerIn(await topic(actor, school, questionId), id);
    },

    /** A comment on a question (`on.question`) or on one of its answers (`on.answer`), of this school. */
    async comment(actor: SignedInActor, school: SchoolRow, on: { question: number } | { answer: number }, body: string) {
      const { post, questionId, answerId } =
        'answer' in on
          ? await loadAnswer(actor, school, on.answer).then(({ row, post }) => ({ post, questionId: row.answer.questionId, answerId: row.answer.id }))
          : await loadQuestion(actor, school, on.question).then(({ post }) => ({ post, questionId: on.question, answerId: null }));
      forumPolicy.authorize(actor, 'reply', post);
      const text = renderMarkdown(body);
      const id = await transaction(async (tx, r) => {
        const commentId = await r.insertComment({ schoolId: school.id, questionId, answerId, userId: actor.userId, body, bodyHtml: text.html });
        await recordEvent(tx, { schoolId: school.id, actorId: actor.userId, type: 'forum.commented', subjectId: commentId, data: { questionId, answerId } });
        return commentId;
      });
      return commentIn(await topic(actor, school, questionId), id);
    },

    async editComment(actor: SignedInActor, school: SchoolRow, id: number, on: 'question' | 'answer', body: string) {
      const { row, post } = await loadComment(actor, school, id, on);
      forumPolicy.authorize(actor, 'edit', post);
      const text = renderMarkdown(body);
      await repo.updateComment(id, { body, bodyHtml: text.html });
      return commentIn(await topic(actor, school, row.comment.questionId), id);
    },

    /**
     * Moderation: hiding takes a post out of every list, count, search and topic for everybody but moderators. A
     * change is recorded (an event and the audit log, in its transaction); hiding a hidden post changes nothing.
     */
    async hideQuestion(actor: SignedInActor, school: SchoolRow, id: number, hidden: boolean, by: AuditContext) {
      const { post } = await loadQuestion(actor, school, id);
      forumPolicy.authorize(actor, 'hide', post);
      await moderate(school, { kind: 'question', id, questionId: id }, hidden, by, (r) => r.setQuestionHidden(school.id, id, hidden));
      return topic(actor, school, id);
    },

    async hideAnswer(actor: SignedInActor, school: SchoolRow, id: number, hidden: boolean, by: AuditContext) {
      const { row, post } = await loadAnswer(actor, school, id);
      forumPolicy.authorize(actor, 'hide', post);
      await moderate(school, { kind: 'answer', id, questionId: row.answer.questionId }, hidden, by, (r) => r.setAnswerHidden(school.id, id, row.answer.questionId, hidden));
      return answerIn(await topic(actor, school, row.answer.questionId), id);
    },

    async hideComment(actor: SignedInActor, school: SchoolRow, id: number, on: 'question' | 'answer', hidden: boolean, by: AuditContext) {
      const { row, post } = await loadComment(actor, school, id, on);
      forumPolicy.authorize(actor, 'hide', post);
      await moderate(school, { kind: 'comment', id, questionId: row.comment.questionId }, hidden, by, (r) => r.setCommentHidden(school.id, id, hidden));
      return commentIn(await topic(actor, school, row.comment.questionId), id);
    },
  };
}
