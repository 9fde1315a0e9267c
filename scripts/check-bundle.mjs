// Prints the gzip size of the landing route's JavaScript (entry plus everything it loads first)
// and fails when it passes the budget. Vite's own output lists every chunk's size.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const dist = 'apps/web/dist';
const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8'));
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
const landing = Object.entries(manifest).find(([src]) => src.endsWith('features/landing/routes/landing.tsx'))?.[1];

const files = new Set();
const visit = (chunk) => {
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const name of chunk.imports ?? []) visit(manifest[name]);
};
visit(entry);
visit(landing);

const gzipKb = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(`${dist}/${file}`)).length, 0) / 1024;
console.log(`landing route JavaScript: ${gzipKb.toFixed(1)} KB gzip in ${files.size} files (budget ${BUDGET_KB} KB)`);
if (gzipKb > BUDGET_KB) {
  console.error('over budget');
  process.exit(1);
}
