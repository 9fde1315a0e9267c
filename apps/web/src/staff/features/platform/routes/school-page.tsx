import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { platformMessages, type PlatformSchool } from '@school/shared/platform/schools';
import { Button } from '@/components/button';
import { DetailLines } from '@/components/detail-lines';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { conflictOf } from '../../../components/conflict-banner';
import { QueryState } from '../../../components/query-state';
import { platformPaths } from '../../../config/staff-paths';
import { platformSchoolKey, usePlatformSchool, useUpdateSchool } from '../api/platform-calls';
import { SchoolForm } from '../components/school-form';
import { SchoolHosts } from '../components/school-hosts';

/** /admin/schools/:id: one school's counts, name and products, whether its site is open, and its host names. */
export function SchoolPage() {
  const id = Number(useParams().id);
  const school = usePlatformSchool(id);
  const client = useQueryClient();
  return (
    <div className="console-page">
      <p>
        <Link to={platformPaths.schools}>All schools</Link>
      </p>
      <QueryState query={school} what="The school">
        {(data) => (
          <>
            <SchoolHead school={data} />
            <SchoolForm key={data.version} school={data} onReload={(current) => client.setQueryData(platformSchoolKey(id), current)} />
            <SchoolHosts schoolId={id} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function SchoolHead({ school }: { school: PlatformSchool }) {
  const update = useUpdateSchool(school.id);
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const closing = school.is_active;

  async function toggle() {
    try {
      await update.mutateAsync({ version: school.version, patch: { is_active: !closing } });
      notify.success(closing ? platformMessages.deactivated(school.name) : platformMessages.activated(school.name));
      setAsking(false);
    } catch (failure) {
      // Somebody saved the school meanwhile: the page shows it as it now is, to be asked again.
      const refused = conflictOf<PlatformSchool>(failure);
      if (refused) client.setQueryData(platformSchoolKey(school.id), refused.current);
      setAsking(false);
      notify.error(refused ? `${school.name} was changed meanwhile${refused.by ? ` by ${refused.by}` : ''}: check it and try again.` : (errorDetail(failure) ?? 'The school could not be changed. Try again.'));
    }
  }

  return (
    <>
      <div className="console-head">
        <h1>{school.name}</h1>
        <Button label={closing ? 'Deactivate' : 'Open again'} variant={closing ? 'danger' : 'primary'} onClick={() => setAsking(true)} />
      </div>
      <DetailLines
        rows={[
          ['Site', school.address],
          ['State', school.is_active ? 'Open' : 'Deactivated: its site says it is not available'],
          ['Students', String(school.students)],
          ['Courses', String(school.courses)],
          ['Staff', String(school.staff)],
          ['Enrolments', String(school.enrolments)],
        ]}
      />
      <ConfirmDialog
        open={asking}
        title={closing ? `Deactivate ${school.name}?` : `Open ${school.name} again?`}
        message={
          closing
            ? 'Its site and its staff console will say it is not available, to students and staff alike. Nothing is deleted, and it can be opened again.'
            : 'Its site, its courses and its staff console will be back as they were.'
        }
        confirmLabel={closing ? 'Deactivate' : 'Open again'}
        danger={closing}
        busy={update.isPending}
        onConfirm={() => void toggle()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
