import { violations } from '../axe';
import { expect, test } from '../fixtures';
import { fillLabelled } from '../offer-form';
import { SANDBOX_API_KEY, SANDBOX_PORT } from '../settings';

for (const size of [
  { name: 'desktop', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`erasure on request (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('an admin erases a person’s data from Credence and finds nothing of them left in any list, search or export', async ({ loggedInAs, request }) => {
      const stamp = Date.now();
      const holder = `Grete Erasmus ${size.name} ${stamp}`;
      const studentId = `E${stamp}`;
      const connection = (await (
        await request.post(`http://127.0.0.1:${SANDBOX_PORT}/sandbox/peers/connection`, { headers: { 'x-api-key': SANDBOX_API_KEY }, data: { label: holder } })
      ).json()) as { connection_id: string };

      const page = await loggedInAs('admin', `/credentials/new?connection=${connection.connection_id}`);
      await page.getByLabel('Credential to offer').selectOption({ label: 'Student ID 1.2' });
      await fillLabelled(page, { 'Student ID': studentId, Name: holder, Degree: '2001', 'Enrolment year': '2001', Birthdate: '2001-04-15' });
      await page.getByRole('button', { name: 'Send offer' }).click();
      await page.getByRole('button', { name: 'Issue credential' }).click();
      await expect(page.getByText(/^(Credential issued|Done)$/).first()).toBeVisible();

      // Found by name on Issued credentials; the admin erases what Credence holds about them.
      await page.goto(`/issued?q=${encodeURIComponent(holder)}`);
      const table = page.getByRole('table', { name: 'Issued credentials' });
      await expect(table.getByRole('row').filter({ hasText: studentId })).toBeVisible();
      await page.getByRole('button', { name: 'Erase personal data…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Erase this person’s data from Credence?' });
      await expect(dialog.getByText(`Credence knows this person as: ${holder}`)).toBeVisible();
      await expect(dialog.getByText('1 issued credential: the holder’s name and the values')).toBeVisible();
      await expect(dialog.getByText(/the revocation registry and index/)).toBeVisible();
      await expect(dialog.getByText(/The agent’s own records are not touched/)).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Remove the connection from the agent' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`erasure-dialog-${size.name}.png`) });
      await dialog.getByRole('button', { name: 'Erase personal data' }).click();
      await expect(dialog.getByRole('status')).toContainText('No search or export shows this person any more.');
      await dialog.getByRole('button', { name: 'Close' }).click();

      // Nothing of them is left: searches by name and by value, the lists, and every export.
      for (const words of [holder, studentId]) {
        await page.goto(`/issued?q=${encodeURIComponent(words)}`);
        await expect(page.getByRole('status').filter({ hasText: /^0 credentials match$/ })).toBeVisible();
        await page.goto(`/credentials?q=${encodeURIComponent(words)}`);
        await expect(page.getByRole('table', { name: 'Credential exchanges' }).getByRole('row').filter({ hasText: words })).toHaveCount(0);
      }
      // The credential is still listed for its holder's connection, its values gone and why.
      await page.goto(`/issued?connection_id=${connection.connection_id}`);
      await expect(page.getByText(/^Values erased on .+ on request$/).first()).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`erased-row-${size.name}.png`), fullPage: true });
      const today = new Date().toISOString().slice(0, 10);
      for (const path of [
        '/api/register/exchanges/export.csv?kind=credential',
        '/api/register/credentials/export.csv',
        `/api/register/exchanges?kind=credential&q=${encodeURIComponent(holder)}`,
        `/api/register/credentials?q=${encodeURIComponent(studentId)}`,
        `/api/audit?action=${encodeURIComponent(holder)}`,
        '/api/audit/export.csv',
        `/api/audit/export?from=${today}&to=${today}&format=jsonl`,
      ]) {
        const answer = await page.request.get(path);
        expect(answer.status(), path).toBe(200);
        const text = await answer.text();
        expect(text.includes(holder) || text.includes(studentId), path).toBe(false);
      }

      // What Credence keeps, for how long and where, in words.
      await page.goto('/privacy');
      await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
      await expect(page.getByText(/Personal values in the register are kept until an admin erases them/)).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`privacy-${size.name}.png`), fullPage: true });

      // A credential's own period is set where its definition is; read here, not changed (other journeys share the console).
      await page.goto('/definitions');
      await page
        .getByRole('button', { name: /^Keep values… \(Student ID 1\.2.*\)$/ })
        .first()
        .click();
      const period = page.getByRole('dialog', { name: /^How long to keep Student ID 1\.2/ });
      await expect(period.getByText(/this credential’s values are kept until an admin erases them/)).toBeVisible();
      await expect(period.getByLabel('Days to keep the values after the exchange ends')).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`retention-dialog-${size.name}.png`) });
      await period.getByRole('button', { name: 'Cancel' }).click();
    });
  });
}
