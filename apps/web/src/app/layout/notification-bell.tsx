import { lazy, Suspense } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { badgeText } from '@school/shared/ui/badge';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { notificationsQueryOptions, useMarkAllRead, useUnreadCount } from '@/lib/notifications';
import { useDisclosure } from './use-disclosure';

// The list and its HTML sanitizer load with the first opening: every page carries the bell, few open it.
const NotificationList = lazy(() => import('@/components/notification-list').then((module) => ({ default: module.NotificationList })));

/** The bell (spec 1 §2): the unread badge ('99+' from 100), kept current by polling, and the infinite list. */
export function NotificationBell() {
  const { open, setOpen, ref } = useDisclosure<HTMLDivElement>();
  const unread = useUnreadCount();
  const list = useInfiniteQuery({ ...notificationsQueryOptions(), enabled: open });
  const markAll = useMarkAllRead();
  const badge = badgeText(unread);
  const close = () => setOpen(false);

  return (
    <div className="dropdown" ref={ref}>
      <button type="button" className="icon-btn bell" aria-expanded={open} aria-controls={open ? 'notifications' : undefined} aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'} onClick={() => setOpen(!open)}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {badge && <span className="badge" data-testid="notification-badge">{badge}</span>}
      </button>
      {open && (
        <div id="notifications" className="dropdown-menu notifications" role="region" aria-label="Notifications">
          <div className="notifications-head">
            <strong>Notifications</strong>
            <button type="button" className="link" onClick={() => markAll.mutate()} disabled={unread === 0 || markAll.isPending}>
              Mark all as read
            </button>
          </div>
          <Suspense fallback={<Loading />}>
            <NotificationList list={list} onOpen={close} />
          </Suspense>
          <div className="notifications-foot">
            <Link to={paths.notifications} className="link" onClick={close}>
              View All
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
