import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { forumMessages as m } from '@school/shared/forum/rules';
import { PageHeader } from '@/components/breadcrumb';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';
import { ForumModal, type ForumForm } from '../components/forum-modal';
import { ForumSidebar } from '../components/forum-sidebar';
import { ForumTabs } from '../components/forum-tabs';
import { TopicList } from '../components/topic-list';
import '../forum.css';

const tabs = [
  { key: 'latest', label: 'Latest Topic' },
  { key: 'unanswered', label: 'Unanswered Topic' },
] as const;
type TabKey = (typeof tabs)[number]['key'];

/** /forums: Latest Topic and Unanswered Topic, statistics, recent tags, Start new topic (spec 3 §2). */
export function Forums() {
  const { data: school } = useSchool();
  const [params, setParams] = useSearchParams();
  // The tab lives in the address, so that coming back from a topic returns to the list it came from.
  const tab: TabKey = params.get('tab') === 'unanswered' ? 'unanswered' : 'latest';
  const [form, setForm] = useState<ForumForm | null>(null);
  return (
    <main>
      <PageHeader title="Forums" cover={school?.cover} trail={[{ label: 'Home', to: paths.home }, { label: 'Forums' }]} />
      <div className="container forum-layout">
        <div className="forum-main">
          <ForumTabs tabs={tabs} current={tab} label="Topics" onSelect={(key) => setParams(key === 'latest' ? {} : { tab: key }, { replace: true })}>
            <TopicList key={tab} list={{ kind: tab }} empty={m.noQuestions} label={tabs.find((t) => t.key === tab)!.label} />
          </ForumTabs>
        </div>
        <ForumSidebar onAsk={() => setForm({ kind: 'ask' })} />
      </div>
      <ForumModal form={form} onClose={() => setForm(null)} />
    </main>
  );
}
