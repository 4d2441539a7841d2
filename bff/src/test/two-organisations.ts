import { agentRoutes, consoleApi } from '@credence/shared';
import { expect } from 'vitest';
import type { AgentContract } from './agent-contract.js';
import type { SampleIds } from './agent-route-samples.js';
import { testMultitenantBff } from './multitenant-harness.js';

/**
 * The two organisations of the multitenant isolation test (bff/src/security/multitenant-isolation.test.ts): the
 * sandbox's seeded Northfield University and City Library, the library's records at the agent and in Credence,
 * what marks them as the library's, and the university's requests (each console route it calls is recorded for
 * the test's coverage check).
 */
export const UNIVERSITY = 'Northfield University';
export const LIBRARY = 'City Library';
export const LIBRARY_TEMPLATE = 'Library card check zq7';
export const ROLES = ['admin', 'issuer', 'verifier'] as const;

export let h: Awaited<ReturnType<typeof testMultitenantBff>>;
/** What only the library holds: any of these in a university answer is a leak. */
export let markers: string[];
export let library: SampleIds & { template: string; batch: string; approval: string };

/** Makes the two organisations' records; call from the suite's beforeAll. */
export async function setUpTwoOrganisations(contract: AgentContract): Promise<void> {
  // Wallet upgrades need a second admin: the library's request for one is among its records.
  h = await testMultitenantBff({
    observe: (request, response) => contract.checkCall(request, response),
    approvals: { kinds: new Set(['wallet-upgrade']), ttlMs: 3_600_000 },
  });
  await Promise.all([h.registers.for(h.tenantOf(UNIVERSITY)).backfill(), h.registers.for(h.tenantOf(LIBRARY)).backfill()]);
  const store = h.agent.agent.tenantNamed('city-library')!.sandbox.store;
  const credDef = store.ledger.credDefs.find((d) => d.issuedBy === 'self' && !d.revocable)!;
  const connection = [...store.connections.values()].find((c) => c.state === 'active')!;

  // The library's own records in Credence: a template, a batch, a counter link, audit entries.
  const libraryAdmin = await h.cookieFor('admin', LIBRARY);
  const template = await h.send(libraryAdmin, 'POST', '/api/proof-templates', {
    name: LIBRARY_TEMPLATE,
    presentation_request: { indy: { name: 'Card', version: '1.0', requested_attributes: { n: { name: 'name' } }, requested_predicates: {} } },
  });
  expect(template.status).toBe(201);
  const header = ['connection', ...credDef.schema.attributes].join(',');
  const row = [connection.connection_id, ...credDef.schema.attributes.map((a) => `v-${a}`)].join(',');
  const batch = await h.send(libraryAdmin, 'POST', '/api/issue-batches', {
    cred_def_id: credDef.cred_def_id,
    csv: `${header}\n${row}\n`,
    file_name: 'members.csv',
  });
  expect(batch.status).toBe(201);
  const { name: walletName } = (await (await h.send(libraryAdmin, 'GET', '/api/wallet')).json()) as { name: string };
  const upgrade = await h.send(libraryAdmin, 'POST', '/api/wallet/upgrade', {
    wallet_name: walletName,
    confirm_wallet_name: walletName,
    backup_confirmed: true,
  });
  expect(upgrade.status).toBe(202);
  await h.settle();

  library = {
    connection: connection.connection_id,
    credential: [...store.credentials.keys()][0]!,
    presentation: [...store.presentations.keys()][0]!,
    credDef: credDef.cred_def_id,
    attributes: credDef.schema.attributes,
    template: ((await template.json()) as { id: string }).id,
    batch: ((await batch.json()) as { id: string }).id,
    approval: ((await upgrade.json()) as { approval_id: string }).approval_id,
  };
  markers = [
    ...store.connections.keys(),
    ...store.credentials.keys(),
    ...store.presentations.keys(),
    library.template,
    library.batch,
    library.approval,
    LIBRARY_TEMPLATE,
    'members.csv',
    `${LIBRARY}-admin`,
  ];
  // The university has records of its own, so that an empty answer proves nothing by itself.
  const universityStore = h.agent.agent.tenantNamed('northfield-university')!.sandbox.store;
  expect(universityStore.credentials.size).toBeGreaterThan(0);
  expect(markers.filter((m) => universityStore.credentials.has(m) || universityStore.connections.has(m))).toEqual([]);
}

/** The console routes called as a university user (`METHOD /path` as the contract names them). */
export const called = new Set<string>();
export const consoleRoutes = Object.values(consoleApi).map((entry) => ({
  key: `${entry.method} ${entry.path}`,
  pattern: new RegExp(`^/api${entry.path.replace(/[.]/g, '\\.').replace(/:[A-Za-z_]+/g, '[^/]+')}$`),
  entry,
}));

/** A request as a university user, its console route recorded for the coverage check at the end. */
export async function asUniversity(cookie: string, method: string, path: string, body?: unknown): Promise<Response> {
  const pathname = path.split('?')[0]!;
  const route = consoleRoutes.find((r) => r.entry.method === method && r.pattern.test(pathname));
  if (route) called.add(route.key);
  else if (
    pathname.startsWith('/api/') &&
    !agentRoutes.some((a) => a.method === method && new RegExp(`^/api${a.path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`).test(pathname))
  )
    throw new Error(`${method} ${path} is no route of the contract`);
  return h.send(cookie, method, path, body);
}

/** The library's markers in an answer, but for those the request itself named (an error may quote what was asked). */
export function leaks(text: string, asked = ''): string[] {
  return markers.filter((m) => text.includes(m) && !asked.includes(m));
}
