import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { IdentitySettings } from '@school/shared/staff/identity-settings';
import { paths } from '@/config/paths';
import { QueryState } from '../../../components/query-state';
import { identitySettingsKey, useIdentitySettings } from '../api/identity-settings-calls';
import { IdentitySettingsForm } from '../components/identity-settings-form';
import './identity-settings.css';

/** /staff/id-verification/settings: the kinds of ID students send, how long photos are kept, which courses take snapshots. */
export function IdentitySettingsPage() {
  const settings = useIdentitySettings();
  const client = useQueryClient();
  const reload = (current: IdentitySettings) => client.setQueryData(identitySettingsKey, current);
  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Identity settings</h1>
        <Link className="btn btn-ghost" to={paths.kycReviews}>
          Reviews
        </Link>
      </div>
      <QueryState query={settings} what="The identity settings" refused="The identity settings are for the school's administrators.">
        {(data) => (
          <>
            {!data.kyc_enabled && (
              <p className="banner banner-info" role="status">
                Identity verification is off for this school: students are not asked for an ID until the platform&apos;s administrator turns it on. These settings apply from then.
              </p>
            )}
            <IdentitySettingsForm key={data.version} settings={data} onReload={reload} />
          </>
        )}
      </QueryState>
    </div>
  );
}
