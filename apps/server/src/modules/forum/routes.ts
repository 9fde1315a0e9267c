import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@school/shared/api/errors';
import {
  answerBodySchema,
  answerCommentBodySchema,
  answerPatchSchema,
  answerSchema,
  commentPatchSchema,
  commentSchema,
  forumPageQuerySchema,
  forumSearchQuerySchema,
  forumSummarySchema,
  questionBodySchema,
  questionCommentBodySchema,
  questionPageSchema,
  questionPatchSchema,
  questionSchema,
  tagParamsSchema,
} from '@school/shared/forum/schemas';
import { idParamsSchema } from '@school/shared/school/schemas';
import type { FastifyRequest } from 'fastify';
import { auditContextOf } from '../audit/service';
import { actorOf, signedInActor } from '../auth/actor';
import { addressThrottle, signedInUser, throttle } from '../auth/throttle';
import { schoolPolicy } from '../tenancy/policy';
import { forumService, viewerKey } from './service';

/**
 * The forum calls of spec 3 §7, plus moderation (hide/unhide, ours). Reading is public; writing needs login
 * (DECISIONS.md). Paths are matched with or without their trailing slash.
 */
export const forumRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = forumService(app);
  const tags = ['forum'];
  const security = [{ token: [] }];
  // One budget for everything an account writes: questions, answers, comments and edits.
  const posting = throttle(app, 'forum-post', signedInUser, { max: app.config.FORUM_POST_MAX, seconds: app.config.FORUM_POST_WINDOW_SECONDS });
  // Public reads that cost a query each (and a view row): generous per-address limits against scraping and floods.
  const reading = addressThrottle(app, 'forum-read', { max: app.config.FORUM_READ_MAX, seconds: 60 });
  const searching = addressThrottle(app, 'forum-search', { max: app.config.FORUM_SEARCH_MAX, seconds: 60 });
  const question = { 200: questionSchema, ...errorResponses };
  const answer = { 200: answerSchema, ...errorResponses };
  const comment = { 200: commentSchema, ...errorResponses };

  /** The school named in the path must be the site's (404 otherwise). */
  const siteSchool = (request: FastifyRequest, id: number) => {
    schoolPolicy.authorize(actorOf(request), 'view', { id });
    return request.school;
  };

  app.get('/schools/:id/forums/latest/', { schema: { tags, summary: 'Latest topics, newest first (pages from 1)', params: idParamsSchema, querystring: forumPageQuerySchema, response: { 200: questionPageSchema, ...errorResponses } } }, async (request) =>
    service.latest(actorOf(request), siteSchool(request, request.params.id), request.query.page),
  );
  app.get(
    '/schools/:id/forums/unanswered/',
    { schema: { tags, summary: 'Topics nobody has answered yet, newest first', params: idParamsSchema, querystring: forumPageQuerySchema, response: { 200: questionPageSchema, ...errorResponses } } },
    async (request) => service.unanswered(actorOf(request), siteSchool(request, request.params.id), request.query.page),
  );
  app.get('/schools/:id/forums/summary/', { schema: { tags, summary: 'Counts of questions and answers, and the tags of the latest questions (at most 10)', params: idParamsSchema, response: { 200: forumSummarySchema, ...errorResponses } } }, async (request) =>
    service.summary(siteSchool(request, request.params.id)),
  );
  app.get(
    '/schools/:id/forums/search/',
    {
      preHandler: searching,
      schema: {
        tags,
        summary: 'Full-text search of questions and answers (stemmed, ranked, title first), with titles like a misspelt word; excerpts mark the matches with <mark>',
        params: idParamsSchema,
        querystring: forumSearchQuerySchema,
        response: { 200: questionPageSchema, ...errorResponses },
      },
    },
    async (request) => service.search(actorOf(request), siteSchool(request, request.params.id), request.query.keyword, request.query.page),
  );
  app.get(
    '/schools/:id/forums/tag/:slug/',
    { schema: { tags, summary: 'Topics with a tag (lowercased and hyphenated), newest first', params: tagParamsSchema, querystring: forumPageQuerySchema, response: { 200: questionPageSchema, ...errorResponses } } },
    async (request) => service.byTag(actorOf(request), siteSchool(request, request.params.id), request.params.slug, request.query.page),
  );

  app.get('/forums/questions/:id/', { preHandler: reading, schema: { tags, summary: 'A topic with its answers and comments; a view counts once per viewer (an account, or an address) per day', params: idParamsSchema, response: question } }, async (request) => {
    const actor = actorOf(request);
    const viewer = viewerKey(app.config.SECRET_KEY, { userId: actor.userId, ip: request.ip });
    return service.view(actor, request.school, request.params.id, viewer);
  });
  app.post(
    '/forums/questions/',
    { preHandler: posting, schema: { tags, security, summary: 'Ask a question (Markdown description; tags comma-separated or a list)', body: questionBodySchema, response: { 201: questionSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await service.ask(signedInActor(request), request.school, request.body)),
  );
  app.patch('/forums/questions/:id/', { preHandler: posting, schema: { tags, security, summary: 'Edit a question (its author only)', params: idParamsSchema, body: questionPatchSchema, response: question } }, async (request) =>
    service.editQuestion(signedInActor(request), request.school, request.params.id, request.body),
  );
  for (const [direction, value] of [['upvote', 1], ['downvote', -1]] as const) {
    app.post(`/forums/questions/:id/${direction}/`, { schema: { tags, security, summary: `Vote a question ${direction === 'upvote' ? 'up' : 'down'} (one vote per account, changeable; never one's own)`, params: idParamsSchema, response: question } }, async (request) =>
      service.voteQuestion(signedInActor(request), request.school, request.params.id, value),
    );
    app.post(`/forums/answers/:id/${direction}/`, { schema: { tags, security, summary: `Vote an answer ${direction === 'upvote' ? 'up' : 'down'} (one vote per account, changeable; never one's own)`, params: idParamsSchema, response: answer } }, async (request) =>
      service.voteAnswer(signedInActor(request), request.school, request.params.id, value),
    );
  }
  app.post('/forums/questions/:id/close/', { schema: { tags, security, summary: "Close a question (its author, or the school's administrators); answers and comments stay open", params: idParamsSchema, response: question } }, async (request) =>
    service.close(signedInActor(request), request.school, request.params.id),
  );

  app.post(
    '/forums/answers/',
    { preHandler: posting, schema: { tags, security, summary: 'Answer a question (Markdown), also once it is closed', body: answerBodySchema, response: { 201: answerSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await service.answer(signedInActor(request), request.school, request.body.question, request.body.answer_text)),
  );
  app.patch('/forums/answers/:id/', { preHandler: posting, schema: { tags, security, summary: 'Edit an answer (its author only)', params: idParamsSchema, body: answerPatchSchema, response: answer } }, async (request) =>
    service.editAnswer(signedInActor(request), request.school, request.params.id, request.body.answer_text),
  );
  app.post('/forums/answers/:id/accept/', { schema: { tags, security, summary: "Accept an answer (the question's author, while the question is not answered yet)", params: idParamsSchema, response: answer } }, async (request) =>
    service.accept(signedInActor(request), request.school, request.params.id),
  );

  app.post(
    '/forums/question/comments/',
    { preHandler: posting, schema: { tags, security, summary: 'Comment on a question', body: questionCommentBodySchema, response: { 201: commentSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await service.comment(signedInActor(request), request.school, { question: request.body.question }, request.body.comment_text)),
  );
  app.post(
    '/forums/answer/comments/',
    { preHandler: posting, schema: { tags, security, summary: 'Comment on an answer', body: answerCommentBodySchema, response: { 201: commentSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await service.comment(signedInActor(request), request.school, { answer: request.body.answer }, request.body.comment_text)),
  );
  for (const on of ['question', 'answer'] as const) {
    app.patch(`/forums/${on}/comments/:id/`, { preHandler: posting, schema: { tags, security, summary: `Edit a comment on ${on === 'question' ? 'a question' : 'an answer'} (its author only)`, params: idParamsSchema, body: commentPatchSchema, response: comment } }, async (request) =>
      service.editComment(signedInActor(request), request.school, request.params.id, on, request.body.comment_text),
    );
  }

  // Moderation by the school's administrators: a hidden post is gone for everybody else; unhide brings it back.
  const moderator = (request: FastifyRequest) => auditContextOf(request, signedInActor(request).userId);
  for (const [action, hidden] of [['hide', true], ['unhide', false]] as const) {
    const summary = (what: string) => `${hidden ? 'Hide' : 'Show again'} ${what} (the school's administrators)`;
    app.post(`/forums/questions/:id/${action}/`, { schema: { tags, security, summary: summary('a question'), params: idParamsSchema, response: question } }, async (request) =>
      service.hideQuestion(signedInActor(request), request.school, request.params.id, hidden, moderator(request)),
    );
    app.post(`/forums/answers/:id/${action}/`, { schema: { tags, security, summary: summary('an answer'), params: idParamsSchema, response: answer } }, async (request) =>
      service.hideAnswer(signedInActor(request), request.school, request.params.id, hidden, moderator(request)),
    );
    for (const on of ['question', 'answer'] as const) {
      app.post(`/forums/${on}/comments/:id/${action}/`, { schema: { tags, security, summary: summary(`a comment on ${on === 'question' ? 'a question' : 'an answer'}`), params: idParamsSchema, response: comment } }, async (request) =>
        service.hideComment(signedInActor(request), request.school, request.params.id, on, hidden, moderator(request)),
      );
    }
  }
};
