import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { progressLabel } from '@school/shared/catalogue/rules';
import { Image } from '@/components/image';
import { InlineSelect } from '@/components/inline-select';
import { Loading } from '@/components/loading';
import { Pager } from '@/components/pager';
import { SearchBox } from '@/components/search-box';
import { sessionMessages } from '@school/shared/auth/messages';
import { notify } from '@/components/toast';
import { api } from '@/lib/api-client';
import { createSignInCode } from '../api/account-calls';
import { useSession } from '@/lib/session';

interface MyEnrollment {
  id: number;
  progress: number;
  status: string;
  date_enrolled: string;
  course: { id: number; name: string; image: string | null; school_name: string; course_detail_link: string };
}

const statuses = [
  { value: 'all', label: 'All' },
  { value: 'inprogress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'notstarted', label: 'Not Started' },
];
const sorts = [
  { value: '-date_enrolled', label: 'Newest enrolled' },
  { value: 'date_enrolled', label: 'Oldest enrolled' },
  { value: 'course_name', label: 'Course name' },
  { value: 'progress', label: 'Progress' },
];

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

/** My Courses (spec 1 §2): every enrolment at every school, filtered, sorted, searched, six a page. */
export function MyCourses() {
  const session = useSession()!;
  const navigate = useNavigate();
  const [state, setState] = useState({ status: 'all', sort: '-date_enrolled', search: '', page: 1 });
  const list = useQuery({
    queryKey: ['my-courses', session.userId, state],
    queryFn: () =>
      api<{ data: MyEnrollment[]; count: number; page: number; pages: number }>(
        `/students/${session.userId}/enrollments/?${new URLSearchParams({ page: String(state.page), perpage: '6', status: state.status, sort: state.sort, ...(state.search ? { course_name: state.search } : {}) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const set = (change: Partial<typeof state>) => setState((s) => ({ ...s, ...change, page: change.page ?? 1 }));

  return (
    <div className="my-courses">
      <div className="list-controls-row">
        <SearchBox label="Search my courses" value={state.search} onSearch={(search) => set({ search })} />
        <InlineSelect label="Status" value={state.status} options={statuses} onChange={(status) => set({ status })} />
        <InlineSelect label="Sort by" value={state.sort} options={sorts} onChange={(sort) => set({ sort })} />
      </div>
      {list.isPending ? (
        <Loading />
      ) : !list.data || list.data.count === 0 ? (
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
          <Pager page={list.data.page} pages={list.data.pages} count={list.data.count} perPage={6} onPage={(page) => set({ page })} />
        </>
      )}
    </div>
  );
}
