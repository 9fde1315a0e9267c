import { tagSlug } from '@school/shared/forum/rules';
import { paths } from '@/config/paths';

/** /forums/search?keyword=… (spec 3 §2). */
export const keywordSearch = (keyword: string) => `${paths.forumSearch}?${new URLSearchParams({ keyword: keyword.trim() })}`;

/** /forums/search?tag=…, the tag lowercased and hyphenated as the forum keeps it (spec 3 §2). */
export const tagSearch = (tag: string) => `${paths.forumSearch}?${new URLSearchParams({ tag: tagSlug(tag) })}`;
