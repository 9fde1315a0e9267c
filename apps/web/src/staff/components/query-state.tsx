import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { ApiError, errorDetail } from '@/lib/api-error';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** What is loaded, for the failure's sentence: "The courses" could not be loaded. */
  what: string;
  /** The sentence when the answer holds nothing; omit when an answer is never empty. */
  empty?: string;
  isEmpty?: (data: T) => boolean;
  /** The screen's own sentence for a refusal (403, 404) in place of the server's: who may see this. */
  refused?: string;
  children: (data: T) => ReactNode;
}

/** A refusal of the whole screen (403, 404): its controls are of no use either. */
export const isRefusal = (error: unknown) => error instanceof ApiError && [403, 404].includes(error.status);

/**
 * Every console block that loads something says so the same way: loading, a refusal in the server's words, a
 * failure with Try again, the empty sentence, or the data. A refetch keeps the data already shown.
 */
export function QueryState<T>({ query, what, empty, isEmpty, refused, children }: QueryStateProps<T>) {
  if (query.data !== undefined) {
    if (empty && isEmpty?.(query.data)) return <p className="empty-state">{empty}</p>;
    return <>{children(query.data)}</>;
  }
  if (query.isError) {
    const refusal = query.error instanceof ApiError && query.error.status < 500 ? (refused && isRefusal(query.error) ? refused : errorDetail(query.error)) : null;
    if (refusal) {
      return (
        <p className="banner banner-error" role="alert">
          {refusal}
        </p>
      );
    }
    return <LoadError what={what} retry={() => void query.refetch()} />;
  }
  return <Loading />;
}
