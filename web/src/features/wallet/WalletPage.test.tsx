import type { WalletInventory, WalletStatus } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleConfigQueries } from '../../lib/console-config';
import { formatDateTime } from '../../lib/format';
import { jsonAnswer, problemAnswer, renderPage, type AnswerFunction } from '../../test/render-page';
import { WalletPage } from './WalletPage';

afterEach(() => vi.unstubAllGlobals());

const NAME = 'issuer-wallet';
const UPGRADE = '/api/wallet/upgrade';
const since = '2026-11-20T10:00:00.000Z';

const status = (type: string | null, state: WalletStatus['upgrade']['state'] = 'idle', detail?: string): WalletStatus => ({
  name: NAME,
  type,
  upgrade: { state, since: state === 'idle' ? null : since, ...(detail && { detail }) },
});

/** The wallet type as the top bar shows it, from the console's settings. */
function TopBarWalletType() {
  const config = useQuery(consoleConfigQueries.current());
  return <p aria-label="Top bar wallet type">{config.data?.wallet.type ?? '…'}</p>;
}

function showWallet(answers: Record<string, unknown>) {
  return renderPage(
    '/wallet',
    '/wallet',
    <>
      <TopBarWalletType />
      <WalletPage />
    </>,
    { '/api/config': { username: 'admin', role: 'admin', mode: 'agent', wallet: { name: NAME, type: 'askar' } }, ...answers },
  );
}

const DID = 'WgWxqztrNooG92RXvxSTWv';
const SCHEMA_ID = `${DID}:2:Alumni card:1.0`;
const ALUMNI = `${DID}:3:CL:20:alumni`;
const STUDENT = `${DID}:3:CL:20:revocable`;
const REGISTRIES = [`${DID}:4:${ALUMNI}:CL_ACCUM:1`, `${DID}:4:${ALUMNI}:CL_ACCUM:2`];
const schemaAnswer = { id: SCHEMA_ID, name: 'Alumni card', version: '1.0', attrNames: ['name', 'graduation_year'], seqNo: 20, ver: '1.0' };

/** The askar wallet on the legacy routes: one schema, two definitions on it, two registries. */
const legacyAnswers = {
  '/api/schemas/created': { schema_ids: [SCHEMA_ID] },
  '/api/schemas/': { schema: schemaAnswer },
  '/api/credential-definitions/created': { credential_definition_ids: [ALUMNI, STUDENT] },
  '/api/credential-definitions/': ((request) =>
    jsonAnswer({
      credential_definition: { id: ALUMNI, schemaId: '20', tag: request.url.includes('alumni') ? 'alumni' : 'revocable', ver: '1.0', value: { primary: {} } },
    })) as AnswerFunction,
  '/api/revocation/registries/created': { rev_reg_ids: REGISTRIES },
};

/** The same wallet on the anoncreds routes afterwards, listing `credDefs`. */
const anoncredsAnswers = (credDefs: string[]) => ({
  '/api/anoncreds/schemas': { schema_ids: [SCHEMA_ID] },
  '/api/anoncreds/schema/': { schema: { issuerId: DID, name: 'Alumni card', version: '1.0', attrNames: ['name', 'graduation_year'] }, schema_id: SCHEMA_ID },
  '/api/anoncreds/credential-definitions': { credential_definition_ids: credDefs },
  '/api/anoncreds/credential-definition/': ((request) =>
    jsonAnswer({
      credential_definition: {
        issuerId: DID,
        schemaId: SCHEMA_ID,
        type: 'CL',
        tag: request.url.includes('alumni') ? 'alumni' : 'revocable',
        value: { primary: {} },
      },
      credential_definition_id: request.url.includes('alumni') ? ALUMNI : STUDENT,
    })) as AnswerFunction,
  '/api/anoncreds/revocation/registries': { rev_reg_ids: REGISTRIES },
});

/** What the BFF kept when the upgrade was started: the legacy routes' answers above, named. */
const BEFORE: WalletInventory = {
  at: '2026-11-20T09:59:58.000Z',
  walletType: 'askar',
  schemas: [{ id: SCHEMA_ID, name: 'Alumni card 1.0' }],
  credDefs: [
    { id: ALUMNI, name: 'Alumni card 1.0 (alumni)' },
    { id: STUDENT, name: 'Alumni card 1.0 (revocable)' },
  ],
  registries: REGISTRIES,
};
const upgradedWith = (before: WalletInventory | null): WalletStatus => {
  const done = status('askar-anoncreds', 'done');
  return { ...done, upgrade: { ...done.upgrade, before } };
};

const upgradeButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Upgrade wallet (irreversible)' });
const backup = () => screen.getByLabelText<HTMLInputElement>('I have backed up the wallet and its key.');
const tested = () => screen.getByLabelText<HTMLInputElement>('I have tested the upgrade on a copy outside production.');
const confirmName = () => screen.getByLabelText<HTMLInputElement>(/^Type the wallet name/);
const progress = () => screen.getByRole('status', { name: 'Upgrade progress' });

/** The three steps of the guard, done by an admin who means it. */
async function confirmUpgrade(user: ReturnType<typeof userEvent.setup>, typedName = NAME) {
  await user.click(await screen.findByLabelText('I have backed up the wallet and its key.'));
  await user.click(tested());
  await user.type(confirmName(), typedName);
}

// user-event drives a whole form through jsdom: slower than the default 5 s allows on a busy machine.
describe('WalletPage', { timeout: 20_000 }, () => {
  it('shows an askar wallet with the guarded upgrade form, locked until all three steps are done', async () => {
    const user = userEvent.setup({ delay: null });
    showWallet({ '/api/wallet': status('askar') });
    expect(await screen.findByRole('heading', { level: 2, name: 'Upgrade to the anoncreds wallet type' })).toBeTruthy();
    expect(screen.getByText('Wallet name').nextElementSibling!.textContent).toBe(NAME);
    expect(screen.getByText('Wallet type').nextElementSibling!.textContent).toBe('askar');
    expect(screen.queryByRole('status', { name: 'Upgrade progress' })).toBeNull();

    expect(backup().checked).toBe(false);
    expect(upgradeButton().disabled).toBe(true);
    await user.click(backup());
    await user.click(tested());
    expect(upgradeButton().disabled).toBe(true);
    await user.type(confirmName(), NAME);
    expect(upgradeButton().disabled).toBe(false);
  });

  it('stays locked and sends nothing while the typed name is not the wallet’s', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = showWallet({ '/api/wallet': status('askar') });
    await confirmUpgrade(user, 'issuer-walet');
    expect(upgradeButton().disabled).toBe(true);
    await user.keyboard('{Enter}');
    // A box unticked again locks it too, even with the right name.
    await user.clear(confirmName());
    await user.type(confirmName(), NAME);
    await user.click(backup());
    expect(upgradeButton().disabled).toBe(true);
    await user.click(upgradeButton());
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('starts the upgrade with the confirmed name, then follows it to done and refreshes the wallet type the top bar shows', async () => {
    const user = userEvent.setup({ delay: null });
    let upgraded = false;
    let polls = 0;
    // After the start: one answer "in progress", then the agent is back as askar-anoncreds.
    const wallet: AnswerFunction = () =>
      jsonAnswer(!upgraded ? status('askar') : polls++ < 1 ? status('askar', 'in-progress') : status('askar-anoncreds', 'done'));
    const start: AnswerFunction = () => ((upgraded = true), jsonAnswer(status('askar', 'in-progress'), 202));
    const config: AnswerFunction = () =>
      jsonAnswer({ username: 'admin', role: 'admin', mode: 'agent', wallet: { name: NAME, type: upgraded && polls > 1 ? 'askar-anoncreds' : 'askar' } });
    const { sent } = showWallet({ '/api/wallet': wallet, [`POST ${UPGRADE}`]: start, '/api/config': config });
    await waitFor(() => expect(screen.getByLabelText('Top bar wallet type').textContent).toBe('askar'));
    await confirmUpgrade(user);
    await user.click(upgradeButton());

    expect((await screen.findByRole('status', { name: 'Upgrade progress' })).textContent).toContain(
      'Upgrading: the agent answers “Upgrade in progress” meanwhile.',
    );
    // While it runs, there is nothing to start again.
    expect(screen.queryByRole('button', { name: 'Upgrade wallet (irreversible)' })).toBeNull();
    expect(sent('POST', UPGRADE).map((r) => r.body)).toEqual([{ wallet_name: NAME, confirm_wallet_name: NAME, backup_confirmed: true }]);

    await waitFor(() => expect(progress().textContent).toContain('Done: the wallet is now of the anoncreds type.'), { timeout: 5_000 });
    expect(screen.getByText('Wallet type').nextElementSibling!.textContent).toBe('askar-anoncreds');
    expect(screen.getByText(/^This wallet is of the anoncreds type/)).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Top bar wallet type').textContent).toBe('askar-anoncreds'));
  });

  it('after the upgrade says what changed, from what the server kept when it started: the same definitions under the same ids', async () => {
    const user = userEvent.setup({ delay: null });
    let started = false;
    const wallet: AnswerFunction = () => jsonAnswer(started ? upgradedWith(BEFORE) : status('askar'));
    const start: AnswerFunction = () => ((started = true), jsonAnswer(status('askar', 'in-progress'), 202));
    const { requests } = showWallet({ '/api/wallet': wallet, [`POST ${UPGRADE}`]: start, ...legacyAnswers, ...anoncredsAnswers([ALUMNI, STUDENT]) });
    await confirmUpgrade(user);
    await user.click(upgradeButton());

    const summary = await screen.findByRole('region', { name: 'What the upgrade changed' }, { timeout: 5_000 });
    await waitFor(() =>
      expect(summary.textContent).toContain(
        `Upgraded on ${formatDateTime(since)}: 1 schema, 2 credential definitions and 2 revocation registries now use the AnonCreds interface; their ids are unchanged.`,
      ),
    );
    expect(within(summary).getAllByRole('listitem')[0]!.textContent).toBe('Alumni card 1.0 (alumni)');
    expect(within(summary).getByRole('link', { name: 'See them on Schemas and credential definitions' }).getAttribute('href')).toBe('/definitions');
    // The browser takes no inventory of its own: the server's is the one every browser compares with.
    expect(requests.some((r) => r.url === '/api/credential-definitions/created')).toBe(false);
  });

  it('in a browser that did not start the upgrade, compares all the same, from the server’s record', async () => {
    showWallet({ '/api/wallet': upgradedWith(BEFORE), ...anoncredsAnswers([ALUMNI, STUDENT]) });
    const summary = await screen.findByRole('region', { name: 'What the upgrade changed' }, { timeout: 5_000 });
    await waitFor(() => expect(summary.textContent).toContain('now use the AnonCreds interface; their ids are unchanged.'));
    expect(summary.textContent).not.toContain('not recorded');
  });

  it('after an upgrade started before the server kept a record, gives the counts and says it cannot compare', async () => {
    showWallet({ '/api/wallet': upgradedWith(null), ...anoncredsAnswers([ALUMNI, STUDENT]) });
    const summary = await screen.findByRole('region', { name: 'What the upgrade changed' }, { timeout: 5_000 });
    await waitFor(() =>
      expect(summary.textContent).toContain(
        '1 schema, 2 credential definitions and 2 revocation registries now use the AnonCreds interface. What the wallet held before the upgrade was not recorded, so it cannot be compared.',
      ),
    );
  });

  it('after an upgrade that lost a definition, names it as not found', async () => {
    const user = userEvent.setup({ delay: null });
    let upgraded = false;
    const wallet: AnswerFunction = () => jsonAnswer(upgraded ? upgradedWith(BEFORE) : status('askar'));
    const start: AnswerFunction = () => ((upgraded = true), jsonAnswer(status('askar', 'in-progress'), 202));
    showWallet({ '/api/wallet': wallet, [`POST ${UPGRADE}`]: start, ...legacyAnswers, ...anoncredsAnswers([STUDENT]) });
    await confirmUpgrade(user);
    await user.click(upgradeButton());
    const summary = await screen.findByRole('region', { name: 'What the upgrade changed' }, { timeout: 5_000 });
    await waitFor(() => expect(summary.textContent).toContain('Not found after the upgrade: Alumni card 1.0 (alumni)'));
    expect(summary.textContent).toContain('Before the upgrade the wallet listed 1 schema, 2 credential definitions and 2 revocation registries');
  });

  it.each([
    ['another admin started it a moment ago', 409, 'An upgrade is already running.', 'Upgrade running'],
    ['the wallet was upgraded meanwhile', 409, 'The wallet is already of the askar-anoncreds type.', 'Already upgraded'],
    ['the agent’s wallet has another name', 400, 'This is not the name of the agent’s wallet.', 'Bad request'],
  ])('shows the refusal when %s, and keeps the steps done', async (_, code, detail, title) => {
    const user = userEvent.setup({ delay: null });
    const refusal: AnswerFunction = () =>
      problemAnswer(code, detail, {
        title,
        ...(code === 400 && { errors: [{ path: 'body.wallet_name', message: 'does not match the agent’s wallet name' }] }),
      });
    const { sent } = showWallet({ '/api/wallet': status('askar'), [`POST ${UPGRADE}`]: refusal });
    await confirmUpgrade(user);
    await user.click(upgradeButton());

    expect((await screen.findByRole('alert')).textContent).toBe(detail);
    expect(sent('POST', UPGRADE)).toHaveLength(1);
    expect(backup().checked).toBe(true);
    expect(tested().checked).toBe(true);
    expect(confirmName().value).toBe(NAME);
    expect(upgradeButton().disabled).toBe(false);
    expect(screen.queryByRole('status', { name: 'Upgrade progress' })).toBeNull();
  });

  it.each([
    ['in-progress', 'Upgrading: the agent answers “Upgrade in progress” meanwhile.'],
    ['agent-unavailable', 'The agent is not answering: it restarts after the upgrade. Waiting for it…'],
  ] as const)('while the upgrade is %s, says so and offers nothing to start', async (state, text) => {
    showWallet({ '/api/wallet': status('askar', state) });
    expect((await screen.findByRole('status', { name: 'Upgrade progress' })).textContent).toContain(text);
    expect(progress().textContent).toContain('Since ');
    expect(screen.queryByRole('button', { name: 'Upgrade wallet (irreversible)' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Upgrade to the anoncreds wallet type' })).toBeNull();
  });

  it('after a failed upgrade, says why and offers the upgrade again', async () => {
    showWallet({ '/api/wallet': status('askar', 'failed', 'The agent is back and the wallet is still askar.') });
    const callout = await screen.findByRole('status', { name: 'Upgrade progress' });
    expect(callout.textContent).toContain('The upgrade failed: the wallet kept its type.');
    expect(callout.textContent).toContain('The agent is back and the wallet is still askar.');
    expect(upgradeButton()).toBeTruthy();
  });

  it.each(['askar-anoncreds', 'kanon-anoncreds'])('offers no upgrade for a wallet already of the %s type', async (type) => {
    showWallet({ '/api/wallet': status(type) });
    expect((await screen.findByText('Wallet type')).nextElementSibling!.textContent).toBe(type);
    expect(screen.getByText(/^This wallet is of the anoncreds type/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Upgrade to the anoncreds wallet type' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upgrade wallet (irreversible)' })).toBeNull();
  });

  it('offers no upgrade when the agent does not say its wallet type', async () => {
    showWallet({ '/api/wallet': status(null) });
    expect((await screen.findByText('Wallet type')).nextElementSibling!.textContent).toBe('—');
    expect(screen.queryByRole('button', { name: 'Upgrade wallet (irreversible)' })).toBeNull();
  });

  it('shows the BFF’s refusal in place of the wallet to a role without access (403)', async () => {
    const forbidden: AnswerFunction = () => problemAnswer(403, 'The issuer role may not do this.', { title: 'Forbidden' });
    showWallet({ '/api/wallet': forbidden });
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toContain('Could not load this');
    expect(refusal.textContent).toContain('The issuer role may not do this.');
    expect(screen.queryByRole('button', { name: 'Upgrade wallet (irreversible)' })).toBeNull();
  });

  it('shows an unreachable agent in place of the wallet, with a way to try again', async () => {
    const user = userEvent.setup({ delay: null });
    let down = true;
    const wallet: AnswerFunction = () => (down ? problemAnswer(502, 'The agent failed: Bad Gateway', { title: 'Agent error' }) : jsonAnswer(status('askar')));
    showWallet({ '/api/wallet': wallet });
    const outage = await screen.findByRole('alert');
    expect(outage.textContent).toContain('The agent is unavailable');
    expect(outage.textContent).toContain('The agent failed: Bad Gateway');
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Upgrade to the anoncreds wallet type' })).toBeTruthy();
  });
});
