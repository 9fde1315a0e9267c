import { z } from 'zod';
import { listSchema } from '../api/errors';
import { idParamsSchema } from '../school/schemas';
import { BODY_MAX, COMMENT_MAX, TAG_MAX, TAGS_MAX, TITLE_MAX, forumMessages as m, forumServerMessages as s, parseTags } from './rules';

const text = (max: number) =>
  z
    .string({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .max(max, { error: s.tooLong(max) });

/** A row's id: a positive 32-bit integer (larger ones are no row, and the database would refuse them). */
const rowId = z.coerce.number().int().positive().max(2_147_483_647);

const tagsInput = z
  .union([z.string(), z.array(z.string())], { error: m.required })
  .optional()
  .transform((v) => parseTags(v ?? []))
  .pipe(z.array(z.string().max(TAG_MAX, { error: s.tooLong(TAG_MAX) })).max(TAGS_MAX, { error: s.tooManyTags }));

export const questionBodySchema = z.object({
  title: text(TITLE_MAX),
  description: text(BODY_MAX).describe('Markdown'),
  tags: tagsInput.describe('comma-separated, or a list'),
  school: rowId.optional().describe("the site's school; another school's id answers 404"),
});
export type QuestionBody = z.input<typeof questionBodySchema>;
/** Only the fields sent change: a missing `tags` keeps the question's tags, an empty one clears them. */
export const questionPatchSchema = z.object({ title: text(TITLE_MAX).optional(), description: text(BODY_MAX).optional(), tags: tagsInput.optional() });

export const answerBodySchema = z.object({ answer_text: text(BODY_MAX).describe('Markdown'), question: rowId });
export const answerPatchSchema = z.object({ answer_text: text(BODY_MAX) });
export const questionCommentBodySchema = z.object({ comment_text: text(COMMENT_MAX), question: rowId });
export const answerCommentBodySchema = z.object({ comment_text: text(COMMENT_MAX), answer: rowId });
export const commentPatchSchema = z.object({ comment_text: text(COMMENT_MAX) });

export const forumUserSchema = z.object({ id: z.number(), full_name: z.string(), username: z.string(), photo: z.string().nullable() });
export type ForumUser = z.infer<typeof forumUserSchema>;
const vote = z.enum(['up', 'down']).nullable().describe("the caller's vote");
/** What the caller may do with a post: the page shows the server's decision. */
const abilities = z.object({ edit: z.boolean(), vote: z.boolean(), hide: z.boolean() });

export const commentSchema = z.object({
  id: z.number(),
  comment_text: z.string().describe('Markdown, as written'),
  comment_html: z.string().describe('sanitized HTML'),
  user: forumUserSchema,
  pub_date: z.string(),
  updated: z.string(),
  question: z.number().nullable(),
  answer: z.number().nullable(),
  hidden: z.boolean().describe("hidden by the school's staff: only they still see it"),
  abilities,
});
export type ForumComment = z.infer<typeof commentSchema>;

export const answerSchema = z.object({
  id: z.number(),
  answer_text: z.string(),
  answer_html: z.string(),
  user: forumUserSchema,
  pub_date: z.string(),
  updated: z.string(),
  comments: z.array(commentSchema),
  positive_votes: z.number(),
  negative_votes: z.number(),
  accepted: z.boolean(),
  vote,
  question: z.number(),
  hidden: z.boolean(),
  abilities: abilities.extend({ accept: z.boolean() }),
});
export type ForumAnswer = z.infer<typeof answerSchema>;

const questionFields = {
  id: z.number(),
  title: z.string(),
  description: z.string().describe('Markdown, as written'),
  description_html: z.string(),
  tags: z.array(z.string()),
  user: forumUserSchema,
  pub_date: z.string(),
  updated: z.string(),
  view_count: z.number(),
  answer_count: z.number(),
  positive_votes: z.number(),
  negative_votes: z.number(),
  vote,
  closed: z.boolean(),
  answered: z.boolean(),
  school: z.number(),
  source: z.string(),
  hidden: z.boolean(),
};
/** A topic in a list: no answers or comments. `excerpt` is a search result's highlighted HTML (<mark>). */
export const questionSummarySchema = z.object({ ...questionFields, excerpt: z.string().nullable() });
export type QuestionSummary = z.infer<typeof questionSummarySchema>;
export const questionSchema = z.object({
  ...questionFields,
  comments: z.array(commentSchema),
  answers: z.array(answerSchema),
  abilities: abilities.extend({ close: z.boolean(), answer: z.boolean(), comment: z.boolean() }),
});
export type ForumQuestion = z.infer<typeof questionSchema>;

export const questionPageSchema = listSchema(questionSummarySchema);
export type QuestionPage = z.infer<typeof questionPageSchema>;
export const forumSummarySchema = z.object({ questions: z.number(), answers: z.number(), recent_tags: z.array(z.string()) });
export type ForumSummary = z.infer<typeof forumSummarySchema>;

export const forumPageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const forumSearchQuerySchema = forumPageQuerySchema.extend({
  keyword: z.string({ error: s.keywordRequired }).trim().min(1, { error: s.keywordRequired }).max(200),
});
export const tagParamsSchema = idParamsSchema.extend({ slug: z.string().min(1).max(TAG_MAX) });
