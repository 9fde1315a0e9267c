import { useQueryClient } from '@tanstack/react-query';
import type { StaffSchool } from '@school/shared/staff/school-settings';
import { QueryState } from '../../../components/query-state';
import { SchoolSettingsForm } from '../components/school-settings-form';
import { schoolKey, useStaffSchool } from '../api/school-calls';

/** /staff/school: the school's name, look, contact, payment instructions and policies, as its administrators set them. */
export function SchoolSettings() {
  const school = useStaffSchool();
  const client = useQueryClient();
  const reload = (current: StaffSchool) => client.setQueryData(schoolKey, current);
  return (
    <div className="console-page">
      <QueryState query={school} what="The school's settings" refused="The school's settings are for its administrators.">
        {(data) => (
          <>
            <div className="console-head">
              <h1>School settings</h1>
            </div>
            <p className="muted">
              {data.domain} · version {data.version}
            </p>
            <SchoolSettingsForm school={data} onReload={reload} />
          </>
        )}
      </QueryState>
    </div>
  );
}
