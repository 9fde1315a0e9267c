/**
 * Initials for the avatar fallback: first and last name, else the username's first letter. Kept apart
 * from the profile schema so that the navbar's avatar does not bring zod into the first page load.
 */
export function initials(fullName: string, username: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const source = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [(words[0] ?? username)[0] ?? '?'];
  return source.join('').toUpperCase();
}
