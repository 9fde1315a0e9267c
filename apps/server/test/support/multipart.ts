import { request, type RequestOptions } from './http';

/** A multipart/form-data body with one file field, as a browser's FormData sends it. */
export function uploadFile(baseUrl: string, path: string, file: { field: string; name: string; type: string; data: Buffer }, options: RequestOptions = {}) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return request(baseUrl, path, {
    ...options,
    method: 'PATCH',
    rawBody: Buffer.concat([head, file.data, tail]),
    headers: { ...options.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
