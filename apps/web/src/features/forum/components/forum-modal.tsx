import type { DefaultValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { forumMessages as m, parseTags } from '@school/shared/forum/rules';
import { answerPatchSchema, commentPatchSchema, questionBodySchema, type ForumAnswer, type ForumComment, type ForumQuestion } from '@school/shared/forum/schemas';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';
import { useServerForm } from '@/lib/use-server-form';
import { useAnswer, useAskQuestion, useComment, useEditAnswer, useEditComment, useEditQuestion, type CommentTarget } from '../api/forum-calls';
import { MarkdownField } from './markdown-field';

/** What the forum modal is open for (spec 3 §2): a new post or the edit of one, prefilled with its Markdown. */
export type ForumForm =
  | { kind: 'ask' }
  | { kind: 'edit-question'; question: ForumQuestion }
  | { kind: 'answer'; question: number }
  | { kind: 'edit-answer'; answer: ForumAnswer }
  | { kind: 'comment'; target: CommentTarget }
  | { kind: 'edit-comment'; comment: ForumComment };

const titles: Record<ForumForm['kind'], string> = {
  ask: 'Ask a Question',
  'edit-question': 'Edit Question',
  answer: 'Answer Question',
  'edit-answer': 'Edit Answer',
  comment: 'Leave a Comment',
  'edit-comment': 'Edit Comment',
};

/** The one forum modal; `form` null keeps it closed. */
export function ForumModal({ form, onClose }: { form: ForumForm | null; onClose: () => void }) {
  return (
    <Modal open={form !== null} onClose={onClose} title={form ? titles[form.kind] : ''} size="lg">
      {form && <ForumFormBody form={form} onDone={onClose} />}
    </Modal>
  );
}

function ForumFormBody({ form, onDone }: { form: ForumForm; onDone: () => void }) {
  switch (form.kind) {
    case 'ask':
    case 'edit-question':
      return <QuestionForm question={form.kind === 'edit-question' ? form.question : null} onDone={onDone} />;
    case 'answer':
    case 'edit-answer':
      return <AnswerForm form={form} onDone={onDone} />;
    case 'comment':
    case 'edit-comment':
      return <CommentForm form={form} onDone={onDone} />;
  }
}

/** A forum form: the shared schema's client check, then the server's field errors and banner (spec 3 §8). */
function useForumForm<T extends Record<string, string>>(schema: z.ZodType, defaults: T) {
  const server = useServerForm<T>(schema, defaults as DefaultValues<T>);
  /** Sends, then `done` (toast and close); a refusal stays in the form. */
  async function send<R>(run: () => Promise<R>, done: (result: R) => void) {
    server.setBanner(null);
    try {
      done(await run());
    } catch (error) {
      server.showServerError(error);
    }
  }
  return { ...server, send };
}

/** Closes the modal and says what happened. */
const closeWith = (onDone: () => void, message: string) => () => {
  onDone();
  notify.success(message);
};

type QuestionValues = { title: string; description: string; tags: string };

function QuestionForm({ question, onDone }: { question: ForumQuestion | null; onDone: () => void }) {
  const navigate = useNavigate();
  const school = useSchool().data;
  const ask = useAskQuestion();
  const edit = useEditQuestion();
  const { form, field, banner, send } = useForumForm<QuestionValues>(questionBodySchema, {
    title: question?.title ?? '',
    description: question?.description ?? '',
    tags: question?.tags.join(', ') ?? '',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const body = { title: values.title.trim(), description: values.description, tags: parseTags(values.tags) };
    if (question) return send(() => edit.mutateAsync({ id: question.id, ...body }), closeWith(onDone, m.questionUpdated));
    // A submitted question opens its topic (spec 3 §4).
    return send(
      () => ask.mutateAsync({ ...body, school: school!.id }),
      (saved) => {
        onDone();
        notify.success(m.questionSubmitted);
        navigate(paths.forumTopic(String(saved.id)));
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="forum-form">
      <FormBanner message={banner} />
      <TextField label="Title" error={errors.title?.message} {...field('title')} />
      <MarkdownField label="Description" text={form.watch('description')} error={errors.description?.message} {...field('description')} />
      <TextField label="Tags" placeholder="mcle, ethics, legal-writing" error={errors.tags?.message} {...field('tags')} />
      <p className="field-hint">Optional; separate tags with commas.</p>
      <Button type="submit" label={question ? 'Update Question' : 'Submit Question'} busy={ask.isPending || edit.isPending} />
    </form>
  );
}

function AnswerForm({ form: target, onDone }: { form: Extract<ForumForm, { kind: 'answer' | 'edit-answer' }>; onDone: () => void }) {
  const answer = useAnswer();
  const edit = useEditAnswer();
  const { form, field, banner, send } = useForumForm(answerPatchSchema, { answer_text: target.kind === 'edit-answer' ? target.answer.answer_text : '' });

  const onSubmit = form.handleSubmit(({ answer_text }) =>
    target.kind === 'edit-answer'
      ? // The spec names no toast for an edited answer: it gets one like every other edit.
        send(() => edit.mutateAsync({ id: target.answer.id, answer_text }), closeWith(onDone, 'Answer updated!'))
      : send(() => answer.mutateAsync({ question: target.question, answer_text }), closeWith(onDone, m.answerSubmitted)),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="forum-form">
      <FormBanner message={banner} />
      <MarkdownField label="Answer" text={form.watch('answer_text')} error={form.formState.errors.answer_text?.message} {...field('answer_text')} />
      <Button type="submit" label={target.kind === 'edit-answer' ? 'Update Answer' : 'Submit Answer'} busy={answer.isPending || edit.isPending} />
    </form>
  );
}

function CommentForm({ form: target, onDone }: { form: Extract<ForumForm, { kind: 'comment' | 'edit-comment' }>; onDone: () => void }) {
  const comment = useComment();
  const edit = useEditComment();
  const { form, field, banner, send } = useForumForm(commentPatchSchema, { comment_text: target.kind === 'edit-comment' ? target.comment.comment_text : '' });

  const onSubmit = form.handleSubmit(({ comment_text }) =>
    target.kind === 'edit-comment'
      ? send(() => edit.mutateAsync({ comment: target.comment, comment_text }), closeWith(onDone, m.commentUpdated))
      : send(() => comment.mutateAsync({ target: target.target, comment_text }), closeWith(onDone, m.commentPosted)),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="forum-form">
      <FormBanner message={banner} />
      <MarkdownField label="Comment" rows={4} text={form.watch('comment_text')} error={form.formState.errors.comment_text?.message} {...field('comment_text')} />
      <Button type="submit" label={target.kind === 'edit-comment' ? 'Update Comment' : 'Post Comment'} busy={comment.isPending || edit.isPending} />
    </form>
  );
}
