import { useRef, useState, type MouseEvent } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import type { StaffVideoQuestions } from '@school/shared/staff/video-questions';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { ApiError, errorDetail } from '@/lib/api-error';
import { useRenewingSource } from '@/lib/use-renewing-source';
import { ConflictBanner, conflictOf } from '../../../components/conflict-banner';
import { useFormBase } from '../../../lib/use-form-base';
import { fetchVideoQuestions, useSaveVideoQuestions, useShowVideoQuestions } from '../api/video-question-calls';
import { VideoQuestionCard } from './video-question-card';
import { bodyOf, formOf, inputOf, newQuestion, type QuestionsForm } from './video-question-model';

/**
 * An interactive video's questions, placed on the video itself: Add question pauses at the current second, Place
 * on the video takes the spot clicked on the paused picture (or the Across and Down fields, from the keyboard).
 * Everything is saved at once to the lesson's version.
 */
export function VideoQuestionsEditor({ loaded }: { loaded: StaffVideoQuestions }) {
  const form = useForm<QuestionsForm>({ defaultValues: formOf(loaded) });
  const { control, register, handleSubmit, setError, setValue, formState } = form;
  const { base, stale, adopt, refuse } = useFormBase(form, loaded, formOf);
  const questions = useFieldArray({ control, name: 'questions' });
  const values = useWatch({ control, name: 'questions' });
  const save = useSaveVideoQuestions();
  const show = useShowVideoQuestions();
  const video = useRef<HTMLVideoElement>(null);
  const [placing, setPlacing] = useState<number | null>(null);
  const [second, setSecond] = useState(0);
  const [banner, setBanner] = useState<string | null>(null);
  const source = useRenewingSource(loaded.video_url, async () => (await fetchVideoQuestions(loaded.lesson.id)).video_url);

  function showProblems(problems: Record<string, string>) {
    Object.entries(problems).forEach(([input, message], i) => setError(input as Path<QuestionsForm>, { type: 'server', message }, { shouldFocus: i === 0 }));
    setBanner('Some questions need attention: see the messages under them.');
  }

  const submit = handleSubmit(async (form) => {
    const made = bodyOf(form, base.lesson.media_seconds);
    if ('problems' in made) return showProblems(made.problems);
    setBanner(null);
    try {
      adopt(await save.mutateAsync({ loaded: base, body: made.body }));
      setPlacing(null);
      notify.success('The questions are saved.');
    } catch (failure) {
      const refused = conflictOf<StaffVideoQuestions>(failure);
      if (refused) {
        show(refused.current);
        return refuse(refused);
      }
      const answer = failure instanceof ApiError && failure.status === 400 ? (failure.body as unknown as Record<string, string[]>) : null;
      if (answer && !('detail' in answer)) return showProblems(Object.fromEntries(Object.entries(answer).map(([key, messages]) => [inputOf(key, form), [messages].flat()[0]!])));
      setBanner(errorDetail(failure) ?? 'The questions could not be saved. Try again.');
    }
  });

  function seek(index: number) {
    const player = video.current;
    if (!player) return;
    player.pause();
    player.currentTime = Number(values[index]?.timestamp) || 0;
  }

  function add() {
    video.current?.pause();
    questions.append(newQuestion(second));
  }

  /** The spot clicked on the paused picture, in percent of its size, for the question being placed. */
  function place(event: MouseEvent<HTMLDivElement>) {
    if (placing === null) return;
    const box = event.currentTarget.getBoundingClientRect();
    const percent = (offset: number, size: number) => String(Math.round(Math.min(100, Math.max(0, (offset / size) * 100))));
    setValue(`questions.${placing}.x`, percent(event.clientX - box.left, box.width), { shouldDirty: true });
    setValue(`questions.${placing}.y`, percent(event.clientY - box.top, box.height), { shouldDirty: true });
    setPlacing(null);
  }

  if (!loaded.video_url) return <p className="empty-state">Upload the video first: questions are placed on it.</p>;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="console-form" aria-labelledby="video-questions">
      <h2 id="video-questions">Questions on the video</h2>
      {stale && (
        <ConflictBanner
          what="this lesson"
          conflict={stale}
          onReload={() => {
            setPlacing(null);
            adopt(stale.current);
          }}
        />
      )}
      <FormBanner message={banner ?? (source.failed ? 'The video could not be loaded. Reload the page to try again.' : null)} />
      <div className="question-stage">
        <video
          ref={video}
          src={source.src ?? undefined}
          controls
          preload="metadata"
          onTimeUpdate={(e) => setSecond(e.currentTarget.currentTime)}
          onLoadedMetadata={source.onLoadedMetadata}
          onError={source.onError}
          aria-label={`Video of ${loaded.lesson.name}`}
        />
        <div className={`question-stage-layer ${placing === null ? '' : 'is-placing'}`} onClick={place} aria-hidden="true">
          {values.map((q, i) => (
            <span key={questions.fields[i]?.id ?? i} className={`question-pin ${placing === i ? 'is-active' : ''}`} style={{ left: `${Number(q.x) || 0}%`, top: `${Number(q.y) || 0}%` }}>
              {i + 1}
            </span>
          ))}
        </div>
      </div>
      <p className="muted" aria-live="polite">
        {placing === null ? `At second ${Math.floor(second)}.` : `Click the video where question ${placing + 1} should sit.`}
      </p>
      <TextField label="Attempts per question (0: unlimited, the answer shown after 3 wrong ones)" inputMode="numeric" error={formState.errors.max_attempts?.message} {...register('max_attempts')} />
      {questions.fields.length === 0 && <p className="empty-state">No questions yet. Play the video to the moment a question belongs, then Add question.</p>}
      {formState.errors.questions?.root?.message && (
        <p className="field-error" role="alert">
          {formState.errors.questions.root.message}
        </p>
      )}
      <ol className="question-list">
        {questions.fields.map((field, index) => (
          <VideoQuestionCard
            key={field.id}
            index={index}
            control={control}
            register={register}
            errors={formState.errors}
            placing={placing === index}
            onPlace={() => {
              seek(index);
              setPlacing(placing === index ? null : index);
            }}
            onSeek={() => seek(index)}
            onRemove={() => {
              setPlacing(null);
              questions.remove(index);
            }}
          />
        ))}
      </ol>
      <div className="form-actions">
        <Button variant="ghost" label={`Add question at second ${Math.floor(second)}`} onClick={add} />
        <Button label="Save questions" type="submit" busy={save.isPending} />
      </div>
    </form>
  );
}
