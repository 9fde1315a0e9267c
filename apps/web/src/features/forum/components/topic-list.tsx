import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { useSchool } from '@/lib/school';
import { topicsQueryOptions, type TopicList as List } from '../api/forum-calls';
import { forumErrorText } from '../api/forum-errors';
import { TopicItem } from './topic-item';

/**
 * A list of topics that loads its next page when its end scrolls into view (spec 3 §2, §4), under a heading for
 * screen readers (`label`): the topics' titles are h3s.
 */
export function TopicList({ list, empty, label }: { list: List; empty: string; label: string }) {
  return (
    <>
      <h2 className="visually-hidden">{label}</h2>
      <Topics list={list} empty={empty} label={label} />
    </>
  );
}

function Topics({ list, empty, label }: { list: List; empty: string; label: string }) {
  const school = useSchool().data!;
  const topics = useInfiniteQuery(topicsQueryOptions(school.id, list));
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = topics;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    // A new observer reports at once when the end is already in view, so short pages keep filling the screen.
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '200px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (topics.isPending) return <Loading />;
  if (topics.isError && !topics.data) return <LoadError message={forumErrorText(topics.error)} retry={() => void topics.refetch()} />;
  // A topic asked while reading shifts the pages by one: the one seen twice is shown once.
  const items = [...new Map(topics.data.pages.flatMap((page) => page.data).map((topic) => [topic.id, topic])).values()];
  if (items.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <>
      <ul className="topic-list" aria-label={label} aria-busy={isFetchingNextPage}>
        {items.map((topic) => (
          <TopicItem key={topic.id} topic={topic} />
        ))}
      </ul>
      <div ref={sentinel} className="topic-sentinel" aria-hidden="true" />
      {isFetchingNextPage && <Loading label="Loading more topics" />}
      {topics.isFetchNextPageError && <LoadError message={forumErrorText(topics.error)} retry={() => void fetchNextPage()} />}
    </>
  );
}
