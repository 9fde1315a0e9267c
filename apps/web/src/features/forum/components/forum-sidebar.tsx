import { useQuery } from '@tanstack/react-query';
import { forumMessages as m } from '@school/shared/forum/rules';
import { Button } from '@/components/button';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { authModal } from '@/lib/auth-modal';
import { useSchool } from '@/lib/school';
import { useSession } from '@/lib/session';
import { summaryQueryOptions } from '../api/forum-calls';
import { forumErrorText } from '../api/forum-errors';
import { ForumSearchBox } from './forum-search-box';
import { TagList } from './tag-list';

/** Start new topic (a visitor is asked to log in first), the search, statistics and recent tags (spec 3 §2). */
export function ForumSidebar({ onAsk, keyword }: { onAsk: () => void; keyword?: string }) {
  const school = useSchool().data!;
  const session = useSession();
  const summary = useQuery(summaryQueryOptions(school.id));
  return (
    <aside className="forum-aside" aria-label="Forum">
      <Button label="Start new topic" className="btn-block" onClick={() => (session ? onAsk() : authModal.open('login'))} />
      <ForumSearchBox key={keyword} initial={keyword} />
      <section className="forum-box" aria-labelledby="forum-statistics">
        <h2 id="forum-statistics">Statistics</h2>
        {summary.isPending ? (
          <Loading />
        ) : summary.isError ? (
          <LoadError message={forumErrorText(summary.error)} retry={() => void summary.refetch()} />
        ) : (
          <dl className="forum-stats">
            <div>
              <dt>Questions</dt>
              <dd>{summary.data.questions}</dd>
            </div>
            <div>
              <dt>Answers</dt>
              <dd>{summary.data.answers}</dd>
            </div>
          </dl>
        )}
      </section>
      <section className="forum-box" aria-labelledby="forum-recent-tags">
        <h2 id="forum-recent-tags">Recent Tags</h2>
        {summary.data && (summary.data.recent_tags.length > 0 ? <TagList tags={summary.data.recent_tags} label="Recent tags" /> : <p className="muted">{m.noTags}</p>)}
      </section>
    </aside>
  );
}
