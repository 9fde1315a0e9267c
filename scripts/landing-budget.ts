import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The landing route's source, as Vite's manifest names it (relative to apps/web). */
export const LANDING_ROUTE = 'src/features/catalogue/routes/landing.tsx';
export const BUDGET_KB = 150;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface LandingSize {
  files: { file: string; gzipBytes: number }[];
  totalKb: number;
}

/** Something the budget needs is not in the build: the check fails rather than measure less. */
export class MissingBuildError extends Error {}

function readManifest(distDir: string): Record<string, ManifestChunk> {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new MissingBuildError(`${manifestPath} is missing: build the web app first (npm run build)`);
  return JSON.parse(readFileSync(manifestPath, 'utf8'));
}

/**
 * Every file the landing page loads before it can show: the entry and the landing route's chunk,
 * the chunks they import statically, and their CSS.
 */
function landingFiles(distDir: string): string[] {
  const manifest = readManifest(distDir);
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new MissingBuildError('the manifest has no entry chunk');
  const landing = manifest[LANDING_ROUTE];
  if (!landing) throw new MissingBuildError(`the manifest has no chunk for ${LANDING_ROUTE}: was the landing route moved or renamed?`);

  const files = new Set<string>();
  const seen = new Set<ManifestChunk>();
  const visit = (chunk: ManifestChunk, via: string) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of [chunk.file, ...(chunk.css ?? [])]) files.add(file);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported) throw new MissingBuildError(`${via} imports ${key}, which the manifest does not list`);
      visit(imported, key);
    }
  };
  visit(entry, 'the entry');
  visit(landing, LANDING_ROUTE);
  return [...files];
}

/** The gzip size of each landing file and their total in KB. */
export function measureLanding(distDir: string): LandingSize {
  const files = landingFiles(distDir).map((file) => {
    const filePath = path.join(distDir, file);
    if (!existsSync(filePath)) throw new MissingBuildError(`${filePath} is in the manifest but not on disk`);
    return { file, gzipBytes: gzipSync(readFileSync(filePath)).length };
  });
  return { files, totalKb: files.reduce((sum, f) => sum + f.gzipBytes, 0) / 1024 };
}
