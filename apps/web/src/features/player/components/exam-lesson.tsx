import { useCallback, useState, type CSSProperties } from 'react';
import { ANSWER_FILE_MAX_BYTES, EXAM_BUBBLES_PER_ROW, examMessages as msg, pointsLabel, requiredMessage, startNotice } from '@school/shared/exams/rules';
import type { Exam, ExamQuestion } from '@school/shared/exams/schemas';
import type { Courseware } from '@school/shared/learning/schemas';
import { Button } from '@/components/button';
import { Loading } from '@/components/loading';
import { Modal } from '@/components/modal';
import { ResponseModal } from '@/components/response-modal';
import { notify } from '@/components/toast';
import { ApiError } from '@/lib/api-error';
import { useExam, useStartExam, useSubmitAnswer } from '../api/exam-calls';
import { CourseTimer } from './course-timer';
import { type Draft, ExamQuestionField } from './exam-question';

interface Props {
  courseware: Courseware;
  staff: boolean;
  /** The attempt was submitted (by Submit or the timer): the courseware, the outline's marks and the progress change. */
  onSubmitted: () => void;
  onNext: (() => void) | null;
}

const stepKey = (coursewareId: number) => `exam-step-${coursewareId}`;
const unsaved = 'Your answer could not be saved. Please try again.';
/** The server's words for a refusal (the answer's field error, or the detail), else `fallback`. */
const errorOf = (error: unknown, fallback = unsaved) => {
  if (!(error instanceof ApiError) || !error.body) return fallback;
  const value = error.body.answer ?? error.body.detail ?? error.body.non_field_errors;
  return Array.isArray(value) ? value.join(' ') : (value ?? fallback);
};
const answered = (q: ExamQuestion) => q.answer !== null;

/** An exam or survey courseware (spec 2 §4): not started, in progress, submitted; staff preview the questions. */
export function ExamLesson({ courseware, staff, onSubmitted, onNext }: Props) {
  const exam = useExam(courseware.exam!);
  if (exam.isPending) return <Loading />;
  if (!exam.data) return <p className="media-error">{errorOf(exam.error, msg.notOpen)}</p>;
  if (staff) return <StaffPreview exam={exam.data} coursewareId={courseware.id} />;
  const submission = exam.data.submission;
  if (submission && !submission.submitted) {
    // At zero the exam is read again, which submits the attempt on the server and completes the courseware: then
    // the page reloads the courseware, as after a Submit (spec 2 §4).
    const timeUp = () => void exam.refetch().then(onSubmitted);
    return <Questions key={submission.id} exam={exam.data} questions={submission.questions} timeLeft={submission.time_left} coursewareId={courseware.id} onSubmitted={onSubmitted} onTimeUp={timeUp} />;
  }
  return <Summary exam={exam.data} coursewareId={courseware.id} onNext={onNext} />;
}

function Meta({ exam }: { exam: Exam }) {
  return (
    <dl className="facts exam-facts">
      <dt>Questions</dt>
      <dd>{exam.total_questions}</dd>
      {exam.kind === 'exam' && (
        <>
          <dt>Passing rate</dt>
          <dd>{exam.passing_rate}%</dd>
          <dt>Attempts</dt>
          <dd>{exam.max_attempts === 0 ? `${exam.attempts_used} of unlimited` : `${exam.attempts_used} of ${exam.max_attempts}`}</dd>
        </>
      )}
      {exam.duration > 0 && (
        <>
          <dt>Time</dt>
          <dd>{[exam.hours && `${exam.hours} h`, exam.minutes && `${exam.minutes} min`].filter(Boolean).join(' ')}</dd>
        </>
      )}
    </dl>
  );
}

/** Staff: 'View Questions' / 'Hide Questions' walks the questions with their answers; Next just moves on, nothing is submitted. */
function StaffPreview({ exam, coursewareId }: { exam: Exam; coursewareId: number }) {
  const [shown, setShown] = useState(false);
  const questions = exam.outline ?? [];
  return (
    <div className="exam">
      {exam.description && <p>{exam.description}</p>}
      <Meta exam={exam} />
      <div className="exam-actions">
        <Button label={shown ? 'Hide Questions' : 'View Questions'} variant="ghost" onClick={() => setShown(!shown)} />
      </div>
      {shown && (questions.length ? <Questions exam={exam} questions={questions} coursewareId={coursewareId} preview /> : <p>{msg.noQuestions}</p>)}
    </div>
  );
}

/** The questions with the student's answers; scores, the correct answers and feedback where the server gives them. */
function Review({ questions }: { questions: ExamQuestion[] }) {
  return (
    <ol className="exam-review">
      {questions.map((q) => (
        <li key={q.id}>
          <p className="exam-review-text">
            {q.text} <span className="muted">({pointsLabel(q.points)})</span>
          </p>
          {q.answer && (
            <p>
              Your answer: {q.answer.file ? <a href={q.answer.file}>{q.answer.answer[0]}</a> : q.answer.answer.join(', ')}
              {q.answer.score !== null && ` · ${q.answer.score} / ${q.points}`}
            </p>
          )}
          {q.correct_answer && q.correct_answer.length > 0 && <p className="tone-success">Correct answer: {q.correct_answer.join(', ')}</p>}
          {q.answer?.feedback && <p className="muted">Feedback: {q.answer.feedback}</p>}
        </li>
      ))}
    </ol>
  );
}

/** Before the first attempt, and after a submitted one: the result, View Answers, Retake Exam, Next Courseware. */
function Summary({ exam, coursewareId, onNext }: { exam: Exam; coursewareId: number; onNext: (() => void) | null }) {
  const start = useStartExam(exam.id);
  const [reviewing, setReviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const s = exam.submission;
  const survey = exam.kind === 'survey';
  const attemptsUsedUp = exam.max_attempts > 0 && exam.attempts_used >= exam.max_attempts;
  const mayGoOn = s !== null && (s.passed || (!survey && s.has_pending) || attemptsUsedUp);
  const notice = startNotice(exam);
  const startLabel = survey ? 'Start Survey' : s ? 'Retake Exam' : 'Start Exam';
  const mayBegin = exam.may_start && (s ? !s.passed && !survey : exam.total_questions > 0);
  const begin = () =>
    start.mutate(undefined, {
      // A new attempt opens at its first question, whatever step the last one ended on.
      onSuccess: () => localStorage.removeItem(stepKey(coursewareId)),
      onError: (error) => notify.error(errorOf(error, 'The exam could not be started. Please try again.')),
      onSettled: () => setConfirming(false),
    });
  // An attempt counts and its timer runs from the click: the student says yes first (docs/decisions.md).
  const ask = () => (notice ? setConfirming(true) : begin());
  return (
    <div className="exam">
      {exam.description && <p>{exam.description}</p>}
      <Meta exam={exam} />
      {s && (
        <div className="exam-result" role="status">
          {survey ? (
            <p>Thank you: your answers were submitted.</p>
          ) : (
            <>
              <p className="exam-score">
                Score: <strong>{s.score.toFixed(1)}%</strong> ({s.total_score} of {pointsLabel(s.total_points)})
              </p>
              <p>{s.has_pending ? 'Some answers are waiting to be graded.' : s.passed ? 'You passed this exam.' : 'You did not pass this exam.'}</p>
            </>
          )}
        </div>
      )}
      {!exam.open && !s && <p className="muted">{msg.notOpen}</p>}
      {exam.total_questions === 0 && <p>{msg.noQuestions}</p>}
      <div className="exam-actions">
        {mayBegin && <Button label={startLabel} busy={start.isPending} onClick={ask} />}
        {s && exam.open && <Button label={reviewing ? 'Hide' : survey ? 'View Results' : 'View Answers'} variant="ghost" onClick={() => setReviewing(!reviewing)} />}
        {mayGoOn && onNext && <Button label="Next Courseware" onClick={onNext} />}
      </div>
      {reviewing && s && <Review questions={s.questions} />}
      {confirming && notice && (
        <Modal open onClose={() => setConfirming(false)} title={`${startLabel}?`} size="sm">
          <p className="response-message">{notice}</p>
          <div className="response-actions">
            <Button label="Cancel" variant="ghost" onClick={() => setConfirming(false)} />
            <Button label="Start now" busy={start.isPending} onClick={begin} />
          </div>
        </Modal>
      )}
    </div>
  );
}

interface QuestionsProps {
  exam: Exam;
  questions: ExamQuestion[];
  coursewareId: number;
  /** Seconds left of a timed attempt. */
  timeLeft?: number | null;
  /** Staff preview: every bubble opens, Next just moves on, nothing is saved. */
  preview?: boolean;
  onSubmitted?: () => void;
  onTimeUp?: () => void;
}

/** The running attempt (or staff's preview): one question at a time, every question's bubble, the step kept per courseware, the timer. */
function Questions({ exam, questions, coursewareId, timeLeft = null, preview = false, onSubmitted, onTimeUp }: QuestionsProps) {
  const [step, setStep] = useState(() => (preview ? 0 : Math.min(questions.length - 1, Math.max(0, Number(localStorage.getItem(stepKey(coursewareId))) || 0))));
  const [drafts, setDrafts] = useState<Record<number, Draft>>(() => Object.fromEntries(questions.map((q) => [q.id, q.answer?.answer ?? []])));
  const [error, setError] = useState<string | null>(null);
  const [timeUp, setTimeUp] = useState(false);
  // Stable, so that the timer's interval is not set anew at every keystroke.
  const onTimerEnd = useCallback(() => setTimeUp(true), []);
  const submit = useSubmitAnswer(exam.id);
  const question = questions[step]!;
  const last = step === questions.length - 1;
  const opens = (q: ExamQuestion) => preview || answered(q);

  const go = (to: number) => {
    setError(null);
    setStep(to);
    if (!preview) localStorage.setItem(stepKey(coursewareId), String(to));
  };

  async function next(final: boolean) {
    if (preview) return go(step + 1);
    const draft = drafts[question.id] ?? [];
    const empty = draft instanceof File ? false : draft.every((v) => v.trim() === '');
    if (empty && !(question.type === 'file' && question.answer)) return setError(requiredMessage(question.type));
    // The server's limit, told before the upload rather than after it.
    if (draft instanceof File && draft.size > ANSWER_FILE_MAX_BYTES) return setError(msg.fileTooLarge);
    const changed = draft instanceof File || JSON.stringify(draft) !== JSON.stringify(question.answer?.answer ?? []);
    try {
      // Next saves only a changed answer; the last question's Submit always sends, to submit the attempt.
      if (changed || final) await submit.mutateAsync({ questionId: question.id, answer: draft instanceof File || changed ? draft : (question.answer?.answer ?? []), final });
      if (final) {
        localStorage.removeItem(stepKey(coursewareId));
        notify.success(exam.kind === 'survey' ? msg.surveySubmitted : msg.examSubmitted);
        onSubmitted?.();
      } else go(step + 1);
    } catch (e) {
      setError(errorOf(e));
    }
  }

  return (
    <div className="exam">
      {timeLeft !== null && <CourseTimer label="Exam Remaining Time" timeLeft={timeLeft} onEnd={onTimerEnd} />}
      <nav className="exam-bubbles" aria-label="Questions" style={{ '--bubbles-per-row': EXAM_BUBBLES_PER_ROW } as CSSProperties}>
        {questions.map((q, at) => (
          <button
            key={q.id}
            type="button"
            className={`exam-bubble ${at === step ? 'is-current' : ''} ${answered(q) ? 'is-answered' : ''}`}
            aria-label={`Question ${at + 1}${answered(q) ? ', answered' : ''}`}
            aria-current={at === step ? 'step' : undefined}
            disabled={!opens(q) && at !== step}
            onClick={() => go(at)}
          >
            {at + 1}
          </button>
        ))}
      </nav>
      <ExamQuestionField key={question.id} question={question} number={step + 1} draft={drafts[question.id] ?? []} error={error} onChange={(draft) => setDrafts({ ...drafts, [question.id]: draft })} />
      {preview && question.correct_answer && question.correct_answer.length > 0 && <p className="tone-success">Correct answer: {question.correct_answer.join(', ')}</p>}
      <div className="exam-actions">
        {/* Named apart from the lesson's own Previous and Next below, which move between coursewares. */}
        {step > 0 && <Button label="Previous Question" variant="ghost" onClick={() => go(step - 1)} />}
        {!(preview && last) && <Button label={last ? 'Submit' : 'Next Question'} busy={submit.isPending} onClick={() => void next(last)} />}
      </div>
      {timeUp && (
        <ResponseModal open type="error" title={msg.timerEndedTitle} message={msg.timerEnded} actions={[{ label: 'OK', onClick: () => onTimeUp?.() }]} onClose={() => onTimeUp?.()} />
      )}
    </div>
  );
}
