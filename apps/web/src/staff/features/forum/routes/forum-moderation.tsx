import { Link } from 'react-router';
import { dateTimeIn } from '@school/shared/school/dates';
import { FORUM_MODERATION_PAGE_SIZE, MODERATION_STATES, moderationQuerySchema, type ModeratedPost } from '@school/shared/staff/forum';
import { Button } from '@/components/button';
import { InlineSelect } from '@/components/inline-select';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { errorDetail } from '@/lib/api-error';
import { useSchool } from '@/lib/school';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useListFilters } from '../../../lib/use-list-filters';
import { useModeration, useShowPost } from '../api/moderation-calls';

const stateLabels: Record<(typeof MODERATION_STATES)[number], string> = { hidden: 'Hidden posts', closed: 'Closed questions' };
const states = MODERATION_STATES.map((value) => ({ value, label: stateLabels[value] }));
const kindLabels: Record<ModeratedPost['kind'], string> = { question: 'Question', answer: 'Answer', comment: 'Comment' };

/** /staff/forum: the posts the school's administrators hid, each shown again with Show, and the closed questions. */
export function ForumModeration() {
  const { filters, update } = useListFilters(moderationQuerySchema);
  const list = useModeration(filters);
  const show = useShowPost();
  const timeZone = useSchool().data?.time_zone ?? 'Asia/Manila';
  const when = (iso: string) => dateTimeIn(iso, timeZone);

  async function showAgain(post: ModeratedPost) {
    try {
      await show.mutateAsync(post);
      notify.success(`The ${post.kind} by ${post.author} is shown again.`);
    } catch (failure) {
      notify.error(errorDetail(failure) ?? 'The post could not be shown again. Try again.');
    }
  }

  const columns: DataColumn<ModeratedPost>[] = [
    {
      id: 'post',
      header: 'Post',
      cell: ({ row: { original: p } }) => (
        <div>
          <strong>{kindLabels[p.kind]}</strong> in <Link to={paths.forumTopic(String(p.question.id))}>{p.question.title}</Link>
          <br />
          <span className="muted">{p.excerpt}</span>
        </div>
      ),
    },
    { id: 'author', header: 'Author', cell: ({ row }) => row.original.author },
    { id: 'posted', header: 'Posted', cell: ({ row }) => when(row.original.created_at) },
    ...(filters.state === 'hidden'
      ? [
          { id: 'hidden', header: 'Hidden', cell: ({ row }) => (row.original.hidden_at ? when(row.original.hidden_at) : '—') } satisfies DataColumn<ModeratedPost>,
          {
            id: 'actions',
            header: 'Actions',
            cell: ({ row: { original: p } }) => (
              <Button variant="ghost" label="Show" aria-label={`Show the ${p.kind} by ${p.author} again`} busy={show.isPending && show.variables === p} onClick={() => void showAgain(p)} />
            ),
          } satisfies DataColumn<ModeratedPost>,
        ]
      : []),
  ];

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>Forum</h1>
      </div>
      <p className="muted">Posts are hidden from the forum itself (a post&apos;s Hide, for administrators); here they are shown again.</p>
      <div className="list-controls-row">
        <InlineSelect label="Show" value={filters.state} options={states} onChange={(state) => update({ state })} />
      </div>
      <DataTable
        caption={filters.state === 'hidden' ? 'Hidden posts, the latest hidden first' : 'Closed questions, the latest asked first'}
        columns={columns}
        query={list}
        what="The posts"
        empty={filters.state === 'hidden' ? 'No post is hidden.' : 'No question is closed.'}
        perPage={FORUM_MODERATION_PAGE_SIZE}
        onPage={(page) => update({ page })}
      />
    </div>
  );
}
