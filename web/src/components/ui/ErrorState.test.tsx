import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { ErrorState } from './ErrorState';

describe('ErrorState', () => {
  it('shows the reference of a failed request, so support can find it', () => {
    const error = new ApiError({
      type: 'about:blank',
      title: 'Agent unreachable',
      status: 502,
      detail: 'The agent could not be reached',
      request_id: 'c0ffee00-1234',
    });
    render(<ErrorState error={error} />);
    expect(screen.getByRole('alert').textContent).toContain('The agent could not be reached');
    expect(screen.getByText('Reference: c0ffee00-1234')).toBeTruthy();
  });

  it('shows no reference when the answer had none', () => {
    render(<ErrorState error={new Error('Network down')} />);
    expect(screen.queryByText(/Reference:/)).toBeNull();
  });
});
