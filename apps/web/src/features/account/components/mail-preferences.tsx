import { MAIL_KIND_LABELS, MAIL_KINDS, notificationMessages, type MailKind } from '@school/shared/notifications/kinds';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { useMailPreferences, useSaveMailPreferences } from '../api/mail-preference-calls';
import './mail-preferences.css';

/** The Email Settings tab's switches: one per kind of notification that also comes by e-mail, saved at each change. */
export function MailPreferences() {
  const preferences = useMailPreferences();
  const save = useSaveMailPreferences();
  const change = (kind: MailKind, on: boolean) =>
    save.mutate(
      { [kind]: on },
      {
        onSuccess: () => notify.success(notificationMessages.preferencesSaved),
        onError: (error) => notify.error(errorDetail(error) ?? 'Your email preferences could not be saved.'),
      },
    );

  return (
    <fieldset className="mail-preferences">
      <legend>Email notifications</legend>
      <p className="muted">Besides the bell, these notifications also come to your inbox. Each email has a link to turn its kind off.</p>
      {preferences.isPending ? (
        <Loading />
      ) : preferences.isError ? (
        <LoadError what="Email preferences" retry={() => void preferences.refetch()} />
      ) : (
        MAIL_KINDS.map((kind) => (
          <label className="switch" key={kind}>
            <input type="checkbox" role="switch" checked={preferences.data[kind]} disabled={save.isPending} onChange={(event) => change(kind, event.target.checked)} />
            <span className="switch-track" aria-hidden="true" />
            <span>{MAIL_KIND_LABELS[kind]}</span>
          </label>
        ))
      )}
    </fieldset>
  );
}
