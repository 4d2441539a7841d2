import { describe, expect, it } from 'vitest';
import { filterConnections } from './connection-filter';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000000Z`;
const connection = (id: string, their_label: string, state: string, day: number, alias?: string) => ({
  connection_id: id,
  their_label,
  state,
  created_at: at(day),
  updated_at: at(day),
  ...(alias && { alias }),
});

describe('filterConnections', () => {
  const all = [
    connection('1', 'Alice Jones', 'active', 3, 'Alice (mobile)'),
    connection('2', 'Bob Smith', 'invitation', 5),
    connection('3', 'Faber College', 'completed', 1),
  ];

  it('finds by label or alias, any case, newest first', () => {
    expect(filterConnections(all, 'MOBILE', undefined).map((c) => c.connection_id)).toEqual(['1']);
    expect(filterConnections(all, 'college', undefined).map((c) => c.connection_id)).toEqual(['3']);
    expect(filterConnections(all, '', undefined).map((c) => c.connection_id)).toEqual(['2', '1', '3']);
  });

  it('counts completed as connected when filtering by active', () => {
    expect(filterConnections(all, '', 'active').map((c) => c.connection_id)).toEqual(['1', '3']);
    expect(filterConnections(all, '', 'invitation').map((c) => c.connection_id)).toEqual(['2']);
  });
});
