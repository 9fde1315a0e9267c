import { useParams } from 'react-router';
import { Loading } from '@/components/loading';
import { ApiError } from '@/lib/api-error';
import { useSchool } from '@/lib/school';
import { useIdentityTimeline } from '../api/identity-evidence-calls';
import { IdentityTimeline } from '../components/identity-timeline';
import '../staff.css';

/**
 * /staff/enrollments/{id}/identity: an enrolment's identity evidence for the school's administrators (a minimal
 * screen; the staff console adopts it). The server decides who may: anybody else gets its refusal.
 */
export function EnrolmentIdentity() {
  const { id = '' } = useParams();
  const { data: school } = useSchool();
  const timeline = useIdentityTimeline(id);
  const refused = timeline.error instanceof ApiError && (timeline.error.status === 403 || timeline.error.status === 404);

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Identity Timeline</h1>
      </div>
      <div className="staff-page">
        {refused ? (
          <p className="banner banner-error" role="alert">
            Only the school's administrators see the identity evidence of its enrolments.
          </p>
        ) : timeline.isError ? (
          <p className="banner banner-error" role="alert">
            The identity timeline could not be loaded.
          </p>
        ) : !timeline.data || !school ? (
          <Loading />
        ) : (
          <IdentityTimeline timeline={timeline.data} timeZone={school.time_zone} />
        )}
      </div>
    </div>
  );
}
