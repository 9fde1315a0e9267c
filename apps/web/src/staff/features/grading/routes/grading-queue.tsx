import { Link } from 'react-router';
import { dateTimeIn } from '@school/shared/school/dates';
import { GRADING_PAGE_SIZE, gradingMessages, gradingQuerySchema, type WaitingAnswer } from '@school/shared/staff/grading';
import { Button } from '@/components/button';
import { useSchool } from '@/lib/school';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useListFilters } from '../../../lib/use-list-filters';
import { useGradingQueue } from '../api/grading-calls';
import { answerLink } from '../components/answer-link';

/** /staff/grading: written and file answers waiting for a grade, oldest first; each opens the grading screen. */
export function GradingQueue() {
  const { filters, update } = useListFilters(gradingQuerySchema);
  const queue = useGradingQueue(filters);
  const timeZone = useSchool().data?.time_zone ?? 'Asia/Manila';
  const filtered = filters.course !== undefined || filters.exam !== undefined || filters.student !== undefined;

  const columns: DataColumn<WaitingAnswer>[] = [
    { id: 'submitted', header: 'Submitted', cell: ({ row }) => dateTimeIn(row.original.submitted_at, timeZone) },
    {
      id: 'student',
      header: 'Student',
      cell: ({ row }) => <Button variant="link" label={row.original.student.name} aria-label={`Only ${row.original.student.name}'s answers`} onClick={() => update({ student: row.original.student.id })} />,
    },
    {
      id: 'exam',
      header: 'Exam',
      cell: ({ row }) => (
        <>
          <Button variant="link" label={row.original.exam.name} aria-label={`Only ${row.original.exam.name}`} onClick={() => update({ exam: row.original.exam.id })} />
          <br />
          <Button variant="link" className="muted" label={row.original.course.name} aria-label={`Only ${row.original.course.name}`} onClick={() => update({ course: row.original.course.id })} />
        </>
      ),
    },
    { id: 'question', header: 'Question', cell: ({ row }) => `${row.original.question} (${row.original.points} ${row.original.points === 1 ? 'point' : 'points'})` },
    {
      id: 'grade',
      header: 'Answer',
      cell: ({ row }) => (
        <Link to={answerLink(row.original.submission_id, row.original.question_id, filters)} aria-label={`Grade ${row.original.student.name}'s answer to ${row.original.question}`}>
          Grade
        </Link>
      ),
    },
  ];

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Grading</h1>
        {filters.page === 1 && queue.data && queue.data.count > 0 && (
          <Link className="btn btn-primary" to={answerLink(queue.data.data[0]!.submission_id, queue.data.data[0]!.question_id, filters)}>
            Grade the oldest
          </Link>
        )}
      </div>
      {filtered && (
        <p>
          Only some answers are shown. <Button variant="link" label="Show every waiting answer" onClick={() => update({ course: undefined, exam: undefined, student: undefined })} />
        </p>
      )}
      <DataTable
        caption="Answers waiting for a grade, oldest first"
        columns={columns}
        query={queue}
        what="The answers waiting for a grade"
        empty={gradingMessages.queueEmpty}
        perPage={GRADING_PAGE_SIZE}
        onPage={(page) => update({ page })}
      />
      <p className="muted">
        Choice questions are scored when the attempt is submitted; only written and file answers wait here.
      </p>
    </div>
  );
}
