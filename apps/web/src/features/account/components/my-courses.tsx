import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ListPage } from '@school/shared/api/errors';
import { enrollmentSorts, enrollmentStatuses, LIST_PAGE_SIZE, progressLabel } from '@school/shared/catalogue/rules';
import type { MyEnrollment } from '@school/shared/catalogue/schemas';
import { Image } from '@/components/image';
import { InlineSelect } from '@/components/inline-select';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { Pager } from '@/components/pager';
import { PendingPaymentPanel } from '@/components/pending-payment';
import { SearchBox } from '@/components/search-box';
import { sessionMessages } from '@school/shared/auth/messages';
import { notify } from '@/components/toast';
import { api } from '@/lib/api-client';
import { usePendingPayments } from '@/lib/pending-payments';
import { createSignInCode } from '../api/account-calls';
import { useSession } from '@/lib/session';

/**
 * 'View Course' opens the course on its own school's site, signed in (DECISIONS.md): on this site
 * directly; on another through /auth/{code} with a fresh single-use code, never the session token.
 */
async function openCourse(link: string, navigate: (path: string) => void) {
  const url = new URL(link);
  if (url.origin === window.location.origin) return navigate(url.pathname);
  const { code } = await createSignInCode();
  window.location.assign(`${url.origin}/auth/${encodeURIComponent(code)}?redirect=${encodeURIComponent(url.pathname)}`);
}

/**
 * This school's payments not gone through yet, above the enrolments and apart from them (docs/decisions.md):
 * each says what it is, with Resume payment and Cancel payment.
 */
function PendingPayments() {
  const pending = usePendingPayments();
  if (pending.isError) return <LoadError what="Your pending payments" retry={() => void pending.refetch()} />;
  if (!pending.data?.length) return null;
  return (
    <section className="pending-payments" aria-labelledby="pending-payments-title">
      <h3 id="pending-payments-title">Payment pending</h3>
      <p className="muted">Not enrolled yet: each waits for its payment.</p>
      <ul className="progress-cards">
        {pending.data.map((p) => (
          <li key={p.id} className="progress-card">
            <Image src={p.item.image ?? undefined} alt="" className="progress-image" />
            <div className="progress-body">
              <p className="card-kicker">{p.item.content_type === 'coursebundle' ? 'Course bundle' : 'Course'}</p>
              <h4>{p.item.name}</h4>
              <p className="pending-tag">Payment pending</p>
              <PendingPaymentPanel payment={p} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** My Courses (spec 1 §2): every enrolment at every school, filtered, sorted, searched, six a page. */
export function MyCourses() {
  const session = useSession()!;
  const navigate = useNavigate();
  const [state, setState] = useState<{ status: string; sort: string; search: string; page: number }>({ status: enrollmentStatuses[0].value, sort: enrollmentSorts[0].value, search: '', page: 1 });
  const list = useQuery({
    queryKey: ['my-courses', session.userId, state],
    queryFn: () =>
      api<ListPage<MyEnrollment>>(
        `/students/${session.userId}/enrollments/?${new URLSearchParams({ page: String(state.page), perpage: String(LIST_PAGE_SIZE), status: state.status, sort: state.sort, ...(state.search ? { course_name: state.search } : {}) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const set = (change: Partial<typeof state>) => setState((s) => ({ ...s, ...change, page: change.page ?? 1 }));

  return (
    <div className="my-courses">
      <PendingPayments />
      <div className="list-controls-row">
        <SearchBox label="Search my courses" value={state.search} onSearch={(search) => set({ search })} />
        <InlineSelect label="Status" value={state.status} options={enrollmentStatuses} onChange={(status) => set({ status })} />
        <InlineSelect label="Sort by" value={state.sort} options={enrollmentSorts} onChange={(sort) => set({ sort })} />
      </div>
      {list.isPending ? (
        <Loading />
      ) : !list.data ? (
        // Not pending and nothing to show: the load failed, which must not look like an empty list (spec 1 §4).
        <LoadError what="Your courses" retry={() => void list.refetch()} />
      ) : list.data.count === 0 ? (
        <p className="empty-state">No data to display</p>
      ) : (
        <>
          <ul className="progress-cards">
            {list.data.data.map((e) => (
              <li key={e.id} className="progress-card">
                <Image src={e.course.image ?? undefined} alt="" className="progress-image" />
                <div className="progress-body">
                  <p className="card-kicker">{e.course.school_name}</p>
                  <h3>{e.course.name}</h3>
                  <div className="progress-line">
                    <progress max={100} value={e.progress} aria-label={`${e.course.name} progress`} />
                    <span>{e.progress}%</span>
                  </div>
                  <p className="muted">{progressLabel(e.progress)}</p>
                  <a
                    className="btn btn-primary btn-sm"
                    href={e.course.course_detail_link}
                    onClick={(event) => {
                      event.preventDefault();
                      openCourse(e.course.course_detail_link, navigate).catch(() => notify.error(sessionMessages.genericServerError));
                    }}
                  >
                    View Course
                  </a>
                </div>
              </li>
            ))}
          </ul>
          <Pager page={list.data.page} pages={list.data.pages} count={list.data.count} perPage={LIST_PAGE_SIZE} onPage={(page) => set({ page })} />
        </>
      )}
    </div>
  );
}
