import { useInfiniteQuery } from '@tanstack/react-query';
import { PageHeader } from '@/components/breadcrumb';
import { Button } from '@/components/button';
import { NotificationList } from '@/components/notification-list';
import { paths } from '@/config/paths';
import { notificationsQueryOptions, useMarkAllRead, useUnreadCount } from '@/lib/notifications';
import { useSchool } from '@/lib/school';
import '../notifications.css';

/** /notifications ('View All'): every notification on this site, pages appended as the list scrolls. */
export function NotificationsPage() {
  const { data: school } = useSchool();
  const list = useInfiniteQuery(notificationsQueryOptions());
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  return (
    <main>
      <PageHeader title="Notifications" cover={school?.cover} trail={[{ label: 'Home', to: paths.home }, { label: 'Notifications' }]} />
      <div className="container notifications-page">
        <div className="notifications-page-head">
          <p role="status">{unread ? `${unread} unread` : 'No unread notifications'}</p>
          <Button label="Mark all as read" variant="ghost" busy={markAll.isPending} disabled={unread === 0} onClick={() => markAll.mutate()} />
        </div>
        <NotificationList list={list} className="notifications-list notifications-page-list" />
      </div>
    </main>
  );
}
