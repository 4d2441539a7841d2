import type { APIRequestContext } from '@playwright/test';
import { violations } from '../axe';
import { expect, test } from '../fixtures';
import { SANDBOX_API_KEY, SANDBOX_PORT } from '../settings';

const sizes = [
  { name: '1400 px', viewport: { width: 1400, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

const agent = async (request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown) => {
  const url = `http://127.0.0.1:${SANDBOX_PORT}${path}`;
  const headers = { 'x-api-key': SANDBOX_API_KEY };
  const res = method === 'GET' ? await request.get(url, { headers }) : await request.post(url, { headers, data: data ?? {} });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};

const stateOf = async (request: APIRequestContext, credExId: string) =>
  ((await agent(request, 'GET', `/issue-credential-2.0/records/${credExId}`)).cred_ex_record as { state: string }).state;

/**
 * The seeded Student ID 1.2, offered as the clerk's agent offers it: one of the agent's own definitions that no
 * journey counts the issues of (a definition another journey made, and counts, is left alone).
 */
async function studentIdOffer(request: APIRequestContext, label: string) {
  const { credential_definition_ids } = (await agent(request, 'GET', '/credential-definitions/created?schema_name=Student%20ID&schema_version=1.2')) as {
    credential_definition_ids: string[];
  };
  const credDefId = credential_definition_ids[0]!;
  const { credential_definition } = (await agent(request, 'GET', `/credential-definitions/${credDefId}`)) as { credential_definition: { schemaId: string } };
  const { schema } = (await agent(request, 'GET', `/schemas/${credential_definition.schemaId}`)) as { schema: { attrNames: string[] } };
  const attributes = schema.attrNames.map((name) => ({ name, value: name.endsWith('_dateint') ? '20010415' : `${label} ${name}` }));
  return { filter: { indy: { cred_def_id: credDefId } }, credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes } };
}

/** A holder of this journey's own is offered a Student ID; their wallet answers with a request, which waits for the issuer. */
async function requestFrom(request: APIRequestContext, label: string): Promise<string> {
  const { connection_id } = (await agent(request, 'POST', '/sandbox/peers/connection', { label })) as { connection_id: string };
  const offer = await studentIdOffer(request, label);
  const { cred_ex_id } = (await agent(request, 'POST', '/issue-credential-2.0/send-offer', {
    connection_id,
    ...offer,
    auto_issue: false,
    auto_remove: false,
  })) as {
    cred_ex_id: string;
  };
  await expect.poll(() => stateOf(request, cred_ex_id)).toBe('request-received');
  return cred_ex_id;
}

for (const size of sizes) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('an issuer clerk narrows Needs me to three people’s requests, issues all of them after a confirmation, and is told which one the agent refused', async ({
      loggedInAs,
      request,
      consoleErrors,
    }) => {
      // The agent's refusal of Cat's request reaches the browser as a 400: expected, and said in the dialog.
      consoleErrors.allow(/status of 400/);
      // Holders of this journey's own, found by a word no other journey uses: other journeys' requests on this console stay as they are.
      const tag = `Allreq${size.viewport.width}r${test.info().retry}${Date.now().toString(36)}`;
      const [ann, ben, cat] = ['Ann', 'Ben', 'Cat'].map((name) => `${name} ${tag}`) as [string, string, string];
      const annId = await requestFrom(request, ann);
      const benId = await requestFrom(request, ben);
      const catId = await requestFrom(request, cat);
      // Someone else's request, waiting on the same console: not shown once narrowed, so not issued.
      const otherId = await requestFrom(request, `Dan Other${tag.slice(6)}`);

      const page = await loggedInAs('issuer', '/queue');
      const main = page.getByRole('main');
      await page.getByLabel('Person or credential').fill(tag);
      await expect(page).toHaveURL(new RegExp(`q=${tag}`));
      const requests = main.getByRole('region', { name: /^Credential requests to issue/ });
      await expect(requests.getByRole('heading')).toHaveText('Credential requests to issue 3');
      for (const name of [ann, ben, cat]) await expect(requests.getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
      await expect(main.getByText(/^Dan Other/)).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`issue-all-narrowed-${size.viewport.width}.png`), fullPage: true });

      await requests.getByRole('button', { name: 'Issue all requested (3)' }).click();
      const confirm = page.getByRole('dialog', { name: 'Issue 3 credentials?' });
      await expect(confirm).toBeVisible();
      // The confirmation names each person; nothing is issued before it is given.
      for (const name of [ann, ben, cat]) await expect(confirm.getByRole('listitem').filter({ hasText: new RegExp(` to ${name}$`) })).toHaveCount(1);
      expect(await stateOf(request, annId)).toBe('request-received');
      await page.screenshot({ path: test.info().outputPath(`issue-all-confirm-${size.viewport.width}.png`) });
      expect(await violations(page)).toEqual([]);

      // Meanwhile Cat's wallet gives up on the exchange: the agent now refuses to issue it.
      await agent(request, 'POST', '/sandbox/peers/problem-report', { cred_ex_id: catId, description: 'No longer needed' });
      await confirm.getByRole('button', { name: 'Issue 3 credentials' }).click();

      const result = page.getByRole('dialog', { name: 'Issued 2 of 3 credentials' });
      await expect(result.getByRole('status')).toHaveText('2 issued, 1 not issued.');
      const notIssued = result.getByRole('list', { name: 'Not issued' }).getByRole('listitem');
      await expect(notIssued).toHaveCount(1);
      await expect(notIssued).toContainText(cat);
      await expect(notIssued).toContainText('The other side gave up on this exchange (it was abandoned).');
      await expect(notIssued).not.toContainText('must be request-received');
      await page.screenshot({ path: test.info().outputPath(`issue-all-result-${size.viewport.width}.png`) });
      expect(await violations(page)).toEqual([]);
      await result.getByRole('button', { name: 'Close' }).click();

      // Ann and Ben have their credentials; Cat's exchange stays abandoned, the other person's request still waits.
      for (const id of [annId, benId]) await expect.poll(() => stateOf(request, id)).toMatch(/^(credential-issued|done)$/);
      expect(await stateOf(request, catId)).toBe('abandoned');
      expect(await stateOf(request, otherId)).toBe('request-received');
      await expect(main.getByRole('heading', { name: `Nothing waiting matches “${tag}”` })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);

      // The other request was only there to be left alone: its holder withdraws it, so it waits on nobody.
      await agent(request, 'POST', '/sandbox/peers/problem-report', { cred_ex_id: otherId, description: 'Withdrawn' });
    });
  });
}
