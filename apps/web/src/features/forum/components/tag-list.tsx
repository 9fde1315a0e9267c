import { Link } from 'react-router';
import { tagSearch } from '../search-links';

/** A post's tags, each a link to the tag's search. */
export function TagList({ tags, label = 'Tags' }: { tags: readonly string[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="forum-tags" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link to={tagSearch(tag)} className="forum-tag">
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
