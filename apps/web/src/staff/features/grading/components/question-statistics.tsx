import type { ExamStatistics } from '@school/shared/staff/grading';
import { ChoiceChart } from './choice-chart';

/** Each question's answers over the submitted attempts: how many answered, the average score, each choice's count. */
export function QuestionStatistics({ statistics }: { statistics: ExamStatistics }) {
  if (statistics.questions.length === 0) return <p className="empty-state">This exam has no questions yet.</p>;
  return (
    <ol className="question-stats">
      {statistics.questions.map((q, index) => (
        <li key={q.id} className="question-stat">
          <h3>
            {index + 1}. {q.text}
            {q.retired && <span className="muted"> (removed; earlier attempts had it)</span>}
          </h3>
          <p className="muted">
            {q.answered} {q.answered === 1 ? 'answer' : 'answers'}
            {statistics.kind === 'exam' && ` · average ${q.average_score ?? '—'} of ${q.points} ${q.points === 1 ? 'point' : 'points'}`}
          </p>
          {q.choices.length > 0 && (
            <>
              <ChoiceChart question={q} />
              <table className="staff-table">
                <caption className="visually-hidden">Answers to question {index + 1}</caption>
                <thead>
                  <tr>
                    <th scope="col">Choice</th>
                    <th scope="col">Chosen by</th>
                  </tr>
                </thead>
                <tbody>
                  {q.choices.map((c) => (
                    <tr key={c.choice}>
                      <th scope="row">{c.choice}</th>
                      <td>{c.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
