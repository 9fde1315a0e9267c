import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { S3Store } from '@tus/s3-store';
import { assertKey, PRIVATE_CACHE_CONTROL, publicCacheControl, type ResumableArea, type Storage, type Visibility } from './storage';

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
  const clientConfig = {
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible servers do not know the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
  const client = new S3Client(clientConfig);
  const bucket = options.bucket;
  const publicBase = withoutTrailingSlash(options.publicUrl ?? `${withoutTrailingSlash(options.endpoint)}/${encodeURIComponent(bucket)}`);
  const objectKey = (key: string, visibility: Visibility) => `${visibility}/${assertKey(key)}`;
  let resumable: ResumableArea | undefined;
  // async: a bad key rejects the promise, as every other storage call does, rather than throwing at the call.
  const signed = async (key: string, visibility: Visibility, expiresIn: number) =>
    getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: objectKey(key, visibility) }), {
      expiresIn: Math.max(1, Math.ceil(expiresIn)),
      ...(options.now ? { signingDate: new Date(options.now()) } : {}),
    });

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
    async publish(privateKey, publicKey, contentType) {
      // Copied inside the bucket: the bytes never pass through this process.
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          CopySource: `${bucket}/${objectKey(privateKey, 'private')}`,
          Key: objectKey(publicKey, 'public'),
          MetadataDirective: 'REPLACE',
          ContentType: contentType,
          CacheControl: publicCacheControl(publicKey),
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
    async head(key, visibility, length) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key, visibility), Range: `bytes=0-${length - 1}` }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
        throw error;
      }
    },
    toolSource(key, visibility) {
      return signed(key, visibility, 3600);
    },
    resumable() {
      // Multipart uploads into `private/uploads/<id>`, parts of 8 MB staged in the temporary folder, not in memory.
      resumable ??= { store: new S3Store({ partSize: 8 * 1024 * 1024, s3ClientConfig: { ...clientConfig, bucket } }), idOf: (key) => objectKey(key, 'private') };
      return resumable;
    },
    publicUrl(key) {
      return `${publicBase}/public/${assertKey(key)}`;
    },
    close() {
      client.destroy();
    },
    signedUrl(key, { expiresIn }) {
      return signed(key, 'private', expiresIn);
    },
  };
}
