import type { ForumComment } from '@school/shared/forum/schemas';
import { forumMessages as m } from '@school/shared/forum/rules';
import type { CommentTarget, Moderated } from '../api/forum-calls';
import type { ForumForm } from './forum-modal';
import { ModerateButton } from './moderate-button';
import { PostByline } from './post-byline';
import { SeeMore } from './see-more';
import { TopicMarkers } from './topic-markers';

export interface CommentActions {
  /** Opens the forum modal (a visitor is asked to log in instead). */
  open: (form: ForumForm) => void;
  /** Hides a post (after asking) or shows a hidden one again. */
  moderate: (post: Moderated, hide: boolean) => void;
}

/** A post's comments, each with Edit for its author, and Leave a Comment (spec 3 §2). */
export function CommentList({ comments, target, canComment, actions }: { comments: ForumComment[]; target: CommentTarget; canComment: boolean; actions: CommentActions }) {
  return (
    <section className="comments" aria-label="Comments">
      {comments.length === 0 ? (
        <p className="muted">{m.noComments}</p>
      ) : (
        <ul className="comment-list">
          {comments.map((comment) => (
            <li key={comment.id} className="comment">
              <TopicMarkers hidden={comment.hidden} />
              <SeeMore html={comment.comment_html} label={`comment by ${comment.user.full_name}`} />
              <div className="post-foot">
                <PostByline user={comment.user} verb="commented" pubDate={comment.pub_date} updated={comment.updated} />
                <div className="post-actions">
                  {comment.abilities.edit && (
                    <button type="button" className="link" onClick={() => actions.open({ kind: 'edit-comment', comment })}>
                      Edit
                    </button>
                  )}
                  {comment.abilities.hide && <ModerateButton post={{ comment }} hidden={comment.hidden} moderate={actions.moderate} className="link" />}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {canComment && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => actions.open({ kind: 'comment', target })}>
          Leave a Comment
        </button>
      )}
    </section>
  );
}
