import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForumAnswer, ForumComment, ForumQuestion, ForumSummary, QuestionPage } from '@school/shared/forum/schemas';
import { api } from '@/lib/api-client';
import { storedToken } from '@/lib/session';

/** Which list of topics: the two tabs of /forums, a keyword search or a tag (spec 3 §2, §7). */
export type TopicList = { kind: 'latest' } | { kind: 'unanswered' } | { kind: 'search'; keyword: string } | { kind: 'tag'; slug: string };

function listPath(schoolId: number, list: TopicList, page: number) {
  const base = `/schools/${schoolId}/forums`;
  switch (list.kind) {
    case 'latest':
    case 'unanswered':
      return `${base}/${list.kind}/?page=${page}`;
    case 'search':
      return `${base}/search/?${new URLSearchParams({ keyword: list.keyword, page: String(page) })}`;
    case 'tag':
      return `${base}/tag/${encodeURIComponent(list.slug)}/?page=${page}`;
  }
}

/**
 * Pages from 1, later pages appended (spec 3 §4). Topics carry the caller's vote, so the session is part of
 * the key; every forum key starts with 'forum', which a change invalidates.
 */
export const topicsQueryOptions = (schoolId: number, list: TopicList) =>
  infiniteQueryOptions({
    queryKey: ['forum', 'topics', schoolId, storedToken(), list],
    queryFn: ({ pageParam }) => api<QuestionPage>(listPath(schoolId, list, pageParam)),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const summaryQueryOptions = (schoolId: number) =>
  queryOptions({ queryKey: ['forum', 'summary', schoolId], queryFn: () => api<ForumSummary>(`/schools/${schoolId}/forums/summary/`) });

/** One topic; the server counts the view (once per viewer per day). */
export const questionQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['forum', 'question', id, storedToken()], queryFn: () => api<ForumQuestion>(`/forums/questions/${id}/`) });

/** Every forum read again after a change: the topic, the lists it appears in, the statistics. */
function useForumMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['forum'] }) });
}

export interface QuestionFields {
  title: string;
  description: string;
  tags: string[];
}

export const useAskQuestion = () =>
  useForumMutation((body: QuestionFields & { school: number }) => api<ForumQuestion>('/forums/questions/', { body }));
export const useEditQuestion = () =>
  useForumMutation(({ id, ...body }: QuestionFields & { id: number }) => api<ForumQuestion>(`/forums/questions/${id}/`, { method: 'PATCH', body }));
export const useCloseQuestion = () => useForumMutation((id: number) => api<ForumQuestion>(`/forums/questions/${id}/close/`, { body: {} }));

export const useAnswer = () =>
  useForumMutation((body: { question: number; answer_text: string }) => api<ForumAnswer>('/forums/answers/', { body }));
export const useEditAnswer = () =>
  useForumMutation(({ id, answer_text }: { id: number; answer_text: string }) => api<ForumAnswer>(`/forums/answers/${id}/`, { method: 'PATCH', body: { answer_text } }));
export const useAcceptAnswer = () => useForumMutation((id: number) => api<ForumAnswer>(`/forums/answers/${id}/accept/`, { body: {} }));

/** What a comment hangs on: a question or one of its answers (spec 3 §2). */
export type CommentTarget = { question: number } | { answer: number };
const commentBase = (target: CommentTarget | ForumComment) => ('answer' in target && target.answer !== null ? '/forums/answer/comments/' : '/forums/question/comments/');

export const useComment = () =>
  useForumMutation(({ target, comment_text }: { target: CommentTarget; comment_text: string }) => api<ForumComment>(commentBase(target), { body: { ...target, comment_text } }));
export const useEditComment = () =>
  useForumMutation(({ comment, comment_text }: { comment: ForumComment; comment_text: string }) =>
    api<ForumComment>(`${commentBase(comment)}${comment.id}/`, { method: 'PATCH', body: { comment_text } }),
  );

/** A vote on a question or an answer; the server keeps one per user and item, and refuses one's own. */
export type Votable = { question: number } | { answer: number };
export const useVote = () =>
  useForumMutation(({ on, direction }: { on: Votable; direction: 'up' | 'down' }) =>
    api<unknown>('question' in on ? `/forums/questions/${on.question}/${direction}vote/` : `/forums/answers/${on.answer}/${direction}vote/`, { body: {} }),
  );

/** Staff moderation: a hidden post is gone for everybody else; unhiding brings it back. */
export type Moderated = { question: number } | { answer: number } | { comment: ForumComment };
function moderationPath(post: Moderated, action: 'hide' | 'unhide') {
  if ('question' in post) return `/forums/questions/${post.question}/${action}/`;
  if ('answer' in post) return `/forums/answers/${post.answer}/${action}/`;
  return `${commentBase(post.comment)}${post.comment.id}/${action}/`;
}
export const useModerate = () =>
  useForumMutation(({ post, hidden }: { post: Moderated; hidden: boolean }) => api<unknown>(moderationPath(post, hidden ? 'hide' : 'unhide'), { body: {} }));
