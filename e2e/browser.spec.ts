import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { disabledFeatures, launchChromium } from './support/app';

/** The command lines of the Chromium browser processes (not their renderers) running on this machine. */
function browserCommandLines() {
  const lines: string[][] = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (args[0]?.endsWith('/chromium') && args.includes('--remote-debugging-pipe') && !args.some((arg) => arg.startsWith('--type='))) lines.push(args);
    } catch {
      // The process ended while the list was read.
    }
  }
  return lines;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser.close());

describe('the browser the tests drive', () => {
  it("keeps playwright-core's disabled features in the one list Chromium reads, with the windows' WebUI off", async () => {
    const lines = browserCommandLines();
    expect(lines.length).toBeGreaterThan(0);
    for (const args of lines) {
      const lists = args.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));
      // playwright-core's list comes first; Chromium reads the last one, which must hold all of it.
      expect(lists.at(-1)).toEqual(disabledFeatures);
      expect(disabledFeatures).toEqual(expect.arrayContaining(lists[0]!));
    }
  });

  it('opens a page in a new context without the hidden omnibox pages', async () => {
    const context = await browser.newContext();
    await context.newPage();
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
    expect(targetInfos.filter((target) => target.type === 'page')).toHaveLength(1);
    expect(targetInfos.filter((target) => target.url.startsWith('chrome://'))).toEqual([]);
    await context.close();
  });
});
