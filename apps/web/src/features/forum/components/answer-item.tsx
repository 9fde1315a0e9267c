import type { ForumAnswer } from '@school/shared/forum/schemas';
import { CommentList, type CommentActions } from './comment-list';
import { ModerateButton } from './moderate-button';
import { PostByline } from './post-byline';
import { SeeMore } from './see-more';
import { TopicMarkers } from './topic-markers';
import { Votes } from './votes';

export interface AnswerActions extends CommentActions {
  accept: (answer: ForumAnswer) => void;
}

/** An answer: votes (its author sees Edit instead, spec 3 §4), the accepted mark or Accept, its text and comments. */
export function AnswerItem({ answer, canComment, actions }: { answer: ForumAnswer; canComment: boolean; actions: AnswerActions }) {
  return (
    <li>
      <article className={`post answer ${answer.accepted ? 'is-accepted' : ''}`} aria-label={`Answer by ${answer.user.full_name}`}>
        <div className="post-row">
          <div className="post-side">
            <Votes on={{ answer: answer.id }} item={answer} canVote={answer.abilities.vote} />
          </div>
          <div className="post-body">
            {answer.accepted && (
              <p className="topic-markers">
                <span className="marker marker-answered">✓ Accepted answer</span>
              </p>
            )}
            <TopicMarkers hidden={answer.hidden} />
            <SeeMore html={answer.answer_html} label={`answer by ${answer.user.full_name}`} />
            <div className="post-foot">
              <PostByline user={answer.user} verb="answered" pubDate={answer.pub_date} updated={answer.updated} />
              <div className="post-actions">
                {answer.abilities.accept && (
                  <button type="button" className="btn btn-primary btn-sm" onClick={() => actions.accept(answer)}>
                    Accept
                  </button>
                )}
                {answer.abilities.edit && (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => actions.open({ kind: 'edit-answer', answer })}>
                    Edit
                  </button>
                )}
                {answer.abilities.hide && <ModerateButton post={{ answer: answer.id }} hidden={answer.hidden} moderate={actions.moderate} />}
              </div>
            </div>
            <CommentList comments={answer.comments} target={{ answer: answer.id }} canComment={canComment} actions={actions} />
          </div>
        </div>
      </article>
    </li>
  );
}
