import { EventEmitter } from 'node:events';
import type { Listen } from '../../db/listen';
import type { SchoolRepository, SchoolRow } from './repository';
import { firstLabel } from './resolve-domain';

/** The channel the triggers of migration 0008 notify with a school's id ('' for every school) when a school or its socials change. */
export const SCHOOL_CHANGED = 'school_changed';

export interface SchoolCacheOptions {
  /** A backstop: an entry is read again after this long even when no change was heard. */
  ttlMs?: number;
  /** Entries kept at most (unknown hosts are kept too, so that a flood of them does not reach the database). */
  maxEntries?: number;
}

interface Entry<T> {
  value: Promise<T>;
  expires: number;
  loaded?: { value: T };
  /** Set once loaded; an entry without it (loading, or "no such school") goes at any change. */
  schoolId?: number;
}

type Socials = Awaited<ReturnType<SchoolRepository['listSocials']>>;

/**
 * The school repository with host -> school and a school's socials kept in this process: every request
 * resolves its school (modules/tenancy/school-context.ts), and schools seldom change.
 *
 * Changes reach every process: triggers on `schools` and `school_socials` NOTIFY `school_changed` with the
 * school's id, and each process LISTENs (db/listen.ts) and drops what it kept of that school, plus every
 * "no such school" answer (a new school or a new domain). While the LISTEN connection is down nothing is
 * kept, since a change could go unheard; a short TTL is the backstop for anything else.
 */
export async function cachedSchoolRepository(repo: SchoolRepository, listen: Listen, options: SchoolCacheOptions = {}) {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const byHost = new Map<string, Entry<SchoolRow | undefined>>();
  const socials = new Map<number, Entry<Socials>>();
  let listening = true;
  /** 'forget' (payload: a school's id, '' for all) once a change has been heard and dropped; tests wait on it. */
  const changes = new EventEmitter();

  function forget(payload: string) {
    const id = Number(payload);
    if (payload === '' || !Number.isInteger(id)) {
      byHost.clear();
      socials.clear();
    } else {
      for (const [host, entry] of byHost) if (entry.schoolId === undefined || entry.schoolId === id) byHost.delete(host);
      socials.delete(id);
    }
    changes.emit('forget', payload);
  }

  function cached<K, T>(map: Map<K, Entry<T>>, key: K, load: () => Promise<T>, schoolIdOf: (value: T) => number | undefined): Promise<T> {
    if (!listening) return load();
    const now = Date.now();
    const hit = map.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (map.size >= maxEntries) map.delete(map.keys().next().value!);
    const entry: Entry<T> = {
      value: load().then(
        (value) => {
          entry.schoolId = schoolIdOf(value);
          entry.loaded = { value };
          return value;
        },
        (error: unknown) => {
          if (map.get(key) === entry) map.delete(key);
          throw error;
        },
      ),
      expires: now + ttlMs,
    };
    map.set(key, entry);
    return entry.value;
  }

  const unlisten = await listen(SCHOOL_CHANGED, {
    onNotify: forget,
    onState(now) {
      listening = now;
      forget('');
    },
  });

  return {
    ...repo,
    /**
     * The school of a host name when it is kept here (null: kept as "no such school"), without waiting;
     * undefined: ask findByHost. Lets the per-request hook finish without a promise in the common case.
     */
    knownByHost(host: string): SchoolRow | null | undefined {
      const hit = listening ? byHost.get(host) : undefined;
      if (!hit?.loaded || hit.expires <= Date.now()) return undefined;
      return hit.loaded.value ?? null;
    },
    /** `host`: a host name (resolve-domain.ts hostName), kept under it; frozen: the same row serves every request of the school. */
    findByHost: (host: string) =>
      cached(byHost, host, async () => freeze(await repo.findByHost(host, firstLabel(host))), (school) => school?.id),
    listSocials: (schoolId: number) =>
      cached(socials, schoolId, async () => Object.freeze((await repo.listSocials(schoolId)).map((row) => Object.freeze(row))) as Socials, () => schoolId),
    changes,
    close: unlisten,
  };
}

export type CachedSchoolRepository = Awaited<ReturnType<typeof cachedSchoolRepository>>;

function freeze(school: SchoolRow | undefined) {
  if (school) Object.freeze(Object.freeze(school).products);
  return school;
}
