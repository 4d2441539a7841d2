import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { ROOT } from './processes.js';
import { median } from './stats.js';

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** First-load JS and CSS of the production build, gzipped: the entry, what it preloads, and the stylesheet. */
export function bundleSizes() {
  const dist = join(ROOT, 'web', 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const firstLoad = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(js|css))"/g)].map((m) => m[1]!);
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file))).length;
  const js = firstLoad.filter((f) => f.endsWith('.js'));
  const css = firstLoad.filter((f) => f.endsWith('.css'));
  const all = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  return {
    firstLoadJsGzip: { value: kb(js.reduce((n, f) => n + gz(f), 0)), unit: 'KB', target: '≤ 150 KB', files: js },
    firstLoadCssGzip: { value: kb(css.reduce((n, f) => n + gz(f), 0)), unit: 'KB' },
    allJsGzip: { value: kb(all.reduce((n, f) => n + gz(join('assets', f)), 0)), unit: 'KB', chunks: all.length },
  };
}

/** Scrolls the virtualised table to its end one frame at a time, watching long tasks and frame gaps. */
const SCROLL_AND_WATCH = `(async () => {
  const box = document.querySelector('.table-scroll');
  const longTasks = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push(e.duration)));
  observer.observe({ type: 'longtask', buffered: false });
  let worstFrame = 0, last = performance.now(), frames = 0, still = 0, lastTop = -1, stalled = false, waiting = 0;
  const began = performance.now();
  await new Promise((done) => {
    // Once a run never ended (frames stopped coming, or the end was never reached): it now stops when
    // the box has not moved for 30 frames, after 60 s, or when no frame came for 5 s, and says so.
    const watchdog = setInterval(() => {
      if (performance.now() - last > 5000) { stalled = true; clearInterval(watchdog); done(); }
    }, 1000);
    const step = () => {
      const now = performance.now();
      worstFrame = Math.max(worstFrame, now - last);
      last = now;
      frames++;
      // A long page comes in slices: a frame showing rows still loading means a slice did not keep up.
      if (box.querySelector('tr.pending-row')) waiting++;
      box.scrollTop += 600;
      still = box.scrollTop === lastTop ? still + 1 : 0;
      lastTop = box.scrollTop;
      const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 1;
      if (atEnd || still >= 30 || now - began > 60000) { stalled = !atEnd; clearInterval(watchdog); done(); }
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  await new Promise((r) => setTimeout(r, 200));
  observer.disconnect();
  const where = 'stopped at ' + Math.round(box.scrollTop) + ' of ' + box.scrollHeight + ' px after ' + frames + ' frames';
  return { longestTask: Math.max(0, ...longTasks), longTasks: longTasks.length, worstFrame, frames, waiting, stalled, where, renderedRows: document.querySelectorAll('table tbody tr').length };
})()`;

/**
 * Tells the harness, through the console, when `rows` rows are first on screen: a MutationObserver in
 * the page, then the next frame. Run as an init script, it costs the page next to nothing, where
 * `page.waitForFunction` first injects Playwright's own script into the page (about 45 ms of the main
 * thread in the middle of a cold load, seen in a trace) and then polls every frame.
 */
const ROWS_SHOWN = 'credence-rows-shown ';
const watchRows = (rows: number) => `(() => {
  const enough = () => document.querySelectorAll('table tbody tr').length >= ${rows};
  const observer = new MutationObserver(() => {
    if (!enough()) return;
    observer.disconnect();
    requestAnimationFrame(() => console.debug('${ROWS_SHOWN}' + performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** Opens `url` in `page` (whose context watches for rows) and resolves with the time its rows were on screen, from navigation. */
async function rowsShown(page: Page, url: string): Promise<number> {
  const shown = page.waitForEvent('console', { predicate: (m) => m.text().startsWith(ROWS_SHOWN), timeout: 20_000 });
  await page.goto(url, { waitUntil: 'commit' });
  return Math.round(Number((await shown).text().slice(ROWS_SHOWN.length)));
}

/** In headless chromium: time to a rendered 100-row list, and the longest task while scrolling 10,000 rows. */
export async function browserTimings(largeUrl: string, cookieFor: (url: string) => Promise<string>) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const pageFor = async (url: string, watchForRows?: number) => {
      // The console's CSP forbids eval, which string probes need; only this measuring context lifts it.
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
      const [name, value] = (await cookieFor(url)).split('=');
      await context.addCookies([{ name: name!, value: value!, url }]);
      if (watchForRows) await context.addInitScript(watchRows(watchForRows));
      return context.newPage();
    };

    // Cold: each load in a fresh browser context (no HTTP cache, no service state), the credentials
    // list's first page as a clerk opens it, timed from navigation to its rows on screen.
    const cold: number[] = [];
    for (let i = 0; i < 6; i++) {
      const page = await pageFor(largeUrl, 25);
      const at = await rowsShown(page, `${largeUrl}/credentials`);
      if (i > 0) cold.push(at); // the first start warms the server, not the browser
      await page.context().close();
    }

    const listPage = await pageFor(largeUrl, 100);
    const hundred: number[] = [];
    for (let i = 0; i < 6; i++) {
      const at = await rowsShown(listPage, `${largeUrl}/credentials?size=100&role=issuer`);
      if (i > 0) hundred.push(at); // the first load warms caches
    }

    const big = await pageFor(largeUrl);
    await big.goto(`${largeUrl}/credentials?size=10000`, { waitUntil: 'commit' });
    // "1–10000 of 10,052" from the register, "Records 1–10000" from a list without a total.
    const shown = await big.waitForFunction('/(Records )?1–10000\\b/.test(document.body.innerText) && performance.now()', undefined, { timeout: 60_000 });
    // Passed as source text: tsx would otherwise wrap the inner functions in a helper the page lacks.
    const scroll = await big.evaluate<{
      longestTask: number;
      longTasks: number;
      worstFrame: number;
      frames: number;
      waiting: number;
      stalled: boolean;
      where: string;
      renderedRows: number;
    }>(SCROLL_AND_WATCH);
    return {
      coldFirstPage: { value: median(cold), unit: 'ms from navigation to the first 25 rows, cold (median of 5)', target: '≤ 300 ms', runs: cold },
      listOf100Rendered: { value: median(hundred), unit: 'ms from navigation (median of 5)', runs: hundred },
      listOf10000Rendered: { value: Math.round((await shown.jsonValue()) as number), unit: 'ms from navigation' },
      scroll10000: {
        longestTask: {
          value: Math.round(scroll.longestTask),
          unit: 'ms',
          note: scroll.longTasks === 0 ? 'no task over 50 ms (the long-task threshold)' : `${scroll.longTasks} long tasks`,
        },
        worstFrameGap: { value: Math.round(scroll.worstFrame), unit: 'ms' },
        frames: scroll.frames,
        framesShowingRowsStillLoading: scroll.waiting,
        ...(scroll.stalled && { stalled: `the scroll did not reach the end: frames stopped or the box stopped moving (${scroll.where})` }),
        rowsInDom: scroll.renderedRows,
      },
    };
  } finally {
    await browser.close();
  }
}
