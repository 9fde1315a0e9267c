import type { ForumAnswer, ForumComment, ForumQuestion, ForumUser, QuestionSummary } from '@school/shared/forum/schemas';
import { publicUrlOf, type PublicFiles } from '../../infra/storage/storage';
import type { Actor } from '../../lib/policy';
import { fullName } from '../account/presenter';
import { forumPolicy, type ForumPost } from './policy';
import { excerptHtml } from './render';
import type { AnswerRow, AuthorRow, CommentRow, ListedQuestion, QuestionRow } from './repository';

const voteOf = (value: number | null | undefined): ForumQuestion['vote'] => (value === 1 ? 'up' : value === -1 ? 'down' : null);

export function presentUser(files: PublicFiles, user: AuthorRow): ForumUser {
  return { id: user.id, full_name: fullName(user) || user.username, username: user.username, photo: publicUrlOf(files, user.photo) };
}

export const questionPost = (q: Pick<QuestionRow, 'schoolId' | 'userId' | 'hiddenAt'>): ForumPost => ({ schoolId: q.schoolId, userId: q.userId, hidden: q.hiddenAt !== null, questionUserId: q.userId });

function questionFields(files: PublicFiles, q: QuestionRow, author: AuthorRow, vote: number | null | undefined) {
  return {
    id: q.id,
    title: q.title,
    description: q.body,
    description_html: q.bodyHtml,
    tags: q.tags,
    user: presentUser(files, author),
    pub_date: q.createdAt.toISOString(),
    updated: q.updatedAt.toISOString(),
    view_count: q.viewCount,
    answer_count: q.answerCount,
    positive_votes: q.positiveVotes,
    negative_votes: q.negativeVotes,
    vote: voteOf(vote),
    closed: q.closed,
    answered: q.answered,
    school: q.schoolId,
    source: q.source,
    hidden: q.hiddenAt !== null,
  };
}

export function presentSummary(files: PublicFiles, row: ListedQuestion): QuestionSummary {
  return { ...questionFields(files, row.question, row.author, row.vote), excerpt: row.excerpt ? excerptHtml(row.excerpt) : null };
}

interface Topic {
  question: QuestionRow;
  author: AuthorRow;
  answers: { answer: AnswerRow; author: AuthorRow }[];
  comments: { comment: CommentRow; author: AuthorRow }[];
  votes: { questionId: number | null; answerId: number | null; value: number }[];
}

/** A topic as the caller may see it: what they may do with each post comes from forumPolicy. */
export function presentTopic(files: PublicFiles, actor: Actor, topic: Topic): ForumQuestion {
  const { question: q } = topic;
  const questionAsPost = questionPost(q);
  const can = forumPolicy.abilities(actor, questionAsPost);
  const answerVotes = new Map(topic.votes.filter((v) => v.answerId !== null).map((v) => [v.answerId!, v.value]));
  const comment = (c: CommentRow, author: AuthorRow): ForumComment => {
    const abilities = forumPolicy.abilities(actor, { schoolId: c.schoolId, userId: c.userId, hidden: c.hiddenAt !== null, questionUserId: q.userId });
    return {
      id: c.id,
      comment_text: c.body,
      comment_html: c.bodyHtml,
      user: presentUser(files, author),
      pub_date: c.createdAt.toISOString(),
      updated: c.updatedAt.toISOString(),
      question: c.answerId === null ? c.questionId : null,
      answer: c.answerId,
      hidden: c.hiddenAt !== null,
      abilities: { edit: abilities.edit, vote: false, hide: abilities.hide },
    };
  };
  const commentsOn = (answerId: number | null) => topic.comments.filter((c) => c.comment.answerId === answerId).map((c) => comment(c.comment, c.author));
  return {
    ...questionFields(files, q, topic.author, topic.votes.find((v) => v.questionId === q.id)?.value),
    comments: commentsOn(null),
    answers: topic.answers.map(({ answer: a, author }): ForumAnswer => {
      const abilities = forumPolicy.abilities(actor, { schoolId: a.schoolId, userId: a.userId, hidden: a.hiddenAt !== null, questionUserId: q.userId });
      return {
        id: a.id,
        answer_text: a.body,
        answer_html: a.bodyHtml,
        user: presentUser(files, author),
        pub_date: a.createdAt.toISOString(),
        updated: a.updatedAt.toISOString(),
        comments: commentsOn(a.id),
        positive_votes: a.positiveVotes,
        negative_votes: a.negativeVotes,
        accepted: a.accepted,
        vote: voteOf(answerVotes.get(a.id)),
        question: a.questionId,
        hidden: a.hiddenAt !== null,
        abilities: { edit: abilities.edit, vote: abilities.vote, hide: abilities.hide, accept: abilities.accept && !q.answered && a.hiddenAt === null },
      };
    }),
    abilities: { edit: can.edit, vote: can.vote, hide: can.hide, close: can.close && !q.closed, answer: can.reply, comment: can.reply },
  };
}
