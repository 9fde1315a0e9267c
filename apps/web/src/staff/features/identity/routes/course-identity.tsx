import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/button';
import { InlineSelect } from '@/components/inline-select';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { useCourse } from '@/lib/course';
import { periodLabel, useCompliancePeriods } from '@/lib/lookups';
import { useSchool } from '@/lib/school';
import { isRefusal, QueryState } from '../../../components/query-state';
import { useDownloadRecords, useIdentityFlags } from '../api/identity-evidence-calls';
import { FlagsTable } from '../components/flags-table';
import '../staff.css';

/**
 * /staff/courses/{id}/identity: a course's flagged sessions and its records export, for the school's
 * administrators, in the staff console. The server decides who may: anybody else gets its refusal.
 */
export function CourseIdentity() {
  const { id = '' } = useParams();
  const { data: school } = useSchool();
  const periods = useCompliancePeriods();
  // '' is every period: the enrolments without one too.
  const [period, setPeriod] = useState('');
  const flags = useIdentityFlags(id, period);
  const course = useCourse(Number(id));
  const download = useDownloadRecords(id);
  const options = [{ value: '', label: 'All periods' }, ...(periods.data ?? []).map((p) => ({ value: String(p.id), label: periodLabel(p) }))];
  const records = () => download.mutate(period, { onError: () => notify.error('The records could not be downloaded. Please try again.') });

  return (
    <div className="console-page">
      {course.data && (
        <p>
          <Link to={paths.course(course.data.slug)}>{course.data.name}</Link>
        </p>
      )}
      <div className="console-head">
        <h1>{course.data ? `Flagged Sessions: ${course.data.name}` : 'Flagged Sessions'}</h1>
      </div>
      <div className="staff-page">
        {!isRefusal(flags.error) && (
          <div className="list-controls-row">
            <InlineSelect label="Compliance period" value={period} options={options} onChange={setPeriod} />
            <Button label="Download records (CSV)" variant="ghost" busy={download.isPending} onClick={records} />
          </div>
        )}
        <QueryState
          query={flags}
          what="The flagged sessions"
          refused="Only the school's administrators see the flagged sessions of its courses."
          empty="No data to display"
          isEmpty={(data) => data.length === 0}
        >
          {(data) => school && <FlagsTable flags={data} timeZone={school.time_zone} />}
        </QueryState>
      </div>
    </div>
  );
}
