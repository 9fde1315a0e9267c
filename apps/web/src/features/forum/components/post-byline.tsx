import type { ForumUser } from '@school/shared/forum/schemas';
import { initials } from '@school/shared/ui/initials';
import { RelativeTime } from '@/components/relative-time';

/** Who wrote a post and when; an edit later than the post says so. */
export function PostByline({ user, verb, pubDate, updated }: { user: ForumUser; verb: string; pubDate: string; updated: string }) {
  const edited = new Date(updated).getTime() - new Date(pubDate).getTime() > 1000;
  return (
    <p className="post-byline">
      {user.photo ? <img src={user.photo} alt="" className="avatar avatar-sm" /> : <span className="avatar avatar-sm avatar-initials" aria-hidden="true">{initials(user.full_name, user.username)}</span>}
      <span>
        <strong>{user.full_name}</strong> {verb} <RelativeTime iso={pubDate} />
        {edited && (
          <>
            {' '}
            · edited <RelativeTime iso={updated} />
          </>
        )}
      </span>
    </p>
  );
}
