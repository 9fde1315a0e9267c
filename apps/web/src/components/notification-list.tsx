import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { NotificationPage } from '@school/shared/notifications/schemas';
import { LoadError } from './load-error';
import { Loading } from './loading';
import { RelativeTime } from './relative-time';
import { NotificationText } from './notification-text';

interface Props {
  list: UseInfiniteQueryResult<InfiniteData<NotificationPage>>;
  /** Called when an item's link is followed (the bell closes). */
  onOpen?: () => void;
  className?: string;
}

/**
 * Notifications, newest first (the bell's and the full page's): description as text with emphasis (see
 * NotificationText), relative time, each opening its link; the next page loads when the end of the list
 * comes into view, and one that failed waits for Try again.
 */
export function NotificationList({ list, onOpen, className = 'notifications-list' }: Props) {
  const sentinel = useRef<HTMLLIElement>(null);
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (list.isError && !items.length) return <LoadError what="Notifications" retry={() => void list.refetch()} />;
  return (
    <ul className={className} aria-busy={isFetchingNextPage}>
      {list.isPending && <li>Loading</li>}
      {!list.isPending && items.length === 0 && <li className="empty">No notifications found.</li>}
      {items.map((n) => {
        // A linked notification's description has no links of its own (the server writes them): the item is the link.
        const body = (
          <>
            {!n.read && <span className="visually-hidden">Unread: </span>}
            <NotificationText html={n.description} />
            <RelativeTime iso={n.timestamp} />
          </>
        );
        return (
          <li key={n.id} className={n.read ? '' : 'unread'} data-kind={n.kind}>
            {n.link ? (
              <Link to={n.link} onClick={onOpen} className="notification-link">
                {body}
              </Link>
            ) : (
              body
            )}
          </li>
        );
      })}
      {isFetchingNextPage && (
        <li>
          <Loading />
        </li>
      )}
      {isFetchNextPageError && (
        <li>
          <LoadError what="More notifications" retry={() => void fetchNextPage()} />
        </li>
      )}
      <li ref={sentinel} aria-hidden="true" className="sentinel" />
    </ul>
  );
}
