import { credentialStates } from '@credence/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { intlFor, setActiveIntl } from '../../i18n/active-intl';
import { englishCatalogue, loadCatalogue } from '../../i18n/catalogue';
import { credentialActions } from './actions';

const ids = (role: 'issuer' | 'holder', state: string) => credentialActions({ role, state }).map((a) => a.id);

describe('credentialActions', () => {
  it('puts the spec’s advised action first', () => {
    expect(credentialActions({ role: 'issuer', state: 'request-received' })[0]).toMatchObject({ id: 'issue', label: 'Issue credential', primary: true });
    expect(credentialActions({ role: 'holder', state: 'offer-received' }).map((a) => a.label)).toEqual([
      'Accept and request the credential',
      'Decline…',
      'Remove…',
    ]);
    expect(credentialActions({ role: 'holder', state: 'credential-received' })[0]).toMatchObject({ id: 'store', primary: true });
    // A proposal is answered from its review panel, where it can be edited first.
    expect(ids('issuer', 'proposal-received')).toEqual(['problem-report', 'remove']);
  });

  it('never offers a step the state does not allow', () => {
    expect(ids('issuer', 'offer-sent')).toEqual(['problem-report', 'remove']);
    expect(ids('holder', 'request-received')).toEqual(['problem-report', 'remove']);
    expect(ids('issuer', 'offer-received')).toEqual(['problem-report', 'remove']);
    expect(ids('issuer', 'done')).toEqual(['remove']);
    expect(ids('holder', 'abandoned')).toEqual(['remove']);
    for (const state of credentialStates) {
      for (const role of ['issuer', 'holder'] as const) {
        expect(credentialActions({ role, state }).filter((a) => a.primary).length).toBeLessThanOrEqual(1);
        expect(ids(role, state)).toContain('remove');
      }
    }
  });
});

describe('a credential’s actions in French', () => {
  afterEach(() => setActiveIntl('en', intlFor('en', englishCatalogue)));

  it('are worded for a French clerk, declining an offer included', async () => {
    setActiveIntl('fr-CA', intlFor('fr-CA', await loadCatalogue('fr-CA')));
    expect(credentialActions({ role: 'holder', state: 'offer-received' }).map((a) => a.label)).toEqual([
      'Accepter et demander l’attestation',
      'Refuser…',
      'Retirer…',
    ]);
    expect(credentialActions({ role: 'issuer', state: 'request-received' })[0]?.done).toBe('Attestation émise');
  });
});
