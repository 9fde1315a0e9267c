import { describe, expect, it } from 'vitest';
import { isCurrentPeriod } from '@school/shared/lookups/compliance-periods';
import { isoDate } from '@school/shared/school/dates';
import { buildCompliancePeriods } from '../src/modules/lookups/sources/compliance-periods';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { serverForFile } from './support/server';

const ctx = serverForFile();

// The period open today, from the lookup's own source: the demo is seeded today (the snapshot is made daily).
const periods = buildCompliancePeriods();
const index = periods.findIndex((p) => isCurrentPeriod({ date_start: p.start, date_end: p.end }, isoDate()));
const current = periods[index]!.name;
const previous = periods[index - 1]!.name;
/** Every period a text names ('Compliance Period I' is not read inside 'Compliance Period IX'). */
const named = (text: string) => [...text.matchAll(/Compliance Period [IVX]+\b/g)].map((m) => m[0]);

describe("the demo's texts", () => {
  it('announce the compliance period open today', async () => {
    const { announcement } = (await ctx.api.get('/api/v1/school/demo/')).body;
    expect(named(announcement.title)).toEqual([current]);
    expect(named(announcement.body)).toEqual([current]);
  });

  it("tell the demo student of that period in the bell, and offer that period's bundle", async () => {
    const token = (await ctx.api.post('/api/v1/api-token-auth/', { username: 'student', password: DEMO_PASSWORD })).body.token;
    const bell = await ctx.api.get('/api/v1/notifications/', { token });
    expect(bell.status).toBe(200);
    const told = bell.body.data.flatMap((n: { description: string }) => named(n.description));
    expect(told).toEqual([current]);
    const school = (await ctx.api.get('/api/v1/school/demo/')).body;
    const bundles = await ctx.api.get(`/api/v1/schools/${school.id}/bundles/?perpage=60`);
    expect(bundles.body.data.flatMap((b: { name: string; description: string }) => named(`${b.name} ${b.description}`))).toEqual([current, current]);
  });

  it('talk in the forum of that period and the one before', async () => {
    const school = (await ctx.api.get('/api/v1/school/demo/')).body;
    const forum = await ctx.api.get(`/api/v1/schools/${school.id}/forums/tag/compliance-period/`);
    expect(forum.status).toBe(200);
    const said = forum.body.data.flatMap((q: { title: string }) => named(q.title));
    expect(said).toEqual([current]);
    const topic = forum.body.data.find((q: { title: string }) => q.title.includes(current));
    const thread = await ctx.api.get(`/api/v1/forums/questions/${topic.id}/`);
    expect(new Set(named(JSON.stringify(thread.body)))).toEqual(new Set([current, previous]));
  });
});
