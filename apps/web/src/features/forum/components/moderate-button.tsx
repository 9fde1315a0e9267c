import type { Moderated } from '../api/forum-calls';

/** The school's staff hide a post, or show a hidden one again (ours, beyond the spec). */
export function ModerateButton({ post, hidden, moderate, className = 'btn btn-ghost btn-sm' }: { post: Moderated; hidden: boolean; moderate: (post: Moderated, hide: boolean) => void; className?: string }) {
  return (
    <button type="button" className={`${className} ${hidden ? '' : 'danger'}`} onClick={() => moderate(post, !hidden)}>
      {hidden ? 'Show again' : 'Hide'}
    </button>
  );
}
