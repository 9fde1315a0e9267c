/**
 * A redirect parameter carries host plus path; only its path is used (spec 1 §2), so that a link
 * cannot send the user to another site.
 */
export function redirectPath(value: string | null, fallback: string): string {
  if (!value) return fallback;
  const withoutScheme = value.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const slash = withoutScheme.indexOf('/');
  const path = value.startsWith('/') ? value : slash >= 0 ? withoutScheme.slice(slash) : '/';
  // A leading "//" or "/\" would be read as another host by the browser.
  return path.startsWith('//') || path.startsWith('/\\') ? fallback : path;
}
