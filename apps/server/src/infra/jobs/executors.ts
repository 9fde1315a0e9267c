import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/client';

/** What pg-boss needs of a database: `db: { executeSql }`. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** undefined is no SQL value: pg-boss leaves options it does not use undefined. */
const params = (values: unknown[]) => values.map((v) => (v === undefined ? null : v));

/**
 * The embedded database. pg-boss sends its schema and migrations as several statements in one text,
 * without parameters: those go through `exec` (the extended protocol takes one statement). Its migrations
 * open their own transaction; if one fails half-way it must not stay open on PGlite's only connection.
 */
export function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values?.length) return { rows: (await client.query<Record<string, unknown>>(text, params(values))).rows };
      try {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      } catch (error) {
        if (/\bBEGIN\b/i.test(text)) await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}

/** A PostgreSQL pool: a failed query's connection is dropped by pg-pool, so no aborted transaction lingers. */
export function poolExecutor(pool: pg.Pool): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = await pool.query(text, values?.length ? params(values) : undefined);
      // Several statements in one text answer one result each; pg-boss reads rows only of single ones.
      const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult | undefined) : result;
      return { rows: last?.rows ?? [] };
    },
  };
}

/**
 * A Drizzle transaction (or database), so that a job is inserted in the same transaction as the data
 * that causes it: rolled back together, visible to workers only once committed. pg-boss's positional
 * parameters ($1, possibly repeated) become Drizzle parameters in the same places.
 */
export function drizzleExecutor(tx: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        const index = Number(match[1]) - 1;
        if (index < 0 || index >= values.length) throw new Error(`no value for $${match[1]}`);
        chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.param(values[index] ?? null)}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}
