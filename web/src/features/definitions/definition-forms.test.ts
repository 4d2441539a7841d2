import { describe, expect, it } from 'vitest';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { credDefResolver, emptyCredDefForm, fullness, registryProgress, schemaResolver, setupPhase, toCredDefBody, toSchemaBody } from './definition-forms';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues> as never;
const errorsOf = async (result: unknown) => JSON.parse(JSON.stringify(await result)).errors as Record<string, any>;

describe('the schema form', () => {
  it('names each bad field, the attributes by row, on either interface', async () => {
    for (const walletType of ['askar', 'askar-anoncreds']) {
      const errors = await errorsOf(
        schemaResolver(walletType)(
          { name: 'Staff:card', version: 'one', attributes: [{ name: 'name' }, { name: 'Name' }, { name: '' }, { name: '1x' }] },
          undefined,
          options,
        ),
      );
      expect(Object.keys(errors).sort()).toEqual(['attributes', 'name', 'version']);
      expect(errors.attributes[1].name.message).toBe('“Name” is already an attribute');
      expect(errors.attributes[2].name.message).toMatch(/name/);
      expect(errors.attributes[3].name.message).toMatch(/Start with a letter/);
    }
    expect((await errorsOf(schemaResolver('askar')({ name: 'Staff card', version: '1.0', attributes: [] }, undefined, options))).attributes.root.message).toBe(
      'Add at least one attribute',
    );
  });

  it('builds the body of the wallet type’s interface, trimmed', () => {
    const values = { name: ' Staff card ', version: '1.0', attributes: [{ name: 'name ' }] };
    expect(toSchemaBody(values, 'askar')).toEqual({ schema_name: 'Staff card', schema_version: '1.0', attributes: ['name'] });
    expect(toSchemaBody(values, 'askar-anoncreds', 'did1')).toEqual({ schema: { name: 'Staff card', version: '1.0', attrNames: ['name'], issuerId: 'did1' } });
  });
});

describe('the credential definition form', () => {
  it('checks the registry size only when revocable, within the agent’s bounds', async () => {
    const form = { ...emptyCredDefForm('WgWxqztrNooG92RXvxSTWv:2:Staff card:1.0'), size: '3' };
    expect((await errorsOf(credDefResolver('askar')(form, undefined, options))).size.message).toBe('At least 4');
    expect((await errorsOf(credDefResolver('askar-anoncreds')({ ...form, size: '40000' }, undefined, options))).size.message).toBe('At most 32,768');
    expect(await errorsOf(credDefResolver('askar')({ ...form, revocable: false }, undefined, options))).toEqual({});
    expect(toCredDefBody({ ...form, size: '500' }, 'askar')).toEqual({
      schema_id: 'WgWxqztrNooG92RXvxSTWv:2:Staff card:1.0',
      tag: 'default',
      support_revocation: true,
      revocation_registry_size: 500,
      wait_for_revocation_setup: false,
    });
  });

  it('says where the registries are, ready once one can take credentials', () => {
    const reg = (state: string) => ({ id: state, state, size: 100, tailsUri: undefined, issued: undefined });
    expect(setupPhase(true, [reg('posted')], 'askar')).toBe('registering');
    expect(setupPhase(true, [reg('active'), reg('init')], 'askar')).toBe('ready');
    expect(setupPhase(true, [reg('finished')], 'askar-anoncreds')).toBe('ready');
    expect(setupPhase(false, [], 'askar')).toBe('not-revocable');
    expect(registryProgress([reg('generated')], 'askar')).toBe('Registering the revocation registry: 0 of 2 ready (latest tails file made)');
    expect(registryProgress([reg('decommissioned'), reg('decommissioned'), reg('init')], 'askar')).toBe(
      'Registering the revocation registry: 0 of 2 ready (latest being created)',
    );
  });

  it('says how full a registry is, warning from 90 %', () => {
    const reg = (issued: number | undefined, size: number | undefined) => ({ id: 'r', state: 'active', size, tailsUri: undefined, issued });
    expect(fullness(reg(12, 100))).toEqual({ ratio: 0.12, warn: false, text: '12 of 100 issued (12 %)' });
    expect(fullness(reg(899, 1000))?.warn).toBe(false);
    expect(fullness(reg(900, 1000))).toMatchObject({ warn: true, text: '900 of 1,000 issued (90 %)' });
    expect(fullness(reg(9, 1000))?.text).toBe('9 of 1,000 issued (under 1 %)');
    expect(fullness(reg(undefined, 100))).toBeUndefined();
    expect(fullness(reg(3, undefined))).toBeUndefined();
  });
});
