// Lint: TypeScript's recommended rules and the import boundaries of ARCHITECTURE.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const webSrc = path.join(root, 'apps/web/src');
const features = path.join(webSrc, 'features');
const modules = path.join(root, 'apps/server/src/modules');

/** The first folder of `file` under `dir`, or null when the file is not inside it. */
function folderUnder(dir, file) {
  const relative = path.relative(dir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] ?? null;
}

/** Where an import points on disk: relative paths, and `@/` in the web app; null for packages. */
function target(importer, specifier) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(importer), specifier);
  if (specifier.startsWith('@/') && importer.startsWith(webSrc + path.sep)) return path.join(webSrc, specifier.slice(2));
  return null;
}

/** Type-only imports carry no code: `import type { SchoolRow } from '../tenancy/repository'` is allowed. */
const typeOnly = (node) =>
  node.importKind === 'type' || node.exportKind === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

/**
 * The boundaries of ARCHITECTURE.md, checked on the resolved path of every import:
 * - web: a feature never imports another feature, nor app/; components/, lib/ and config/ import neither
 *   (shared code flows components/lib -> features -> app);
 * - server: a module may use another module's service, policy, presenter or types, never its repositories.
 */
const boundaries = {
  meta: { type: 'problem', schema: [], messages: { crossing: '{{why}}' } },
  create(context) {
    const importer = context.filename;
    function check(node, source) {
      if (!source || typeof source.value !== 'string') return;
      const to = target(importer, source.value);
      if (!to) return;
      const report = (why) => context.report({ node: source, messageId: 'crossing', data: { why } });

      const fromLayer = folderUnder(webSrc, importer);
      if (fromLayer) {
        const toLayer = folderUnder(webSrc, to);
        if (fromLayer === 'features') {
          const own = folderUnder(features, importer);
          const other = folderUnder(features, to);
          if (other && other !== own) report(`Feature '${own}' imports feature '${other}': features never import each other; move what both need to components/ or lib/.`);
          if (toLayer === 'app') report(`Feature '${own}' imports app/: only app/ puts features together.`);
        } else if (['components', 'lib', 'config'].includes(fromLayer) && (toLayer === 'features' || toLayer === 'app')) {
          report(`${fromLayer}/ imports ${toLayer}/: shared code flows components/lib -> features -> app.`);
        }
        // The staff console is a wing of its own: it and the student side share components/, lib/ and config/ only;
        // app/router.tsx, which puts both wings in one route table, is the one place that imports both.
        if (fromLayer === 'staff' && (toLayer === 'features' || toLayer === 'app')) {
          report(`The staff console imports the student side's ${toLayer}/: the wings share components/, lib/ and config/ only.`);
        }
        if (fromLayer !== 'staff' && toLayer === 'staff' && importer !== path.join(webSrc, 'app/router.tsx')) {
          report(`${fromLayer}/ imports the staff console: the wings share components/, lib/ and config/ only.`);
        }
        if (fromLayer === 'staff') {
          const staffRoot = path.join(webSrc, 'staff');
          const fromPart = folderUnder(staffRoot, importer);
          const toPart = folderUnder(staffRoot, to);
          if (fromPart === 'features') {
            const own = folderUnder(path.join(staffRoot, 'features'), importer);
            const other = folderUnder(path.join(staffRoot, 'features'), to);
            if (other && other !== own) report(`Staff feature '${own}' imports staff feature '${other}': features never import each other.`);
            if (toPart === 'app') report(`Staff feature '${own}' imports the console's app/: only app/ puts features together.`);
          } else if (['components', 'lib', 'config'].includes(fromPart) && (toPart === 'features' || toPart === 'app')) {
            report(`staff/${fromPart}/ imports staff/${toPart}/: shared code flows components/lib -> features -> app.`);
          }
        }
      }

      const fromModule = folderUnder(modules, importer);
      const toModule = folderUnder(modules, to);
      if (fromModule && toModule && fromModule !== toModule && /^(staff-([a-z]+-)?)?repository(\.ts)?$/.test(path.basename(to)) && !typeOnly(node)) {
        report(`Module '${fromModule}' imports the repository of '${toModule}': use its service (or policy, presenter, types) instead.`);
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/server/src/db/migrations/**', 'apps/server/media/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    plugins: { local: { rules: { boundaries } } },
    rules: {
      'local/boundaries': 'error',
      // The compiler's noUnusedLocals and noUnusedParameters already report these.
      '@typescript-eslint/no-unused-vars': 'off',
      // app.ts names the Fastify type additions by path.
      '@typescript-eslint/triple-slash-reference': ['error', { path: 'always', types: 'prefer-import', lib: 'never' }],
    },
  },
  {
    // Tests and benchmarks read loosely typed HTTP bodies.
    files: ['apps/server/test/**', 'e2e/**', 'bench/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Plain JavaScript run by Node (scripts, this file).
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
  },
  {
    // Only a repository (a module's repository.ts, and staff-repository.ts or staff-<thing>-repository.ts for its staff routes) talks to the
    // database through Drizzle; the schema, migrations, seed, scripts,
    // benchmarks and tests may too, and so may the job queue, which keeps its jobs in the database.
    // Images are decoded by sharp only through lib/decode-image.ts.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/repository.ts', '**/staff-repository.ts', '**/staff-*-repository.ts', 'apps/server/src/db/**', 'apps/server/src/infra/jobs/**', 'apps/server/src/seed/**', 'apps/server/test/**', 'apps/server/drizzle.config.ts', 'scripts/**', 'bench/**', 'e2e/**', '**/*.test.ts', 'apps/server/src/lib/decode-image.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: "Only a module's repository.ts imports drizzle-orm: move the query there." },
            { group: ['sharp'], message: 'Decode images with lib/decode-image.ts: its pixel limit refuses decompression bombs.' },
          ],
        },
      ],
    },
  },
);
