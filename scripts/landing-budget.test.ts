import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUDGET_KB, LANDING_ROUTE, measureLanding, MissingBuildError } from './landing-budget';

/** A dist folder with a manifest: the entry, the landing route, a shared chunk, a lazy page and CSS. */
function fakeDist(options: { landing?: boolean; skipFile?: string } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'landing-budget-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  const manifest: Record<string, object> = {
    'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_shared-b2.js'], dynamicImports: [LANDING_ROUTE, 'src/other.tsx'], css: ['assets/index-c3.css'] },
    '_shared-b2.js': { file: 'assets/shared-b2.js' },
    'src/other.tsx': { file: 'assets/other-d4.js', isDynamicEntry: true },
    ...(options.landing === false ? {} : { [LANDING_ROUTE]: { file: 'assets/landing-e5.js', isDynamicEntry: true, imports: ['index.html', '_card-f6.js'] } }),
    '_card-f6.js': { file: 'assets/card-f6.js', css: ['assets/card-f6.css'] },
  };
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  for (const file of ['index-a1.js', 'shared-b2.js', 'other-d4.js', 'landing-e5.js', 'card-f6.js', 'index-c3.css', 'card-f6.css']) {
    if (file !== options.skipFile) writeFileSync(path.join(dir, 'assets', file), `/* ${file} */`);
  }
  return dir;
}

const cli = (dist: string) =>
  execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'check-bundle.ts'), dist], { encoding: 'utf8', stdio: 'pipe' });

describe('landing budget', () => {
  it('measures the entry, the landing route, their static imports and their CSS, not lazy pages', () => {
    const dist = fakeDist();
    const { files, totalKb } = measureLanding(dist);
    expect(files.map((f) => f.file).sort()).toEqual(
      ['assets/card-f6.css', 'assets/card-f6.js', 'assets/index-a1.js', 'assets/index-c3.css', 'assets/landing-e5.js', 'assets/shared-b2.js'],
    );
    const gzipKb = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f.file))).length, 0) / 1024;
    expect(totalKb).toBeCloseTo(gzipKb, 6);
    rmSync(dist, { recursive: true });
  });

  it('fails, naming the route, when the landing chunk is missing', () => {
    const dist = fakeDist({ landing: false });
    expect(() => measureLanding(dist)).toThrow(MissingBuildError);
    expect(() => measureLanding(dist)).toThrow(LANDING_ROUTE);
    rmSync(dist, { recursive: true });
  });

  it('fails when a measured file is not on disk', () => {
    const dist = fakeDist({ skipFile: 'card-f6.css' });
    expect(() => measureLanding(dist)).toThrow(/card-f6\.css is in the manifest but not on disk/);
    rmSync(dist, { recursive: true });
  });

  it('fails when there is no build', () => {
    expect(() => measureLanding(path.join(tmpdir(), 'no-such-dist'))).toThrow(/build the web app first/);
  });

  it('the command exits non-zero with the reason when the landing chunk is missing, and passes otherwise', () => {
    const missing = fakeDist({ landing: false });
    const failure = (() => {
      try {
        cli(missing);
      } catch (error) {
        return error as { status: number; stderr: string };
      }
    })();
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toContain(`no chunk for ${LANDING_ROUTE}`);
    const complete = fakeDist();
    expect(cli(complete)).toMatch(new RegExp(`landing page: [\\d.]+ KB gzip in 6 files \\(budget ${BUDGET_KB} KB\\)`));
    rmSync(missing, { recursive: true });
    rmSync(complete, { recursive: true });
  }, 30_000); // runs the command twice, each a Node process: seconds on a loaded machine
});
