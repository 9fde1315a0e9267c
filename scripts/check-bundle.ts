// Prints the gzip size of what the landing page loads (JavaScript and CSS) and fails when it passes
// the budget, or when the build lacks a file it should measure. Vite's own output lists every chunk.
//   node --import tsx scripts/check-bundle.ts [dist folder, default apps/web/dist]
import { BUDGET_KB, measureLanding, MissingBuildError } from './landing-budget';

const distDir = process.argv[2] ?? 'apps/web/dist';
try {
  const { files, totalKb } = measureLanding(distDir);
  for (const { file, gzipBytes } of files) console.log(`  ${file.padEnd(44)} ${(gzipBytes / 1024).toFixed(1).padStart(6)} KB gzip`);
  console.log(`landing page: ${totalKb.toFixed(1)} KB gzip in ${files.length} files (budget ${BUDGET_KB} KB)`);
  if (totalKb > BUDGET_KB) {
    console.error(`over budget by ${(totalKb - BUDGET_KB).toFixed(1)} KB`);
    process.exit(1);
  }
} catch (error) {
  if (!(error instanceof MissingBuildError)) throw error;
  console.error(`bundle budget: ${error.message}`);
  process.exit(1);
}
