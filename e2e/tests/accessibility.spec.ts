import type { Page } from '@playwright/test';
import { violations } from '../axe';
import { expect, test, type Role } from '../fixtures';

interface Visit {
  name: string;
  /** Who can see the page; undefined: nobody needs to be logged in. */
  role?: Role;
  path: string;
  /** For a record's page: opens the first record of this list instead of going to `path` directly. */
  firstOf?: string;
  /** Not built yet: the scan is listed, and runs once the page is there (test.fixme until then). */
  pending?: boolean;
}

/** Every page, for the role that can see it. Extend as pages are added. */
const visits: Visit[] = [
  { name: 'login', path: '/login' },
  { name: 'credentials list', role: 'issuer', path: '/credentials' },
  { name: 'credential detail', role: 'issuer', path: '/credentials', firstOf: 'Credential exchanges' },
  { name: 'offer a credential', role: 'issuer', path: '/credentials/new' },
  { name: 'presentations list', role: 'verifier', path: '/presentations' },
  { name: 'presentation detail', role: 'verifier', path: '/presentations', firstOf: 'Presentation exchanges' },
  { name: 'request a proof', role: 'verifier', path: '/presentations/new' },
  { name: 'counter check', role: 'verifier', path: '/presentations/counter' },
  { name: 'proof templates', role: 'verifier', path: '/templates' },
  { name: 'counter issue', role: 'issuer', path: '/credentials/counter' },
  { name: 'issue to many', role: 'issuer', path: '/credentials/batches' },
  { name: 'issued credentials (issuer)', role: 'issuer', path: '/issued' },
  { name: 'issued credentials (admin)', role: 'admin', path: '/issued' },
  { name: 'connections list', role: 'issuer', path: '/connections' },
  { name: 'new invitation', role: 'issuer', path: '/connections/new' },
  { name: 'definitions (admin)', role: 'admin', path: '/definitions' },
  { name: 'definitions (issuer)', role: 'issuer', path: '/definitions' },
  { name: 'revocation', role: 'admin', path: '/revocation' },
  { name: 'wallet', role: 'admin', path: '/wallet' },
  { name: 'audit', role: 'admin', path: '/audit' },
  { name: 'privacy', role: 'admin', path: '/privacy' },
  { name: 'events', role: 'admin', path: '/events' },
  { name: 'needs me (issuer)', role: 'issuer', path: '/queue' },
  { name: 'needs me (admin)', role: 'admin', path: '/queue' },
  { name: 'unknown record', role: 'issuer', path: '/credentials/not-an-id' },
];

const sizes = [
  { name: '1400 px', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];
const schemes = ['light', 'dark'] as const;

/** The page has settled: its heading is shown and nothing is loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function open(page: Page, loggedInAs: (role: Role, path?: string) => Promise<Page>, visit: Visit): Promise<void> {
  if (visit.role) await loggedInAs(visit.role, visit.path);
  else await page.goto(visit.path);
  if (visit.firstOf) {
    const table = page.getByRole('table', { name: visit.firstOf });
    await expect(table).not.toHaveAttribute('aria-busy');
    await table.getByRole('link').first().click();
    await expect(page.getByRole('region', { name: 'Exchange' })).toBeVisible();
  }
  await settled(page);
}

/**
 * The page as it is now, scanned at each size in each colour scheme: the window is resized and the scheme
 * switched on the page already open (CSS and the app's media queries follow both), so one page load serves
 * the four scans (decision 029). Every violation is named with the size and scheme it was found at.
 */
async function violationsEverywhere(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of sizes) {
    await page.setViewportSize(size.viewport);
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme });
      await settled(page);
      found.push(...(await violations(page)).map((v) => `${where} at ${size.name}, ${scheme}: ${v}`));
    }
  }
  return found;
}

// Each scan opens its own page and changes nothing: they spread over every worker.
test.describe.configure({ mode: 'parallel' });

test.describe('accessibility at 1400 px and on a phone, light and dark', () => {
  for (const visit of visits) {
    const title = `${visit.name} has no serious or critical WCAG 2.2 AA violation`;
    if (visit.pending) {
      test.fixme(title, () => undefined);
      continue;
    }
    test(title, async ({ page, loggedInAs, consoleErrors }) => {
      consoleErrors.allow(/status of 40[04]/);
      await open(page, loggedInAs, visit);
      expect(await violationsEverywhere(page, visit.path)).toEqual([]);
    });
  }
});

test.describe('accessibility of the opened navigation on a phone', () => {
  test.use({ viewport: sizes[1]!.viewport });
  for (const scheme of schemes) {
    test(`the opened navigation has no serious or critical WCAG 2.2 AA violation (${scheme})`, async ({ page, loggedInAs }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await loggedInAs('admin', '/queue');
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await settled(page);
      expect(await violations(page), 'axe with the menu open').toEqual([]);
    });
  }
});
