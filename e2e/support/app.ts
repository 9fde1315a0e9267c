import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { client } from '../../apps/server/test/support/http';
import { freePort } from '../../apps/server/test/support/ports';
import { startServer, type TestServer } from '../../apps/server/test/support/server';

const webDist = path.resolve(import.meta.dirname, '../../apps/web/dist');

export interface E2eApp {
  server: TestServer;
  browser: Browser;
  /** http://{school}.localhost:{port} */
  origin(school?: string): string;
  /** A page in a new browser context (1280 × 800 unless the options say otherwise), closed after the test. */
  newPage(options?: BrowserContextOptions): Promise<{ page: Page; context: BrowserContext }>;
  /** /auth/{code} on a school's host with a fresh sign-in code for this session token, as "View Course" makes. */
  signInUrl(token: string, options?: { school?: string; redirect?: string }): Promise<string>;
  close(): Promise<void>;
}

export interface BrowserOptions {
  /** A Y4M video (absolute path) that Chromium shows as the webcam, its permission granted without asking. */
  fakeCamera?: string;
}

/** Chromium's switches for a fake webcam: its picture from a file, its permission prompt answered yes. */
const fakeCameraArgs = (file: string) => ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`];

/** Lesson files of a few seconds, for tests that play a whole lesson: lesson files are private. */
export const SHORT_VIDEO = { file: 'e2e/short-video.webm', mediaSeconds: 3 };
export const SHORT_AUDIO = { file: 'e2e/short-audio.webm', mediaSeconds: 4 };

/** The demo's 3-second preview video and 4-second how-to clip, copied into the private area as lesson files. */
async function putShortLessonFiles(server: Awaited<ReturnType<typeof startServer>>) {
  const storage = server.app.storage;
  for (const [from, to] of [['seed/courses/preview.webm', SHORT_VIDEO.file], ['seed/demo/how-to.webm', SHORT_AUDIO.file]] as const) {
    const bytes = await storage.get(from, 'public');
    if (!bytes) throw new Error(`the demo asset ${from} is missing`);
    await storage.put(to, bytes, { visibility: 'private', contentType: 'video/webm' });
  }
}

const openContexts = new Set<BrowserContext>();

/**
 * Closes the pages a test opened, after it (e2e/support/setup.ts): a page left open keeps its timers, streams,
 * videos and camera running on the machine's two cores while the file's next tests run.
 */
export async function closeOpenContexts() {
  await Promise.all([...openContexts].map((context) => context.close().catch(() => undefined)));
  openContexts.clear();
}

/**
 * Chromium's new headless mode gives every window (one per browser context) hidden WebUI pages, the omnibox's
 * popups, each in a renderer of its own: they took half the CPU of a test's page load (3.3 CPU-seconds with them,
 * 1.6 without). Chromium reads only the last --disable-features, so this one repeats playwright-core's own (its
 * chromiumSwitches) before adding those; e2e/browser.spec.ts checks that it still holds all of playwright-core's.
 */
export const disabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay',
  'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin',
  'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch', 'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
  'PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup',
];

/** Debian's Chromium, headless, as every browser test drives it. */
export function launchChromium(options: BrowserOptions = {}) {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-background-networking', `--disable-features=${disabledFeatures.join(',')}`,
      ...(options.fakeCamera ? fakeCameraArgs(options.fakeCamera) : []),
    ],
  });
}

/**
 * The real server with the built web app (PGlite in memory), and Debian's Chromium driven by
 * playwright-core. Schools are reached as *.localhost, which Chromium resolves to this machine.
 */
export async function startApp(env: Record<string, string> = {}, options: BrowserOptions = {}): Promise<E2eApp> {
  const port = await freePort();
  const server = await startServer({
    PORT: String(port),
    WEB_DIST_DIR: webDist,
    SCHOOL_URL_TEMPLATE: `http://{domain}.localhost:${port}`,
    HUMAN_CHECK_POW_COST: '2000',
    ...env,
  }, port);
  await putShortLessonFiles(server);
  const browser = await launchChromium(options);
  return {
    server,
    browser,
    origin: (school = 'demo') => `http://${school}.localhost:${port}`,
    async newPage(options = {}) {
      const context = await browser.newContext({ ...options, viewport: options.viewport ?? { width: 1280, height: 800 } });
      openContexts.add(context);
      context.once('close', () => openContexts.delete(context));
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return { page, context };
    },
    async signInUrl(token, { school = 'demo', redirect } = {}) {
      const res = await client(server.url).post('/api/v1/auth/sign-in-codes/', {}, { token });
      if (res.status !== 201) throw new Error(`no sign-in code: ${res.status} ${res.text}`);
      const query = redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`;
      return `http://${school}.localhost:${port}/auth/${res.body.code}${query}`;
    },
    async close() {
      await closeOpenContexts();
      await browser.close();
      await server.close();
    },
  };
}
