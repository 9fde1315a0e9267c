// Type-checks every TypeScript project, two at a time (the machine's cores), the longest first; each project's
// errors are printed whole once it ends, and any failure fails the run.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// Longest first (seconds on 2 cores): e2e and the web app about 30 each, the server 30, bench 13.
const projects = ['e2e', 'apps/web', 'apps/server', 'bench', 'packages/shared', 'scripts'];
const width = Math.max(1, Math.min(Number(process.env.TYPECHECK_JOBS) || availableParallelism(), projects.length));

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (code !== 0) process.stderr.write(`tsc -p ${project} failed:\n${output}\n`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const results = await Promise.all(
  Array.from({ length: width }, async () => {
    let ok = true;
    for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
