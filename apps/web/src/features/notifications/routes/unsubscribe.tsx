import { Link, useSearchParams } from 'react-router';
import { notificationMessages, unsubscribeKind } from '@school/shared/notifications/kinds';
import { PageHeader } from '@/components/breadcrumb';
import { Button } from '@/components/button';
import { paths } from '@/config/paths';
import { errorDetail } from '@/lib/api-error';
import { useSchool } from '@/lib/school';
import '../notifications.css';
import { useSession } from '@/lib/session';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * /unsubscribe?token=…: an e-mail's link says which e-mails it turns off, and turns them off when the person
 * presses Unsubscribe (no login). Never on opening: mail scanners open links. Mail programs' own button uses
 * the API's one-click address instead.
 */
export function Unsubscribe() {
  const { data: school } = useSchool();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const kind = unsubscribeKind(token);
  const session = useSession();
  const unsubscribe = useUnsubscribe();

  return (
    <main>
      <PageHeader title="Unsubscribe" cover={school?.cover} trail={[{ label: 'Home', to: paths.home }, { label: 'Unsubscribe' }]} />
      <div className="container narrow unsubscribe">
        {!kind || unsubscribe.isError ? (
          <p className="banner banner-error" role="alert">
            {errorDetail(unsubscribe.error) ?? notificationMessages.badUnsubscribeLink}
          </p>
        ) : unsubscribe.isSuccess ? (
          <>
            <p className="banner banner-success" role="status">
              {unsubscribe.data.detail}
            </p>
            <p>
              You can turn these emails on again in{' '}
              {session ? <Link to={paths.student('email')}>Email Settings</Link> : 'Email Settings, once logged in'}.
            </p>
          </>
        ) : (
          <>
            <p>{notificationMessages.unsubscribeAsk(kind)}</p>
            <Button label="Unsubscribe" busy={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)} />
          </>
        )}
      </div>
    </main>
  );
}
