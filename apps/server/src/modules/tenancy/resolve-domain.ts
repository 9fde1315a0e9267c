/** A Host header as a host name: lower case, without port, brackets or trailing dot. */
export function hostName(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

/**
 * The name a host asks for when it is none of the schools' own host names (school_domains): its first label
 * (DECISIONS.md: demo.localhost and demo.example.com are both the `demo` school).
 */
export const firstLabel = (name: string) => name.split('.')[0] ?? '';

/** What a link to a school's site is built from: its domain, and the host name its e-mails use if it chose one. */
export interface SchoolAddress {
  domain: string;
  primaryHost: string | null;
}

/**
 * The public address of a school's own site, for links in e-mails: the template filled with the school's
 * domain, on the school's primary host name when it has one (keeping the template's scheme and port).
 */
export function schoolUrl(template: string, school: SchoolAddress, path: string): string {
  const url = new URL(template.replace('{domain}', school.domain));
  if (school.primaryHost) url.hostname = school.primaryHost;
  return url.origin + url.pathname.replace(/\/$/, '') + path;
}
