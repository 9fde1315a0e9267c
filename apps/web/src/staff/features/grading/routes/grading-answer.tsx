import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { dateTimeIn, longDate, todayIn } from '@school/shared/school/dates';
import { gradingMessages, gradingQuerySchema, type GradingAnswer as Answer } from '@school/shared/staff/grading';
import { notify } from '@/components/toast';
import { ApiError, errorDetail } from '@/lib/api-error';
import { useSchool } from '@/lib/school';
import { ConflictBanner, conflictOf, type Conflict } from '../../../components/conflict-banner';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { queryString } from '../../../lib/query-string';
import { useListFilters } from '../../../lib/use-list-filters';
import { useGrade, useGradingAnswer, useNextWaiting, useShowAnswer } from '../api/grading-calls';
import { answerLink } from '../components/answer-link';
import { GradeForm } from '../components/grade-form';
import { StudentAnswer } from '../components/student-answer';
import '../grading.css';

/** The server's refusal of a grade, for the form: the score's own message, or the sentence (a 412 has its banner). */
function refusalOf(error: unknown) {
  if (!(error instanceof ApiError) || error.status === 412) return {};
  const score = error.body?.score;
  return { score: Array.isArray(score) ? String(score[0]) : undefined, detail: errorDetail(error) ?? undefined };
}

/** The attempt's standing in one line: its points so far and whether grades are still awaited. */
function resultLine(answer: Answer) {
  const { result } = answer;
  const points = `${result.total_score} of ${result.total_points} points`;
  if (result.has_pending) return `Attempt ${answer.attempt}: ${points} so far, waiting for grades.`;
  return `Attempt ${answer.attempt}: ${points}, ${result.passed ? 'passed' : 'not passed'}.`;
}

/** /staff/grading/{submission}/questions/{question}: one answer to grade; Save and next opens the next waiting one. */
export function GradingAnswer() {
  const params = useParams();
  const submission = Number(params.id);
  const question = Number(params.questionId);
  const { filters } = useListFilters(gradingQuerySchema);
  const answer = useGradingAnswer(submission, question);
  const grade = useGrade();
  const nextWaiting = useNextWaiting();
  const showAnswer = useShowAnswer();
  const [refused, setRefused] = useState<Conflict<Answer> | null>(null);
  // A refusal belongs to its answer: Save and next keeps this page mounted for the following one.
  const conflict = refused?.current.submission_id === submission && refused.current.question_id === question ? refused : null;
  const navigate = useNavigate();
  const school = useSchool().data;
  const timeZone = school?.time_zone ?? 'Asia/Manila';
  const filterQuery = queryString({ course: filters.course, exam: filters.exam, student: filters.student });
  const queuePath = `${staffPaths.grading}${filterQuery ? `?${filterQuery}` : ''}`;

  const save = (answer: Answer, values: { score: number; feedback: string }, next: boolean) =>
    grade.mutate(
      { answer, ...values },
      {
        onError: (failure) => setRefused(conflictOf<Answer>(failure)),
        onSuccess: async () => {
          setRefused(null);
          notify.success('The grade is saved.');
          if (!next) return;
          const following = await nextWaiting(filters, { submission, question });
          if (following) void navigate(answerLink(following.submission_id, following.question_id, filters));
          else {
            notify.success(gradingMessages.allGraded);
            void navigate(queuePath);
          }
        },
      },
    );

  return (
    <div className="console-page">
      <p>
        <Link to={queuePath}>Grading</Link>
      </p>
      <QueryState query={answer} what="The answer" refused="This answer is not yours to grade.">
        {(a) => (
          <>
            <div className="console-head">
              <h1>{a.student.name}</h1>
              <span className="muted">
                {a.exam.name} · {a.course.name} · {resultLine(a)}
              </span>
            </div>
            <section aria-labelledby="question-heading" className="grading-question">
              <h2 id="question-heading">
                Question ({a.question.points} {a.question.points === 1 ? 'point' : 'points'})
              </h2>
              <p className="plain-text">{a.question.text}</p>
              {a.question.notes && <p className="muted plain-text">Notes: {a.question.notes}</p>}
            </section>
            <section aria-labelledby="answer-heading">
              <h2 id="answer-heading">Answer</h2>
              <StudentAnswer answer={a.answer} />
            </section>
            {a.graded_at && (
              <p className="banner banner-info">
                Graded {a.score} by {a.graded_by?.name ?? 'a former staff member'} on {dateTimeIn(a.graded_at, timeZone)}.
              </p>
            )}
            {a.graded_at && a.certificate && <p className="banner banner-warning">{gradingMessages.certificateKept(longDate(todayIn(timeZone, new Date(a.certificate.issued_at))))}</p>}
            {!a.may_grade && <p className="banner banner-info">{gradingMessages.regradeRefused}</p>}
            {conflict && (
              <ConflictBanner
                what="this answer's grade"
                conflict={conflict}
                onReload={() => {
                  showAnswer(conflict.current);
                  setRefused(null);
                  grade.reset();
                }}
              />
            )}
            <GradeForm key={`${a.submission_id}-${a.question_id}-${a.version}`} answer={a} busy={grade.isPending} errors={refusalOf(grade.error)} onSave={(values, next) => save(a, values, next)} />
          </>
        )}
      </QueryState>
    </div>
  );
}
