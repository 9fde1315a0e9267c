import type { Config } from '../../config/env';
import { localStorage, type LocalStorage } from './local';
import { s3Storage, type S3Storage } from './s3';

/**
 * The configured storage: local disk (MEDIA_DIR) unless STORAGE=s3; the configuration schema has checked that
 * every S3 setting is there. `now` is for tests that need addresses which have already expired.
 */
export function storageFromConfig(config: Config, options: { now?: () => number } = {}): LocalStorage | S3Storage {
  if (config.STORAGE === 's3') {
    return s3Storage({
      endpoint: config.S3_ENDPOINT!,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      publicUrl: config.S3_PUBLIC_URL,
      now: options.now,
    });
  }
  return localStorage({ root: config.MEDIA_DIR, secret: config.SECRET_KEY, now: options.now });
}
