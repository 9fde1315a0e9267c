import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { badgeText } from '@school/shared/ui/badge';
import { notificationsQueryOptions, useMarkAllRead } from '@/lib/notifications';
import { useDisclosure } from './use-disclosure';
import { RelativeTime } from './relative-time';

/** The bell: unread badge capped at '99+', and an infinite-scroll list (spec 1 §2). */
export function NotificationBell() {
  const { open, setOpen, ref } = useDisclosure<HTMLDivElement>();
  const list = useInfiniteQuery(notificationsQueryOptions());
  const markAll = useMarkAllRead();
  const sentinel = useRef<HTMLLIElement>(null);
  const unread = list.data?.pages[0]?.unread ?? 0;
  const badge = badgeText(unread);
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];

  useEffect(() => {
    const target = sentinel.current;
    if (!open || !target) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting && list.hasNextPage && !list.isFetchingNextPage) list.fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [open, list]);

  return (
    <div className="dropdown" ref={ref}>
      <button type="button" className="icon-btn bell" aria-expanded={open} aria-controls="notifications" aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'} onClick={() => setOpen(!open)}>
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
            <button type="button" className="link" onClick={() => markAll.mutate()} disabled={unread === 0}>
              Mark all as read
            </button>
          </div>
          <ul className="notifications-list">
            {list.isPending && <li>Loading</li>}
            {!list.isPending && items.length === 0 && <li className="empty">No notifications found.</li>}
            {items.map((n) => (
              <li key={n.id} className={n.read ? '' : 'unread'}>
                {/* Descriptions are sanitized by the server when stored. */}
                <div dangerouslySetInnerHTML={{ __html: n.description }} />
                <RelativeTime iso={n.timestamp} />
              </li>
            ))}
            <li ref={sentinel} aria-hidden="true" />
          </ul>
          <div className="notifications-foot">
            <button type="button" className="link" onClick={() => setOpen(false)}>
              View All
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
