import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/button';
import { InlineSelect } from '@/components/inline-select';
import { Loading } from '@/components/loading';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { useCourse } from '@/lib/course';
import { periodLabel, useCompliancePeriods } from '@/lib/lookups';
import { useSchool } from '@/lib/school';
import { useDownloadRecords, useIdentityFlags } from '../api/identity-evidence-calls';
import { FlagsTable } from '../components/flags-table';
import '../staff.css';

/**
 * /staff/courses/{id}/identity: a course's flagged sessions and its records export, for the school's
 * administrators (a minimal screen; the staff console adopts it). The server decides who may: anybody else gets
 * its refusal.
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
  const refused = flags.error instanceof ApiError && (flags.error.status === 403 || flags.error.status === 404);
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
        <div className="list-controls-row">
          <InlineSelect label="Compliance period" value={period} options={options} onChange={setPeriod} />
          <Button label="Download records (CSV)" variant="ghost" busy={download.isPending} onClick={records} />
        </div>
        {refused ? (
          <p className="banner banner-error" role="alert">
            Only the school's administrators see the flagged sessions of its courses.
          </p>
        ) : flags.isError ? (
          <p className="banner banner-error" role="alert">
            The flagged sessions could not be loaded.
          </p>
        ) : !flags.data || !school ? (
          <Loading />
        ) : flags.data.length === 0 ? (
          <p className="empty-state">No data to display</p>
        ) : (
          <FlagsTable flags={flags.data} timeZone={school.time_zone} />
        )}
      </div>
    </div>
  );
}
