import { describe, expect, it } from 'vitest';
import { PeerWallets } from './peer-wallets.js';
import { recordingSandbox } from './testing.js';

function agent() {
  const base = recordingSandbox();
  const { sandbox, call } = base;
  const studentId = sandbox.store.ledger.credDefs.find((d) => d.issuedBy === 'self' && d.kind === 'indy' && d.revocable && d.schema.name === 'Student ID')!;
  const valuesFor = (name: string): Record<string, string> =>
    Object.fromEntries(
      studentId.schema.attributes.map((attr) => [attr, attr === 'name' ? name : attr === 'birthdate_dateint' ? '20010415' : `${attr} of ${name}`]),
    );
  const preview = (values: Record<string, string>) => ({
    '@type': 'issue-credential/2.0/credential-preview',
    attributes: Object.entries(values).map(([name, value]) => ({ name, value })),
  });
  const proofRequest = (predicate?: { p_type: '>=' | '<='; p_value: number }) => ({
    indy: {
      name: 'Student check',
      version: '1.0',
      requested_attributes: { '0_name_uuid': { names: ['name', 'student_id'], restrictions: [{ cred_def_id: studentId.cred_def_id }] } },
      requested_predicates:
        predicate === undefined ? {} : { '0_birth_uuid': { name: 'birthdate_dateint', ...predicate, restrictions: [{ cred_def_id: studentId.cred_def_id }] } },
      non_revoked: { to: Math.floor(Date.now() / 1000) },
    },
  });
  /** Asks `connectionId` for a proof and waits for its answer (verified at once). */
  const ask = async (connectionId: string, predicate?: { p_type: '>=' | '<='; p_value: number }) => {
    const sent = await call('POST', '/present-proof-2.0/send-request', {
      connection_id: connectionId,
      presentation_request: proofRequest(predicate),
      auto_verify: true,
    });
    await sandbox.peers.idle();
    return sandbox.store.presentations.get(sent.json.pres_ex_id)!;
  };
  return { ...base, studentId, valuesFor, preview, proofRequest, ask };
}

describe('sandbox peers present what we issued them', () => {
  it('a connected peer presents its credential’s values; it verifies until its revocation is published', async () => {
    const a = agent();
    const erin = a.sandbox.store.addConnection('Erin Novak');
    const values = a.valuesFor('Erin Novak');
    const offer = await a.call('POST', '/issue-credential-2.0/send-offer', {
      connection_id: erin.connection_id,
      filter: { indy: { cred_def_id: a.studentId.cred_def_id } },
      credential_preview: a.preview(values),
      auto_issue: true,
    });
    await a.sandbox.peers.idle();
    const issued = a.sandbox.store.credentials.get(offer.json.cred_ex_id)!;
    expect(issued.cred_ex_record.state).toBe('done');
    const { rev_reg_id, cred_rev_id } = issued.indy!;

    const first = await a.ask(erin.connection_id, { p_type: '>=', p_value: 20000101 });
    const presented = (
      first.by_format.pres as {
        indy: { requested_proof: { revealed_attr_groups: Record<string, { values: Record<string, { raw: string }> }> }; identifiers: unknown[] };
      }
    ).indy;
    expect(presented.requested_proof.revealed_attr_groups['0_name_uuid']!.values).toMatchObject({
      name: { raw: 'Erin Novak' },
      student_id: { raw: values.student_id },
    });
    expect(presented.identifiers).toEqual([expect.objectContaining({ cred_def_id: a.studentId.cred_def_id, rev_reg_id })]);
    // Strictly inside the asked interval (from 0 to `to`), as the verifier checks it.
    const { timestamp } = presented.identifiers[0] as { timestamp: number };
    const asked = (first.by_format.pres_request as { indy: { non_revoked: { to: number } } }).indy.non_revoked;
    expect(timestamp).toBeGreaterThan(0);
    expect(timestamp).toBeLessThan(asked.to);
    expect(first).toMatchObject({ state: 'done', verified: 'true' });

    // Revoked in the wallet only: the ledger still has it valid, so the proof still verifies.
    await a.call('POST', '/revocation/revoke', { cred_ex_id: issued.cred_ex_record.cred_ex_id, publish: false });
    expect(await a.ask(erin.connection_id)).toMatchObject({ state: 'done', verified: 'true' });

    await a.call('POST', '/revocation/publish-revocations', { rrid2crid: { [rev_reg_id!]: [cred_rev_id] } });
    expect(await a.ask(erin.connection_id)).toMatchObject({ state: 'done', verified: 'false', verified_msgs: [] });

    // Holding a valid one besides newer revoked ones, the holder shows the valid one.
    const issueErin = async (studentId: string) => {
      const sent = await a.call('POST', '/issue-credential-2.0/send-offer', {
        connection_id: erin.connection_id,
        filter: { indy: { cred_def_id: a.studentId.cred_def_id } },
        credential_preview: a.preview({ ...values, student_id: studentId }),
        auto_issue: true,
      });
      await a.sandbox.peers.idle();
      return sent.json.cred_ex_id as string;
    };
    await issueErin('S-NEW-2');
    const newest = await issueErin('S-NEW-3');
    await a.call('POST', '/revocation/revoke', { cred_ex_id: newest, publish: true });
    const renewed = await a.ask(erin.connection_id);
    expect(renewed).toMatchObject({ state: 'done', verified: 'true' });
    expect(JSON.stringify(renewed.by_format.pres)).toContain('S-NEW-2');
  });

  it('a seeded credential revoked in the wallet whose ledger write failed still verifies, until the registry is fixed on the ledger', async () => {
    const a = agent();
    const { store } = a.sandbox;
    // The seeded drift: revoked in the agent's wallet, never on the ledger.
    const drifted = [...store.credentials.values()].find((d) => {
      const sub = d.indy;
      return d.cred_ex_record.role === 'issuer' && d.cred_ex_record.state === 'credential-revoked' && sub?.rev_reg_id && sub.cred_rev_id;
    })!;
    const { rev_reg_id, cred_rev_id } = drifted.indy!;
    expect(store.registries.get(rev_reg_id!)!.ledgerRevoked.has(cred_rev_id!)).toBe(false);
    const credDefId = drifted.cred_ex_record.by_format.cred_offer!.indy!.cred_def_id!;
    const holder = store.connections.get(drifted.cred_ex_record.connection_id!)!.their_label!;
    // What the holder shows answers one credential only: its student id.
    const studentId = (drifted.cred_ex_record.by_format.cred_issue!.indy!.values as Record<string, { raw: string }>).student_id!.raw;
    const ask = async () => {
      const sent = await a.call('POST', '/present-proof-2.0/send-request', {
        connection_id: drifted.cred_ex_record.connection_id,
        presentation_request: {
          indy: {
            name: 'Check',
            version: '1.0',
            requested_attributes: { id: { name: 'student_id', restrictions: [{ cred_def_id: credDefId, 'attr::student_id::value': studentId }] } },
            requested_predicates: {},
            non_revoked: { from: 0, to: Math.floor(Date.now() / 1000) },
          },
        },
        auto_verify: true,
      });
      await a.sandbox.peers.idle();
      return store.presentations.get(sent.json.pres_ex_id)!;
    };
    expect(holder).toBeTruthy();
    expect(await ask()).toMatchObject({ state: 'done', verified: 'true' });

    await a.call('PUT', `/revocation/registry/${encodeURIComponent(rev_reg_id!)}/fix-revocation-entry-state?apply_ledger_update=true`);
    expect(await ask()).toMatchObject({ state: 'done', verified: 'false' });
  });

  it('a peer we never issued a credential of ours to cannot show one: it reports the problem; another issuer’s it shows', async () => {
    const a = agent();
    const nobody = a.sandbox.store.addConnection('Gus Newcomer');
    expect(await a.ask(nobody.connection_id)).toMatchObject({
      state: 'abandoned',
      error_msg: 'abandoned: No credential satisfies the presentation request',
    });
    const theirs = a.sandbox.store.ledger.credDefs.find((d) => d.issuedBy !== 'self' && d.kind === 'indy')!;
    const sent = await a.call('POST', '/present-proof-2.0/send-request', {
      connection_id: nobody.connection_id,
      presentation_request: {
        indy: {
          name: 'Other issuer',
          version: '1.0',
          requested_attributes: { a: { name: theirs.schema.attributes[0], restrictions: [{ cred_def_id: theirs.cred_def_id }] } },
          requested_predicates: {},
        },
      },
      auto_verify: true,
    });
    await a.sandbox.peers.idle();
    expect(a.sandbox.store.presentations.get(sent.json.pres_ex_id)).toMatchObject({ state: 'done', verified: 'true' });
  });

  it('a peer whose credential from us fails a predicate cannot build the proof: it reports the problem', async () => {
    const a = agent();
    const erin = a.sandbox.store.addConnection('Erin Novak');
    await a.call('POST', '/issue-credential-2.0/send-offer', {
      connection_id: erin.connection_id,
      filter: { indy: { cred_def_id: a.studentId.cred_def_id } },
      credential_preview: a.preview({ ...a.valuesFor('Erin Novak'), birthdate_dateint: '20100101' }),
      auto_issue: true,
    });
    await a.sandbox.peers.idle();
    const record = await a.ask(erin.connection_id, { p_type: '<=', p_value: 20081231 });
    expect(record).toMatchObject({ state: 'abandoned', error_msg: 'abandoned: No credential satisfies predicate 0_birth_uuid' });
  });

  it('the sandbox’s mobile wallet shows at the counter the credential it was issued at the counter', async () => {
    const a = agent();
    const values = a.valuesFor('Farah Haddad');
    const offer = (
      await a.call('POST', '/issue-credential-2.0/create-offer', {
        filter: { indy: { cred_def_id: a.studentId.cred_def_id } },
        credential_preview: a.preview(values),
        auto_issue: true,
      })
    ).json;
    const offerInvitation = (await a.call('POST', '/out-of-band/create-invitation', { attachments: [{ id: offer.cred_ex_id, type: 'credential-offer' }] }))
      .json;
    await a.call('POST', '/sandbox/wallet/scan', { invitation_url: offerInvitation.invitation_url });
    await a.sandbox.peers.idle();
    expect(a.sandbox.store.credentials.get(offer.cred_ex_id)?.cred_ex_record.state).toBe('done');

    const request = (await a.call('POST', '/present-proof-2.0/create-request', { presentation_request: a.proofRequest(), auto_verify: true })).json;
    const requestInvitation = (await a.call('POST', '/out-of-band/create-invitation', { attachments: [{ id: request.pres_ex_id, type: 'present-proof' }] }))
      .json;
    await a.call('POST', '/sandbox/wallet/scan', { invitation_url: requestInvitation.invitation_url });
    await a.sandbox.peers.idle();
    const answered = a.sandbox.store.presentations.get(request.pres_ex_id)!;
    expect(answered).toMatchObject({ state: 'done', verified: 'true' });
    expect(JSON.stringify(answered.by_format.pres)).toContain('Farah Haddad');
  });
});

describe('PeerWallets', () => {
  const credential = (n: number) => ({ credDefId: 'cd', values: { n: String(n) }, revRegId: null, credRevId: null });

  it('keeps each holder’s newest 20 credentials, newest first', () => {
    const wallets = new PeerWallets();
    for (let n = 1; n <= 25; n++) wallets.stores('Erin', credential(n));
    expect(wallets.heldBy('Erin').map((c) => c.values.n)).toEqual(Array.from({ length: 20 }, (_, i) => String(25 - i)));
    expect(wallets.heldBy('Nobody')).toEqual([]);
  });

  it('remembers who asked for a connectionless credential once, and only the last 1,000 asks', () => {
    const wallets = new PeerWallets();
    for (let n = 0; n < 1_001; n++) wallets.asked(`ex-${n}`, `wallet ${n}`);
    expect(wallets.takeAsker('ex-0')).toBeUndefined();
    expect(wallets.takeAsker('ex-1000')).toBe('wallet 1000');
    expect(wallets.takeAsker('ex-1000')).toBeUndefined();
  });
});
