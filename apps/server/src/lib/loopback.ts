import { isIP } from 'node:net';

/** Whether a socket address is this machine: 127.0.0.0/8, ::1, or either as an IPv4-mapped IPv6 address. */
export function isLoopback(address: string | undefined): boolean {
  if (!address || !isIP(address)) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || (isIP(v4) === 4 && v4.startsWith('127.'));
}

/** Whether a host name (without its port) can only mean this machine: localhost, *.localhost or a loopback address. */
export function isLocalHostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name.endsWith('.localhost') || isLoopback(name);
}

/** Headers that proxies, load balancers and CDNs add with the client's address, host or scheme. */
const PROXY_HEADERS = new Set(['forwarded', 'via', 'x-real-ip', 'x-client-ip', 'x-cluster-client-ip', 'cf-connecting-ip', 'true-client-ip', 'fastly-client-ip', 'x-original-forwarded-for']);

/** Whether a request names a proxy on its way (any X-Forwarded-*, Forwarded, Via, a CDN's client address…). */
export function cameThroughProxy(headers: Record<string, unknown>): boolean {
  return Object.keys(headers).some((name) => {
    const header = name.toLowerCase();
    return PROXY_HEADERS.has(header) || header.startsWith('x-forwarded-');
  });
}
