import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchable } from '@school/shared/forum/rules';
import { keywordSearch } from '../search-links';

/** The forum's search: it runs on Enter, and only with a non-empty value (spec 3 §2, §5). */
export function ForumSearchBox({ initial = '' }: { initial?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState(initial);
  return (
    <form
      role="search"
      className="search-box forum-search"
      onSubmit={(event) => {
        event.preventDefault();
        if (searchable(keyword)) navigate(keywordSearch(keyword));
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search the forum
      </label>
      <input id={id} type="search" placeholder="Search the forum" value={keyword} onChange={(event) => setKeyword(event.target.value)} />
    </form>
  );
}
