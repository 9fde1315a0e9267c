import { forumServerMessages as s } from '@school/shared/forum/rules';
import { forbidden } from '../../lib/errors';
import { type Actor, allowedTo, definePolicy } from '../../lib/policy';

/** A question, an answer or a comment, as the policy sees it. */
export interface ForumPost {
  schoolId: number;
  userId: number;
  /** Hidden by staff, or under a hidden question or answer. */
  hidden: boolean;
  /** The author of the question the post belongs to (a question's own author for a question). */
  questionUserId: number;
}

/** The school's administrators (and platform administrators) moderate its forum; instructors take part as members. */
export const moderates = allowedTo('forum.moderate');
const author = (actor: Actor, post: ForumPost) => actor.userId !== null && actor.userId === post.userId;
const signedIn = (actor: Actor) => actor.userId !== null;

/**
 * Who may do what with a forum post. Another school's post, or a hidden one for anybody but a moderator,
 * does not exist (404). Authorship is the stored author against the token's account, never the body's.
 * The verbs say who; the post's state (closed, answered) is the service's to check.
 */
export const forumPolicy = definePolicy({
  schoolOf: (post: ForumPost) => post.schoolId,
  visible: (actor, post) => !post.hidden || moderates(actor),
  verbs: {
    view: () => true,
    edit: author,
    vote: (actor, post) => signedIn(actor) && !author(actor, post),
    hide: moderates,
    /** Questions: the author, or a moderator. */
    close: (actor, post) => author(actor, post) || moderates(actor),
    /** Answers: the question's author picks one. */
    accept: (actor, post) => actor.userId !== null && actor.userId === post.questionUserId,
    /** Answering or commenting: any signed-in account, also after the question is closed. */
    reply: signedIn,
  },
  refusal: {
    edit: () => forbidden(s.notAuthor, 'not_author'),
    vote: () => forbidden(s.ownVote, 'own_vote'),
    close: () => forbidden(s.notAuthor, 'not_author'),
    accept: () => forbidden(s.notQuestionAuthor, 'not_question_author'),
  },
});

/** The console's moderation lists of the school's forum (forum.moderate). */
export const forumModerationPolicy = definePolicy({
  schoolOf: (school: { id: number }) => school.id,
  verbs: { moderate: moderates },
});
