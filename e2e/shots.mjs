import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8090';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const offer = await (await fetch('http://127.0.0.1:8091/sandbox/peers/credential-offer', { method: 'POST', headers: { 'x-api-key': 'sbx-key-0123456789', 'content-type': 'application/json' }, body: '{}' })).json();
for (const [w, h] of [[1400, 900], [390, 844]]) for (const scheme of ['light', 'dark']) {
  const page = await browser.newPage({ viewport: { width: w, height: h }, colorScheme: scheme });
  await page.goto(base + '/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('demo-pass-123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Log out' }).waitFor();
  const shot = async (path, name) => { await page.goto(base + path); await page.waitForLoadState('networkidle'); await page.screenshot({ path: `/tmp/shots2/${name}-${w}-${scheme}.png`, fullPage: name !== 'list' }); };
  await shot('/credentials?state=credential-revoked', 'list');
  await shot('/credentials/' + offer.cred_ex_id, 'offer');
  await page.goto(base + '/presentations?state=done&role=verifier');
  await page.waitForLoadState('networkidle');
  const hrefs = await page.locator('tbody tr a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  // One with a failed verification and one verified.
  let failed, passed;
  for (const href of hrefs) {
    await page.goto(base + href); await page.waitForLoadState('networkidle');
    const text = await page.locator('body').innerText();
    if (!failed && text.includes('Verification failed')) failed = href;
    if (!passed && text.includes('did not apply')) passed = href;
    if (failed && passed) break;
  }
  if (failed) await shot(failed, 'pres-failed');
  if (passed) await shot(passed, 'pres-verified');
  await shot('/wallet', 'wallet');
  await page.close();
}
await browser.close();
