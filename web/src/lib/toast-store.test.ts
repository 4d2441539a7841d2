import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dismissFor, toast, useToasts } from './toast-store';

const issue = { href: '/credentials/a', label: 'Issue credential' };
const store = () => renderHook(() => useToasts()).result;

describe('the toasts', () => {
  it('keep only the newest advice about one record', () => {
    const toasts = store();
    act(() => {
      toast.info('Offer received —', { href: '/credentials/a', label: 'Request credential' });
      toast.info('Request received —', issue);
      toast.info('Presentation received —', { href: '/presentations/b', label: 'Verify presentation' });
    });
    expect(toasts.current.map((t) => t.message)).toEqual(['Request received —', 'Presentation received —']);
  });

  it('go once their record moved on', () => {
    const toasts = store();
    act(() => {
      toast.info('Request received —', issue);
      toast.success('Saved');
    });
    act(() => dismissFor('/credentials/a'));
    expect(toasts.current.map((t) => t.message)).toEqual(['Saved']);
  });
});
