import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { forumMessages as m, searchable, tagSlug } from '@school/shared/forum/rules';
import { PageHeader } from '@/components/breadcrumb';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';
import type { TopicList as List } from '../api/forum-calls';
import { ForumModal, type ForumForm } from '../components/forum-modal';
import { ForumSidebar } from '../components/forum-sidebar';
import { TopicList } from '../components/topic-list';
import '../forum.css';

/** /forums/search?keyword=… or ?tag=…: results under a Search or Tag breadcrumb (spec 3 §2). */
export function ForumSearch() {
  const { data: school } = useSchool();
  const [params] = useSearchParams();
  const [form, setForm] = useState<ForumForm | null>(null);
  const keyword = params.get('keyword')?.trim() ?? '';
  // A tag is searched as the forum keeps it: lowercased and hyphenated.
  const slug = tagSlug(params.get('tag') ?? '');
  const list: List | null = slug ? { kind: 'tag', slug } : searchable(keyword) ? { kind: 'search', keyword } : null;
  if (!list) return <Navigate to={paths.forums} replace />;
  const crumb = list.kind === 'tag' ? `Tag: ${list.slug}` : `Search: ${keyword}`;
  return (
    <main>
      <PageHeader title={crumb} cover={school?.cover} trail={[{ label: 'Home', to: paths.home }, { label: 'Forums', to: paths.forums }, { label: crumb }]} />
      <div className="container forum-layout">
        <div className="forum-main">
          <TopicList key={JSON.stringify(list)} list={list} empty={m.noResults} label="Results" />
        </div>
        <ForumSidebar onAsk={() => setForm({ kind: 'ask' })} keyword={list.kind === 'search' ? keyword : ''} />
      </div>
      <ForumModal form={form} onClose={() => setForm(null)} />
    </main>
  );
}
