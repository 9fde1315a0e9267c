/** The product's own words for the forum (spec 3 §2, §5, §8). */
export const forumMessages = {
  required: 'This field is required',
  questionSubmitted: 'Question submitted!',
  answerSubmitted: 'Answer submitted!',
  commentPosted: 'Comment posted!',
  commentUpdated: 'Comment updated!',
  questionUpdated: 'Question updated!',
  questionClosed: 'Question closed!',
  unavailable: "Requested forum question isn't available",
  serverError: "An error has occurred and we're working to fix the problem! We'll be up and running shortly.",
  noQuestions: 'No questions found',
  noAnswers: 'No answers found',
  noComments: 'No comments found',
  noTags: 'No tags found.',
  noResults: 'Sorry, no result found',
} as const;

/** Texts the spec leaves to us (README: forum). */
export const forumServerMessages = {
  ownVote: 'You cannot vote on your own post.',
  notAuthor: 'Only the author can do this.',
  notQuestionAuthor: 'Only the author of the question can accept an answer.',
  alreadyAnswered: 'This question already has an accepted answer.',
  alreadyClosed: 'This question is already closed.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  tooManyTags: `Enter at most ${5} tags.`,
  hidden: 'The post has been hidden.',
  keywordRequired: 'Enter a word to search for.',
} as const;

export const FORUM_PAGE_SIZE = 10;
/** Spec 3 §9: See more when the text runs over 5 lines. */
export const SEE_MORE_LINES = 5;
export const TITLE_MAX = 255;
export const BODY_MAX = 20_000;
export const COMMENT_MAX = 2_000;
export const TAG_MAX = 40;
export const TAGS_MAX = 5;

/** A tag as the forum keeps and searches it: lowercased, spaces and underscores hyphenated (spec 3 §2). */
export function tagSlug(tag: string): string {
  return tag
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/[^\p{L}\p{N}-]/gu, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

/** Tags entered comma-separated: split, trimmed, slugged, empty and repeated ones dropped (spec 3 §5). */
export function parseTags(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((t) => t.split(','));
  return [...new Set(parts.map(tagSlug).filter(Boolean))];
}

/** Search runs only with a non-empty value (spec 3 §5). */
export const searchable = (keyword: string) => keyword.trim().length > 0;
