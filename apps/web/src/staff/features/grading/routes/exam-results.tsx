import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { dateTimeIn } from '@school/shared/school/dates';
import { attemptStatusLabels, durationLabel, RESULTS_PAGE_SIZE, type ExamAttempt } from '@school/shared/staff/grading';
import { useSchool } from '@/lib/school';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { useExamAttempts, useExamStatistics } from '../api/grading-calls';
import { QuestionStatistics } from '../components/question-statistics';
import '../grading.css';

/** /staff/exams/{id}/results: every attempt with its score, status and time, and how each question was answered. */
export function ExamResults() {
  const id = Number(useParams().id);
  const [page, setPage] = useState(1);
  const statistics = useExamStatistics(id);
  const attempts = useExamAttempts(id, page);
  const timeZone = useSchool().data?.time_zone ?? 'Asia/Manila';

  const columns: DataColumn<ExamAttempt>[] = [
    {
      id: 'student',
      header: 'Student',
      cell: ({ row }) => (
        <>
          {row.original.student.name}
          <br />
          <span className="muted">{row.original.student.email}</span>
        </>
      ),
    },
    { id: 'attempt', header: 'Attempt', cell: ({ row }) => row.original.attempt },
    { id: 'started', header: 'Started', cell: ({ row }) => dateTimeIn(row.original.started_at, timeZone) },
    { id: 'time', header: 'Time taken', cell: ({ row }) => (row.original.seconds_taken === null ? '—' : durationLabel(row.original.seconds_taken)) },
    { id: 'score', header: 'Score', cell: ({ row }) => (row.original.submitted_at ? `${row.original.score} %` : '—') },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) =>
        row.original.status === 'waiting' ? (
          <Link to={`${staffPaths.grading}?exam=${id}&student=${row.original.student.id}`}>{attemptStatusLabels.waiting}</Link>
        ) : (
          attemptStatusLabels[row.original.status]
        ),
    },
  ];

  return (
    <div className="console-page">
      <QueryState query={statistics} what="The results" refused="Only the course's graders see its exam results.">
        {(s) => (
          <>
            <p>
              <Link to={staffPaths.exam(id)}>Edit {s.exam.name}</Link>
            </p>
            <div className="console-head">
              <h1>Results: {s.exam.name}</h1>
              <span className="muted">{s.course.name}</span>
            </div>
            <p>
              {s.attempts} {s.attempts === 1 ? 'attempt' : 'attempts'}, {s.submitted} submitted
              {s.kind === 'exam' && `, ${s.passed} passed`}.
            </p>
            <h2>Attempts</h2>
            <DataTable
              caption="Every attempt, the latest first"
              columns={columns}
              query={attempts}
              what="The attempts"
              empty="Nobody has started this exam yet."
              perPage={RESULTS_PAGE_SIZE}
              onPage={setPage}
            />
            <h2>Questions</h2>
            <QuestionStatistics statistics={s} />
          </>
        )}
      </QueryState>
    </div>
  );
}
