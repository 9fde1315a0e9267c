import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertKey, PRIVATE_CACHE_CONTROL, publicCacheControl, type Storage, type Visibility } from './storage';

export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket's objects are read anonymously (a CDN, say); default: the endpoint and bucket. */
  publicUrl?: string;
  /** For tests that need addresses which have already expired. */
  now?: () => number;
}

export interface S3Storage extends Storage {
  readonly kind: 's3';
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * S3-compatible object storage (AWS, MinIO, R2, Ceph, …), path-style addressing. Objects live under
 * `public/<key>` and `private/<key>` in one bucket: the bucket's policy lets anyone read `public/*` and
 * nothing else, so a private object is reached only through a presigned GET.
 */
export function s3Storage(options: S3Options): S3Storage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible servers do not know the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = options.bucket;
  const publicBase = withoutTrailingSlash(options.publicUrl ?? `${withoutTrailingSlash(options.endpoint)}/${encodeURIComponent(bucket)}`);
  const objectKey = (key: string, visibility: Visibility) => `${visibility}/${assertKey(key)}`;

  return {
    kind: 's3',
    origins: [...new Set([new URL(publicBase).origin, new URL(options.endpoint).origin])],
    async put(key, data, { visibility, contentType }) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key, visibility),
          Body: data,
          ContentType: contentType,
          CacheControl: visibility === 'public' ? publicCacheControl(key) : PRIVATE_CACHE_CONTROL,
        }),
      );
    },
    async get(key, visibility) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key, visibility) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
        throw error;
      }
    },
    async remove(key) {
      await Promise.all((['public', 'private'] as const).map((visibility) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key, visibility) }))));
    },
    publicUrl(key) {
      return `${publicBase}/public/${assertKey(key)}`;
    },
    close() {
      client.destroy();
    },
    async signedUrl(key, { expiresIn }) {
      const command = new GetObjectCommand({ Bucket: bucket, Key: objectKey(key, 'private') });
      return getSignedUrl(client, command, {
        expiresIn: Math.max(1, Math.ceil(expiresIn)),
        ...(options.now ? { signingDate: new Date(options.now()) } : {}),
      });
    },
  };
}
