/**
 * Lighthouse (mobile, performance only) on the landing page, the course list and a course page of the
 * demo school, served by the real server from the built web app. Prints numbers only.
 *
 *   npm run build && npm run bench:lighthouse
 *   LIGHTHOUSE_RUNS=5 npm run bench:lighthouse   # runs per page; the median run is printed (default 3)
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { startWebServer } from './web-server';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

interface Scores {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

function scores(lhr: Result): Scores {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

/** The run with the median performance score, as Lighthouse advises for noisy machines. */
const median = (all: Scores[]) => [...all].sort((a, b) => a.performance - b.performance)[Math.floor(all.length / 2)]!;

/** One Lighthouse run; a run whose trace Lighthouse could not record (it happens) is tried again. */
async function measure(url: string, port: number, attempts = 3): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, onlyCategories: ['performance'], logLevel: 'error' });
    const error = result ? result.lhr.runtimeError : { message: 'no result' };
    if (result && !error) return scores(result.lhr);
    if (attempt === attempts) throw new Error(`${url}: ${error?.message}`);
    console.error(`${url}: ${error?.message}; trying again`);
  }
}

async function firstCourseSlug(origin: string) {
  const school = (await (await fetch(`${origin}/api/v1/school/demo/`)).json()) as { id: number };
  const list = (await (await fetch(`${origin}/api/v1/schools/${school.id}/courses/?perpage=1`)).json()) as { data: { slug: string }[] };
  return list.data[0]!.slug;
}

const server = await startWebServer();
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
try {
  const origin = server.origin('demo');
  const pages = { '/': '/', '/courses': '/courses', 'course page': `/course/${await firstCourseSlug(`http://127.0.0.1:${server.port}`)}` };
  console.log(`Lighthouse ${runs} run(s) per page, mobile, median run shown`);
  console.log(`${'page'.padEnd(14)} ${'perf'.padStart(4)} ${'FCP ms'.padStart(8)} ${'LCP ms'.padStart(8)} ${'TBT ms'.padStart(8)} ${'CLS'.padStart(6)}`);
  for (const [name, pathname] of Object.entries(pages)) {
    const all: Scores[] = [];
    for (let i = 0; i < runs; i++) all.push(await measure(`${origin}${pathname}`, chrome.port));
    const s = median(all);
    console.log(
      `${name.padEnd(14)} ${String(s.performance).padStart(4)} ${s.fcp.toFixed(0).padStart(8)} ${s.lcp.toFixed(0).padStart(8)} ${s.tbt.toFixed(0).padStart(8)} ${s.cls.toFixed(3).padStart(6)}`,
    );
  }
} finally {
  chrome.kill();
  await server.stop();
}
