import { notify } from '@/components/toast';
import { authModal } from '@/lib/auth-modal';
import { useSession } from '@/lib/session';
import { useVote, type Votable } from '../api/forum-calls';
import { forumErrorText } from '../api/forum-errors';

interface Counted {
  positive_votes: number;
  negative_votes: number;
  vote: 'up' | 'down' | null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Upvote and Downvote with their counts, pressed for the caller's own vote (spec 3 §4), when the server says the
 * caller may vote. A visitor gets the buttons too, which ask them to log in first (DECISIONS.md); the server still
 * refuses a visitor's vote. A member who may not vote (their own post) sees the counts alone.
 */
export function Votes({ on, item, canVote }: { on: Votable; item: Counted; canVote: boolean }) {
  const session = useSession();
  const vote = useVote();
  if (session && !canVote) {
    return (
      <p className="votes votes-static">
        <span aria-hidden="true">▲ {item.positive_votes}</span>
        <span aria-hidden="true">▼ {item.negative_votes}</span>
        <span className="visually-hidden">
          {plural(item.positive_votes, 'upvote')}, {plural(item.negative_votes, 'downvote')}
        </span>
      </p>
    );
  }
  // A vote is changed, never taken back (the server keeps the same vote as it is): pressing it again does nothing.
  const cast = (direction: 'up' | 'down') => {
    if (!session) return authModal.open('login');
    if (item.vote !== direction) vote.mutate({ on, direction }, { onError: (error) => notify.error(forumErrorText(error)) });
  };
  return (
    <div className="votes" role="group" aria-label="Votes">
      <button type="button" className="vote" aria-pressed={item.vote === 'up'} disabled={vote.isPending} onClick={() => cast('up')}>
        <span aria-hidden="true">▲</span>
        <span className="visually-hidden">Upvote</span> <span>{item.positive_votes}</span>
      </button>
      <button type="button" className="vote" aria-pressed={item.vote === 'down'} disabled={vote.isPending} onClick={() => cast('down')}>
        <span aria-hidden="true">▼</span>
        <span className="visually-hidden">Downvote</span> <span>{item.negative_votes}</span>
      </button>
    </div>
  );
}
