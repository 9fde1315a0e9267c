import { request, type RequestOptions } from './http';

/** A multipart/form-data body with one file field (and any text fields), as a browser's FormData sends it; PATCH unless told. */
export function uploadFile(baseUrl: string, path: string, file: { field: string; name: string; type: string; data: Buffer }, options: RequestOptions & { fields?: Record<string, string> } = {}) {
  const { fields = {}, ...rest } = options;
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const texts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('');
  const head = Buffer.from(`${texts}--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return request(baseUrl, path, {
    method: 'PATCH',
    ...rest,
    rawBody: Buffer.concat([head, file.data, tail]),
    headers: { ...rest.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
