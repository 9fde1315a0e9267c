import { describe, expect, it } from 'vitest';
import { request } from './support/http';
import { serverForFile } from './support/server';
import type { Region } from '@school/shared/lookups/schemas';

const ctx = serverForFile();

describe('lookups', () => {
  it('nests every region > province > city, most cities with their postal codes', async () => {
    const res = await ctx.api.get('/api/v1/ph_regions/');
    expect(res.status).toBe(200);
    const regions = res.body.data as Region[];
    expect(regions).toHaveLength(18);
    expect(res.body).toMatchObject({ count: 18, page: 1, pages: 1, next: null });
    for (const region of regions) {
      expect(region.provinces.length, region.name).toBeGreaterThan(0);
      for (const province of region.provinces) expect(province.cities.length, province.name).toBeGreaterThan(0);
    }
    const cities = regions.flatMap((r) => r.provinces.flatMap((p) => p.cities));
    expect(cities.length).toBeGreaterThan(1600);
    const withZips = cities.filter((c) => c.zips.length > 0);
    expect(withZips.length / cities.length).toBeGreaterThan(0.95);
    for (const zip of withZips.flatMap((c) => c.zips)) expect(zip.code).toMatch(/^\d{4}$/);

    const ncr = regions.find((r) => r.id === '1300000000')!;
    expect(ncr.provinces.map((p) => p.name)).toEqual(['Metro Manila']);
    const makati = ncr.provinces[0]!.cities.find((c) => c.name === 'Makati City')!;
    expect(makati.zips).toContainEqual({ code: '1209', name: 'Bel-air' });
    const cebu = regions.flatMap((r) => r.provinces).find((p) => p.name === 'Cebu')!;
    expect(cebu.cities.map((c) => c.name)).toContain('Cebu City');
  });

  it('lists all countries with calling codes', async () => {
    const res = await ctx.api.get('/api/v1/countries/');
    expect(res.body.count).toBeGreaterThan(240);
    expect(res.body.data).toContainEqual({ iso2: 'PH', name: 'Philippines', country_code: '63' });
    expect(res.body.data).toContainEqual({ iso2: 'US', name: 'United States', country_code: '1' });
  });

  it('lists law schools, IBP chapters and compliance periods with dates', async () => {
    const schools = await ctx.api.get('/api/v1/law_schools/');
    expect(schools.body.data.map((s: { name: string }) => s.name)).toContain('University of the Philippines College of Law');
    const chapters = await ctx.api.get('/api/v1/ibp_chapters/');
    expect(chapters.body.data).toContainEqual(expect.objectContaining({ name: 'Quezon City', region: 'Greater Manila' }));
    const periods = await ctx.api.get('/api/v1/compliance_periods/');
    expect(periods.body.data[0]).toMatchObject({ name: 'Compliance Period I', date_start: '2001-04-15', date_end: '2004-04-14' });
    expect(periods.body.data).toContainEqual(expect.objectContaining({ name: 'Compliance Period VIII', date_start: '2022-07-01', date_end: '2025-06-30' }));
    const today = new Date().toISOString().slice(0, 10);
    const current = periods.body.data.filter((p: { is_current: boolean }) => p.is_current);
    expect(current).toHaveLength(1);
    expect(current[0].date_start <= today && today <= current[0].date_end).toBe(true);
  });

  it('is cacheable: an ETag that answers 304, and a day of max-age', async () => {
    const first = await request(ctx.server.url, '/api/v1/ph_regions/');
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await request(ctx.server.url, '/api/v1/ph_regions/', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });
});
