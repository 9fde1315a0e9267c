import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { forumMessages as m, forumServerMessages } from '@school/shared/forum/rules';
import type { ForumQuestion } from '@school/shared/forum/schemas';
import { PageHeader } from '@/components/breadcrumb';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { ResponseModal } from '@/components/response-modal';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { authModal } from '@/lib/auth-modal';
import { useSchool } from '@/lib/school';
import { useSession } from '@/lib/session';
import { questionQueryOptions, useAcceptAnswer, useCloseQuestion, useModerate, type Moderated } from '../api/forum-calls';
import { forumErrorText } from '../api/forum-errors';
import { AnswerItem, type AnswerActions } from '../components/answer-item';
import { CommentList } from '../components/comment-list';
import { ForumModal, type ForumForm } from '../components/forum-modal';
import { ForumSidebar } from '../components/forum-sidebar';
import { ModerateButton } from '../components/moderate-button';
import { PostByline } from '../components/post-byline';
import { SeeMore } from '../components/see-more';
import { TagList } from '../components/tag-list';
import { TopicMarkers } from '../components/topic-markers';
import { Votes } from '../components/votes';
import '../forum.css';

/** An action that asks first: closing a question, hiding a post. */
interface Confirmation {
  title: string;
  message: string;
  run: () => Promise<unknown>;
}

const failed = (error: unknown) => notify.error(forumErrorText(error));

/** /forums/topic/{id}: the question, its answers and comments, votes, views and answers (spec 3 §2). */
export function ForumTopic() {
  const { id } = useParams();
  const questionId = Number(id);
  const valid = Number.isInteger(questionId) && questionId > 0;
  const navigate = useNavigate();
  const { data: school } = useSchool();
  const session = useSession();
  const question = useQuery({ ...questionQueryOptions(questionId), enabled: valid });
  const missing = !valid || (question.error instanceof ApiError && question.error.status === 404);
  const [form, setForm] = useState<ForumForm | null>(null);
  const [confirming, setConfirming] = useState<Confirmation | null>(null);
  const accept = useAcceptAnswer();
  const close = useCloseQuestion();
  const moderation = useModerate();

  useEffect(() => {
    if (!missing) return;
    notify.error(m.unavailable);
    navigate(paths.forums, { replace: true });
  }, [missing, navigate]);

  if (missing) return null;
  const q = question.data;

  // Reading is public; writing needs an account, so a visitor is asked to log in first (DECISIONS.md).
  const open = (next: ForumForm) => (session ? setForm(next) : authModal.open('login'));
  const moderate = (post: Moderated, hide: boolean) => {
    const run = () => moderation.mutateAsync({ post, hidden: hide });
    if (!hide) return void run().catch(failed);
    setConfirming({
      title: 'Hide this post?',
      message: "It will be gone for everybody but the school's staff, who can show it again.",
      run: () => run().then(() => notify.success(forumServerMessages.hidden)),
    });
  };
  const actions: AnswerActions = {
    open,
    moderate,
    accept: (answer) => accept.mutate(answer.id, { onError: failed }),
  };

  return (
    <main>
      <PageHeader
        title={q?.title ?? 'Forums'}
        cover={school?.cover}
        trail={[{ label: 'Home', to: paths.home }, { label: 'Forums', to: paths.forums }, ...(q ? [{ label: q.title }] : [])]}
      />
      <div className="container forum-layout forum-topic">
        <div className="forum-main">
          {question.isPending ? (
            <Loading />
          ) : !q ? (
            <LoadError message={forumErrorText(question.error)} retry={() => void question.refetch()} />
          ) : (
            <>
              <QuestionPost
                q={q}
                canComment={q.abilities.comment || !session}
                actions={actions}
                onEdit={() => open({ kind: 'edit-question', question: q })}
                onClose={() =>
                  setConfirming({
                    title: 'Close this question?',
                    message: 'Others may still answer and comment after it is closed.',
                    run: () => close.mutateAsync(q.id).then(() => notify.success(m.questionClosed)),
                  })
                }
              />
              <section className="answers" aria-labelledby="forum-answers">
                <h2 id="forum-answers">{q.answer_count === 1 ? '1 Answer' : `${q.answer_count} Answers`}</h2>
                {q.answers.length === 0 ? (
                  <p className="muted">{m.noAnswers}</p>
                ) : (
                  <ol className="answer-list">
                    {q.answers.map((answer) => (
                      <AnswerItem key={answer.id} answer={answer} canComment={q.abilities.comment || !session} actions={actions} />
                    ))}
                  </ol>
                )}
                {(q.abilities.answer || !session) && (
                  <button type="button" className="btn btn-primary" onClick={() => open({ kind: 'answer', question: q.id })}>
                    Answer Question
                  </button>
                )}
              </section>
            </>
          )}
        </div>
        <ForumSidebar onAsk={() => setForm({ kind: 'ask' })} />
      </div>
      <ForumModal form={form} onClose={() => setForm(null)} />
      <ResponseModal
        open={confirming !== null}
        type="warning"
        title={confirming?.title ?? ''}
        message={confirming?.message}
        onClose={() => setConfirming(null)}
        actions={[
          {
            label: 'Confirm',
            onClick: () => {
              const run = confirming?.run;
              setConfirming(null);
              run?.().catch(failed);
            },
          },
          { label: 'Cancel', variant: 'ghost', onClick: () => setConfirming(null) },
        ]}
      />
    </main>
  );
}

/** The question: votes for others, Edit and Close for its author (spec 3 §4), its text, tags, counts, comments. */
function QuestionPost({
  q,
  canComment,
  actions,
  onEdit,
  onClose,
}: {
  q: ForumQuestion;
  canComment: boolean;
  actions: AnswerActions;
  onEdit: () => void;
  onClose: () => void;
}) {
  return (
    <article className="post question" aria-labelledby="forum-question">
      {/* The page's title is the question's: this heading leads its text's own (h3 and below) for screen readers. */}
      <h2 id="forum-question" className="visually-hidden">
        Question
      </h2>
      {q.closed && (
        <p className="banner banner-warning" role="status">
          This question is closed. Answers and comments are still welcome.
        </p>
      )}
      <div className="post-row">
        <div className="post-side">
          <Votes on={{ question: q.id }} item={q} canVote={q.abilities.vote} />
        </div>
        <div className="post-body">
          <TopicMarkers closed={q.closed} answered={q.answered} hidden={q.hidden} />
          <SeeMore html={q.description_html} label="the question" />
          <TagList tags={q.tags} />
          <dl className="post-facts">
            <div>
              <dt>Views</dt>
              <dd>{q.view_count}</dd>
            </div>
            <div>
              <dt>Answers</dt>
              <dd>{q.answer_count}</dd>
            </div>
          </dl>
          <div className="post-foot">
            <PostByline user={q.user} verb="asked" pubDate={q.pub_date} updated={q.updated} />
            <div className="post-actions">
              {q.abilities.edit && (
                <button type="button" className="btn btn-ghost btn-sm" onClick={onEdit}>
                  Edit
                </button>
              )}
              {q.abilities.close && !q.closed && (
                <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
                  Close
                </button>
              )}
              {q.abilities.hide && <ModerateButton post={{ question: q.id }} hidden={q.hidden} moderate={actions.moderate} />}
            </div>
          </div>
          <CommentList comments={q.comments} target={{ question: q.id }} canComment={canComment} actions={actions} />
        </div>
      </div>
    </article>
  );
}
