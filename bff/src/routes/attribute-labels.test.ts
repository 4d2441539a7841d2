import { describe, expect, it } from 'vitest';
import { testBff } from '../test/harness.js';

const withoutRequestId = ({ request_id: _id, ...rest }: Record<string, string>) => rest;

const credDefId = 'WgWxqztrNooG92RXvxSTWv:3:CL:20:student';
const labels = [
  { name: 'full_name', label: 'Full name', kind: 'text' },
  { name: 'birthdate_dateint', label: 'Date of birth', kind: 'date' },
  { name: 'student_id', label: '', kind: 'text' },
];

describe('/api/attribute-labels', () => {
  it('is set by an admin, read by every signed-in role, and each change is audited', async () => {
    const { send, cookieFor, calls } = await testBff();
    const admin = await cookieFor('admin');
    const issuer = await cookieFor('issuer');
    const verifier = await cookieFor('verifier');

    expect(await (await send(issuer, 'GET', '/api/attribute-labels')).json()).toEqual({ results: [] });
    const set = await send(admin, 'PUT', '/api/attribute-labels', { cred_def_id: credDefId, attributes: labels, source: 'oca' });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ cred_def_id: credDefId, attributes: labels, source: 'oca', updated_by: 'admin' });
    // Set again: replaced, not added.
    const again = await send(admin, 'PUT', '/api/attribute-labels', { cred_def_id: credDefId, attributes: labels.slice(0, 2) });
    expect(((await again.json()) as { source: string }).source).toBe('manual');

    for (const who of [issuer, verifier]) {
      const read = (await (await send(who, 'GET', '/api/attribute-labels')).json()) as { results: { cred_def_id: string; attributes: unknown[] }[] };
      expect(read.results).toEqual([expect.objectContaining({ cred_def_id: credDefId, attributes: labels.slice(0, 2) })]);
    }
    // Only an admin writes.
    expect((await send(issuer, 'PUT', '/api/attribute-labels', { cred_def_id: credDefId, attributes: [] })).status).toBe(403);
    // Labels live in the console: nothing reached the agent.
    expect(calls).toEqual([]);

    const { entries } = (await (await send(admin, 'GET', '/api/audit?action=attribute-labels')).json()) as {
      entries: { actor: string; action: string; target: Record<string, string>; status: number; summary?: string }[];
    };
    // Each entry carries its request's id (decision 038); the rest of its target is what this test reads.
    expect(entries.every((e) => typeof e.target.request_id === 'string')).toBe(true);
    expect(entries.map((e) => [e.actor, e.status, withoutRequestId(e.target)])).toEqual([
      ['issuer', 403, {}],
      ['admin', 200, { cred_def_id: credDefId, source: 'manual', labels: 'full_name → Full name (text); birthdate_dateint → Date of birth (date)' }],
      ['admin', 200, { cred_def_id: credDefId, source: 'oca', labels: 'full_name → Full name (text); birthdate_dateint → Date of birth (date)' }],
    ]);
  });

  it('refuses a label list that names an attribute twice, an unknown kind, or a label too long, naming the field', async () => {
    const { send, cookieFor } = await testBff();
    const admin = await cookieFor('admin');
    const refused = async (attributes: unknown) => {
      const res = await send(admin, 'PUT', '/api/attribute-labels', { cred_def_id: credDefId, attributes });
      expect(res.status).toBe(400);
      return JSON.stringify(await res.json());
    };
    expect(await refused([labels[0], labels[0]])).toContain('Each attribute is named once');
    expect(await refused([{ name: 'x', label: 'X', kind: 'colour' }])).toContain('kind');
    expect(await refused([{ name: 'x', label: 'X'.repeat(101), kind: 'text' }])).toContain('at most 100 characters');
  });
});
