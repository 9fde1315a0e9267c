import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { QueryState } from '../../../components/query-state';
import { useAllowAttempt, useRosterExams } from '../api/roster-calls';

const limit = (n: number) => (n === 0 ? 'no limit' : String(n));

/** A student's exams in the course: attempts taken of how many, and "Allow another attempt" where they ran out without passing. */
export function AttemptsDialog({ courseId, enrolment, who, open, onClose }: { courseId: number; enrolment: number; who: string; open: boolean; onClose: () => void }) {
  const exams = useRosterExams(courseId, enrolment, open);
  const allow = useAllowAttempt(courseId, enrolment);
  const run = async (exam: number, name: string) => {
    try {
      await allow.mutateAsync(exam);
      notify.success(`${who} may take ${name} once more.`);
    } catch (error) {
      notify.error(errorDetail(error) ?? 'Another attempt could not be allowed. Please try again.');
    }
  };
  return (
    <Modal open={open} onClose={onClose} title={`Exam attempts of ${who}`}>
      <p className="muted">Their attempts stay as they were, with their answers and scores; another attempt raises their limit by one.</p>
      <QueryState query={exams} what="The exams" empty="This course has no exam." isEmpty={(list) => list.length === 0}>
        {(list) => (
          <div className="staff-table-box" role="region" aria-label="Their exams" tabIndex={0}>
            <table className="staff-table">
              <caption className="visually-hidden">{`The course's exams and ${who}'s attempts`}</caption>
              <thead>
                <tr>
                  <th scope="col">Exam</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Another attempt</th>
                </tr>
              </thead>
              <tbody>
                {list.map((e) => (
                  <tr key={e.id}>
                    <th scope="row">{e.name}</th>
                    <td>
                      {e.attempts_used} of {limit(e.max_attempts)}
                      {e.extra_attempts > 0 && <span className="muted"> ({e.extra_attempts} allowed by the school)</span>}
                      {e.passed && <span className="muted"> · passed</span>}
                    </td>
                    <td>{e.refusal ? <span className="muted">{e.refusal}</span> : <Button label="Allow another attempt" aria-label={`Allow another attempt: ${who} at ${e.name}`} busy={allow.isPending} onClick={() => void run(e.id, e.name)} />}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      <div className="response-actions">
        <Button label="Close" variant="ghost" onClick={onClose} />
      </div>
    </Modal>
  );
}
