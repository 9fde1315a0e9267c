import { Link, useParams } from 'react-router';
import { dateTimeIn } from '@school/shared/school/dates';
import { PageHeader } from '@/components/breadcrumb';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { PlainText } from '@/components/plain-text';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { useSchool } from '@/lib/school';
import { useMessage } from '../api/message';
import '../notifications.css';

export const messagePageTexts = { notFound: 'This message was not sent to you, or it no longer exists.' } as const;

/** /messages/{id}: an announcement of the school's, in full (its bell notice and e-mail link here). */
export function MessagePage() {
  const id = Number(useParams().id);
  const { data: school } = useSchool();
  const valid = Number.isInteger(id) && id > 0;
  const message = useMessage(valid ? id : 0);
  const data = message.data;
  return (
    <main>
      <PageHeader title={data?.subject ?? 'Message'} cover={school?.cover} trail={[{ label: 'Home', to: paths.home }, { label: 'Notifications', to: paths.notifications }, { label: 'Message' }]} />
      <div className="container notifications-page message-page">
        {valid && message.isPending && <Loading />}
        {(!valid || message.isError) &&
          (!valid || (message.error instanceof ApiError && message.error.status === 404) ? (
            <p role="status">{messagePageTexts.notFound}</p>
          ) : (
            <LoadError what="The message" retry={() => void message.refetch()} />
          ))}
        {data && (
          <article className="message-card">
            <p className="muted">
              From {data.from} · {dateTimeIn(data.sent_at, school?.time_zone ?? 'Asia/Manila')}
              {data.course && (
                <>
                  {' · '}
                  <Link to={paths.course(data.course.slug)}>{data.course.name}</Link>
                </>
              )}
            </p>
            <PlainText text={data.body} />
          </article>
        )}
      </div>
    </main>
  );
}
