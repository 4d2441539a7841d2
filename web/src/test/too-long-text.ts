import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { SentRequest } from './render-page';

/**
 * Pastes 2,001 characters into a form's free-text field (a comment, a reason) and submits: the field
 * says it is too long, keeps the text, and nothing is sent.
 */
export async function expectTooLongTextRefused(user: ReturnType<typeof userEvent.setup>, field: HTMLTextAreaElement, submit: string, requests: SentRequest[]) {
  await user.click(field);
  await user.paste('x'.repeat(2_001));
  await user.click(screen.getByRole('button', { name: submit }));
  expect(await screen.findByText('At most 2,000 characters')).toBeTruthy();
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(field.value).toHaveLength(2_001);
  expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
}
