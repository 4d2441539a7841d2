import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// Each role's main journey on a phone-sized window: the navigation folds behind Menu, lists keep the
// state and the next step in view, and a record's action is within reach.
test.use({ viewport: { width: 390, height: 844 } });

/** Nothing runs off the side of the window. */
async function fitsTheWidth(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** Opens the folded navigation and follows one of its links. */
async function goTo(page: Page, link: string | RegExp): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
  // Choosing a page folds the menu again.
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
}

/** The first row's state and next step are on screen, each fully within the window's width. */
async function firstRowShowsStateAndNextStep(page: Page, table: string): Promise<void> {
  const list = page.getByRole('table', { name: table });
  await expect(list).not.toHaveAttribute('aria-busy');
  const row = list.getByRole('row').nth(1);
  for (const column of ['State', 'Next step']) {
    const cell = row.locator(`td[data-label="${column}"]`);
    await expect(cell).toBeInViewport();
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width, `${column} within the window`).toBeLessThanOrEqual(390);
  }
  await expect(row.locator('td[data-label="Role"]')).toBeHidden();
}

test('an issuer on a phone: menu by keyboard, the list with state and next step, back to the filtered list, and the queue’s action', async ({ loggedInAs }) => {
  const page = await loggedInAs('issuer', '/credentials');
  await fitsTheWidth(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  // The menu opens and closes from the keyboard.
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(nav.getByRole('link', { name: 'Credentials' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(nav).toBeHidden();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: /^Needs me/ })).toBeFocused();
  // Escape closes it and brings the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();

  // On a phone the filters fold behind one button, so the list starts on the first screen.
  await expect(page.getByLabel('State', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('State', { exact: true }).selectOption('request-received');
  await expect(page).toHaveURL(/state=request-received/);
  await page.getByRole('button', { name: 'Filters (1 set)' }).click();
  await firstRowShowsStateAndNextStep(page, 'Credential exchanges');
  await page.getByRole('table', { name: 'Credential exchanges' }).getByRole('link').first().click();
  const issue = page.getByRole('button', { name: 'Issue credential' });
  await expect(issue).toBeInViewport();
  await fitsTheWidth(page);
  await page.getByRole('link', { name: '← Credential exchanges' }).click();
  await expect(page).toHaveURL(/\/credentials\?state=request-received$/);
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('request-received');

  await goTo(page, /^Needs me/);
  // The navigation's count (from the register) and the page's list (from the agent) agree.
  // Grouped by kind: every group's items, the holder's chores left out as the count leaves them out.
  const waiting = page.getByRole('main').getByRole('listitem');
  await expect(waiting.first()).toBeVisible();
  const badge = Number((await page.locator('.count-badge').first().textContent())!.replace(/\D/g, ''));
  await expect(waiting).toHaveCount(badge);
  const first = page.getByRole('listitem').first();
  const action = first.getByRole('link');
  const label = (await action.textContent())!;
  await action.click();
  await expect(page.getByRole('button', { name: label })).toBeInViewport();
  await expect(page.getByRole('link', { name: '← Needs me' })).toBeVisible();
});

test('a verifier on a phone: presentations with state and next step, and a presentation to verify', async ({ loggedInAs }) => {
  const page = await loggedInAs('verifier', '/');
  await goTo(page, 'Presentations');
  await firstRowShowsStateAndNextStep(page, 'Presentation exchanges');
  await fitsTheWidth(page);
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('State', { exact: true }).selectOption('presentation-received');
  // One the agent still has: the register also lists those it removed (a counter's unanswered requests).
  await page.getByText('More filters').click();
  await page.getByLabel('On the agent').selectOption('Still on the agent');
  await expect(page).toHaveURL(/removed=false/);
  const presentations = page.getByRole('table', { name: 'Presentation exchanges' });
  await expect(presentations).not.toHaveAttribute('aria-busy');
  await presentations.getByRole('link').first().click();
  const verify = page.getByRole('button', { name: 'Verify', exact: true });
  await expect(verify).toBeInViewport();
  await verify.click();
  await expect(page.getByRole('button', { name: 'Verify', exact: true })).toHaveCount(0);
  await fitsTheWidth(page);
});

test('an admin on a phone: revocation’s choices are large enough to tap, the wallet and the audit log fit', async ({ loggedInAs }) => {
  const page = await loggedInAs('admin', '/');
  await goTo(page, 'Revocation');
  await expect(page.getByRole('heading', { level: 1, name: 'Revocation' })).toBeVisible();
  await fitsTheWidth(page);
  // Tapping anywhere on the words chooses: the whole label is the target, at least 24 px high.
  for (const name of ['Publish now', 'Leave pending (publish later with others)']) {
    const choice = page.getByText(name, { exact: true });
    expect((await choice.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    await choice.click({ position: { x: 60, y: 2 } });
    await expect(page.getByRole('radio', { name })).toBeChecked();
  }
  await goTo(page, 'Wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await fitsTheWidth(page);
  await goTo(page, 'Audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await fitsTheWidth(page);
});
