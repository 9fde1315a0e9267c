import type { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import { storeRepository } from './repository';

/** Claims a key once across every server process: the second claim of the same key answers false. */
export interface OneTimeStore {
  claim(key: string, ttlSeconds: number): Promise<boolean>;
}

export function dbOneTimeStore(db: Db): OneTimeStore {
  const repo = storeRepository(db);
  return {
    claim: (key, ttlSeconds) => repo.claimKey(key, new Date(Date.now() + ttlSeconds * 1000)),
  };
}

export function redisOneTimeStore(redis: Redis): OneTimeStore {
  return {
    async claim(key, ttlSeconds) {
      return (await redis.set(`once:${key}`, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
    },
  };
}
