import http from 'node:http';

export interface ApiResponse<T = any> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: T;
  text: string;
  /** The body's bytes as sent (compressed ones are not decoded). */
  raw: Buffer;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  rawBody?: string | Buffer;
  token?: string;
  host?: string;
  headers?: Record<string, string>;
  /** The local address to connect from (any 127.x.y.z on Linux): a client of its own to the server's per-address limits. */
  localAddress?: string;
}

/** A plain HTTP call (node:http, so that the Host header can name a school). */
export function request<T = any>(baseUrl: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const url = new URL(path, baseUrl);
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = {
    ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(options.token ? { authorization: `Token ${options.token}` } : {}),
    ...(options.host ? { host: options.host } : {}),
    // Node sends a DELETE's body without a length or chunks unless told: the server would read it as a next request.
    ...(payload !== undefined ? { 'content-length': String(Buffer.byteLength(payload)) } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? (payload ? 'POST' : 'GET'), headers, localAddress: options.localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = raw.toString('utf8');
        let body: unknown = text;
        if (res.headers['content-type']?.includes('application/json') && text) body = JSON.parse(text);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body as T, text, raw });
      });
    });
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Bound to one server: `api.post('/api/v1/...', body, options)`. */
export function client(baseUrl: string) {
  return {
    get: <T = any>(path: string, options: RequestOptions = {}) => request<T>(baseUrl, path, { ...options, method: 'GET' }),
    post: <T = any>(path: string, body?: unknown, options: RequestOptions = {}) =>
      request<T>(baseUrl, path, { ...options, method: 'POST', body: body ?? {} }),
    put: <T = any>(path: string, body?: unknown, options: RequestOptions = {}) =>
      request<T>(baseUrl, path, { ...options, method: 'PUT', body: body ?? {} }),
    patch: <T = any>(path: string, body?: unknown, options: RequestOptions = {}) =>
      request<T>(baseUrl, path, { ...options, method: 'PATCH', body: body ?? {} }),
    delete: <T = any>(path: string, options: RequestOptions = {}) => request<T>(baseUrl, path, { ...options, method: 'DELETE' }),
  };
}
