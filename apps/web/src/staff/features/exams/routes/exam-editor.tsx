import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { examEditorProblems, type StaffExam } from '@school/shared/staff/exams';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { TextField } from '@/components/text-field';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { ConflictBanner, conflictOf, type Conflict } from '../../../components/conflict-banner';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { useSaveExam, useShowExam, useStaffExam } from '../api/exam-calls';
import { bodyOf, formField, formOf, newQuestion, type ExamForm } from '../components/exam-form-model';
import { QuestionCard } from '../components/question-card';

/** /staff/exams/{id}: an exam's or survey's settings and questions. */
export function ExamEditor() {
  const id = Number(useParams().id);
  const exam = useStaffExam(Number.isInteger(id) ? id : 0);
  return (
    <div className="console-page">
      <QueryState query={exam} what="The exam">
        {(data) => <ExamEditorForm exam={data} />}
      </QueryState>
    </div>
  );
}

/**
 * The editor saves everything at once to the version it loaded. A question that attempts have had is kept for
 * them by the server; the page says so when there are attempts. Problems are checked here with the server's own
 * rules, then by the server.
 */
function ExamEditorForm({ exam }: { exam: StaffExam }) {
  const survey = exam.kind === 'survey';
  const form = useForm<ExamForm>({ defaultValues: formOf(exam) });
  const { register, control, handleSubmit, formState, setError, reset } = form;
  const questions = useFieldArray({ control, name: 'questions' });
  const save = useSaveExam();
  const show = useShowExam();
  const [banner, setBanner] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict<StaffExam> | null>(null);

  useEffect(() => {
    reset(formOf(exam));
    setConflict(null);
  }, [exam, reset]);

  function showProblems(problems: Record<string, string | string[]>) {
    const entries = Object.entries(problems);
    entries.forEach(([key, message], i) => setError(formField(key) as Path<ExamForm>, { type: 'server', message: [message].flat()[0] }, { shouldFocus: i === 0 }));
    setBanner(entries.length ? 'Some questions need attention: see the messages under them.' : null);
  }

  const submit = handleSubmit(async (values) => {
    const body = bodyOf(values);
    const problems = examEditorProblems(body, survey);
    if (Object.keys(problems).length) return showProblems(problems);
    setBanner(null);
    try {
      await save.mutateAsync({ exam, body });
      notify.success(survey ? 'The survey is saved.' : 'The exam is saved.');
    } catch (failure) {
      const refused = conflictOf<StaffExam>(failure);
      if (refused) return setConflict(refused);
      const answer = failure instanceof ApiError ? (failure.body as unknown as Record<string, string[]>) : null;
      if (failure instanceof ApiError && failure.status === 400 && answer && !('detail' in answer)) return showProblems(answer);
      setBanner(failure instanceof ApiError && typeof answer?.detail === 'string' ? answer.detail : 'The exam could not be saved. Try again.');
    }
  });

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const position = (id: string | number) => questions.fields.findIndex((f) => f.id === id);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up question ${position(active.id) + 1}. Move it with the arrow keys, drop it with Space, cancel with Escape.`,
    onDragOver: ({ active, over }) => (over ? `Question ${position(active.id) + 1} is at place ${position(over.id) + 1}.` : `Question ${position(active.id) + 1} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `Question ${position(active.id) + 1} was dropped at place ${position(over.id) + 1}.` : 'The question was dropped.'),
    onDragCancel: ({ active }) => `Moving question ${position(active.id) + 1} was cancelled.`,
  };
  function onDragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) questions.move(position(active.id), position(over.id));
  }

  const errors = formState.errors;
  return (
    <form onSubmit={submit} noValidate className="console-form">
      <p>
        <Link to={staffPaths.courseOutline(exam.course.id)}>{exam.course.name}: outline</Link>
      </p>
      <div className="console-head">
        <h1>{exam.courseware.name}</h1>
        <span className="status-badge">{survey ? 'Survey' : 'Exam'}</span>
        <Link className="btn btn-ghost" to={paths.coursePlayer(exam.course.slug, String(exam.courseware.id))}>
          Preview as student
        </Link>
        <Link className="btn btn-ghost" to={staffPaths.examResults(exam.id)}>
          Results
        </Link>
      </div>
      {exam.attempts > 0 && (
        <p className="banner banner-info">
          {exam.attempts} {exam.attempts === 1 ? 'attempt has' : 'attempts have'} been started. They keep the questions, points and passing rate they were
          taken with, which you change for new attempts; a new time limit or dates apply at once.
        </p>
      )}
      {conflict && <ConflictBanner what={survey ? 'this survey' : 'this exam'} conflict={conflict} onReload={() => show(conflict.current)} />}
      <FormBanner message={banner} />
      <section aria-labelledby="exam-settings">
        <h2 id="exam-settings">Settings</h2>
        <div className="field">
          <label htmlFor="exam-description">Instructions</label>
          <textarea id="exam-description" rows={3} {...register('description')} />
        </div>
        {!survey && <TextField label="Passing rate (%)" inputMode="numeric" error={errors.passing_rate?.message} {...register('passing_rate')} />}
        {!survey && <TextField label="Attempts allowed (0 for unlimited)" inputMode="numeric" error={errors.max_attempts?.message} {...register('max_attempts')} />}
        <TextField label="Time limit in minutes (0 for none)" inputMode="numeric" error={errors.duration_minutes?.message} {...register('duration_minutes')} />
        <TextField label="Opens on" type="date" error={errors.date_start?.message} {...register('date_start')} />
        <TextField label="Closes on" type="date" error={errors.date_end?.message} {...register('date_end')} />
        {!survey && (
          <label className="check-field">
            <input type="checkbox" {...register('show_answers')} /> Show the correct answers once the exam cannot be taken again
          </label>
        )}
      </section>
      <section aria-labelledby="exam-questions">
        <h2 id="exam-questions">Questions</h2>
        {questions.fields.length === 0 && <p className="empty-state">No questions yet. Add the first one.</p>}
        {(errors.questions?.root?.message ?? errors.questions?.message) && (
          <p className="field-error" role="alert">
            {errors.questions?.root?.message ?? errors.questions?.message}
          </p>
        )}
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
          <SortableContext items={questions.fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
            <ol className="question-list">
              {questions.fields.map((field, index) => (
                <QuestionCard
                  key={field.id}
                  sortId={field.id}
                  index={index}
                  count={questions.fields.length}
                  survey={survey}
                  control={control}
                  register={register}
                  errors={errors}
                  onMove={(to) => questions.move(index, to)}
                  onRemove={() => questions.remove(index)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
        <Button variant="ghost" label="Add question" onClick={() => questions.append(newQuestion())} />
      </section>
      <div className="form-actions">
        <Button label="Save" type="submit" busy={save.isPending} />
      </div>
    </form>
  );
}
