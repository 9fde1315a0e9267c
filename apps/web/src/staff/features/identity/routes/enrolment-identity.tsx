import { useParams } from 'react-router';
import { useSchool } from '@/lib/school';
import { QueryState } from '../../../components/query-state';
import { useIdentityTimeline } from '../api/identity-evidence-calls';
import { IdentityTimeline } from '../components/identity-timeline';
import '../staff.css';

/**
 * /staff/enrollments/{id}/identity: an enrolment's identity evidence for the school's administrators, in the
 * staff console. The server decides who may: anybody else gets its refusal.
 */
export function EnrolmentIdentity() {
  const { id = '' } = useParams();
  const { data: school } = useSchool();
  const timeline = useIdentityTimeline(id);

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Identity Timeline</h1>
      </div>
      <div className="staff-page">
        <QueryState query={timeline} what="The identity timeline" refused="Only the school's administrators see the identity evidence of its enrolments.">
          {(data) => school && <IdentityTimeline timeline={data} timeZone={school.time_zone} />}
        </QueryState>
      </div>
    </div>
  );
}
