import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractingStatements } from './rolling-upgrade';

const folder = new URL('./migrations/', import.meta.url);
const migrations = readdirSync(folder).filter((f) => f.endsWith('.sql')).sort();
/** The releases before the rolling-upgrade guarantee (README: Upgrades): these contracted, as their history shows. */
const BEFORE_THE_RULE = '0046_school_domains.sql';

describe('migrations a rolling upgrade can run', () => {
  it('finds what the previous release could not live with', () => {
    const found = (text: string) => contractingStatements(text).map((c) => c.what);
    expect(found('ALTER TABLE "a" DROP COLUMN "b";--> statement-breakpoint\nDROP TABLE "c";')).toEqual(['drops a column', 'drops a table, view, type or function']);
    expect(found('ALTER TABLE "a" RENAME COLUMN "b" TO "c";')).toEqual(['renames']);
    expect(found('ALTER TABLE "a" ALTER COLUMN "b" SET NOT NULL;')).toEqual(['makes a column required']);
    expect(found('ALTER TABLE "a" ALTER COLUMN "b" SET DATA TYPE bigint;')).toEqual(["changes a column's type"]);
    expect(found('ALTER TABLE "a" ADD COLUMN "b" integer NOT NULL;')).toEqual(['adds a required column without a default']);
    // Adding is fine: a nullable column, a required one with a default, tables, indexes; comments are not SQL.
    expect(found('ALTER TABLE "a" ADD COLUMN "b" integer;\nALTER TABLE "a" ADD COLUMN "c" boolean DEFAULT false NOT NULL;\nCREATE TABLE "d" ("id" integer NOT NULL);\nCREATE INDEX "e" ON "a" ("b");\n-- drop column later')).toEqual([]);
    // A migration that says why it contracts is let through (its release stops every process first).
    expect(found('-- contracts: the old column held card numbers and must go now\nALTER TABLE "a" DROP COLUMN "b";')).toEqual([]);
  });

  it('keeps every migration since the rule to adding only', () => {
    const since = migrations.filter((f) => f > BEFORE_THE_RULE);
    expect(since.flatMap((f) => contractingStatements(readFileSync(new URL(f, folder), 'utf8')).map((c) => `${f}: ${c.what}: ${c.statement}`))).toEqual([]);
    // The check reads the real files: the ones before the rule that did contract are found.
    const before = migrations.filter((f) => f <= BEFORE_THE_RULE && contractingStatements(readFileSync(new URL(f, folder), 'utf8')).length > 0);
    expect(before).toContain('0041_message_counts_read.sql');
  });
});
