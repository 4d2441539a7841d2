import type { OwnCredDef } from '@credence/shared';
import { describe, expect, it } from 'vitest';
import { counterOfferBody, proposalStart } from './proposal-review';

const ours: OwnCredDef = {
  format: 'indy',
  credDefId: 'WgWxqztrNooG92RXvxSTWv:3:CL:20:default',
  tag: 'default',
  schemaId: 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2',
  schemaName: 'Student ID',
  schemaVersion: '1.2',
  attributes: ['name', 'student_id'],
  revocable: false,
};
const proposed = { credDefId: ours.credDefId, schemaId: ours.schemaId, attributes: [{ name: 'name', value: 'Bob Smith' }] };

describe('a proposal under review', () => {
  it('starts from the proposed definition with one row per schema attribute, proposed values kept', () => {
    expect(proposalStart(proposed, [ours])).toEqual({
      credDefId: ours.credDefId,
      attributes: [
        { name: 'name', value: 'Bob Smith' },
        { name: 'student_id', value: '' },
      ],
    });
    // Proposed on our schema without naming a definition: ours on that schema.
    expect(proposalStart({ ...proposed, credDefId: undefined }, [ours]).credDefId).toBe(ours.credDefId);
  });

  it('goes out as proposed when unchanged, as a counter-offer otherwise', () => {
    expect(counterOfferBody(proposed, { credDefId: ours.credDefId, attributes: [{ name: 'name', value: 'Bob Smith' }] }, ours)).toEqual({});
    expect(
      counterOfferBody(
        proposed,
        {
          credDefId: ours.credDefId,
          attributes: [
            { name: 'name', value: 'Bob Smith' },
            { name: 'student_id', value: 'S1' },
          ],
        },
        ours,
      ),
    ).toEqual({
      filter: { indy: { cred_def_id: ours.credDefId } },
      counter_preview: {
        '@type': 'issue-credential/2.0/credential-preview',
        attributes: [
          { name: 'name', value: 'Bob Smith' },
          { name: 'student_id', value: 'S1' },
        ],
      },
    });
  });
});
