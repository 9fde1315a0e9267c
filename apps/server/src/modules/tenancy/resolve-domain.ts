/**
 * The school a host name belongs to: an alias from configuration, else the host's first label
 * (DECISIONS.md: demo.localhost and demo.example.com are both the `demo` school).
 */
export function schoolDomainForHost(host: string, aliases: ReadonlyMap<string, string>): string {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return aliases.get(name) ?? name.split('.')[0] ?? '';
}

/** The public address of a school's own site, for links in e-mails. */
export function schoolUrl(template: string, domain: string, path: string): string {
  return template.replace('{domain}', domain).replace(/\/$/, '') + path;
}
