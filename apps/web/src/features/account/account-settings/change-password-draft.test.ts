import { ui } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import {
  emptyPasswordChange,
  passwordChangeProblem,
  toChangePasswordInput,
} from './change-password-draft';

describe('passwordChangeProblem', () => {
  it('stops a confirmation that differs from the new password', () => {
    const draft = { current: 'old passphrase', next: 'new passphrase', confirm: 'new passphrasE' };
    expect(passwordChangeProblem(draft)).toBe(ui.passwordsDoNotMatch);
  });

  it('lets matching passwords through, leaving strength to the server', () => {
    expect(
      passwordChangeProblem({ current: 'old passphrase', next: 'short', confirm: 'short' }),
    ).toBeNull();
    expect(passwordChangeProblem(emptyPasswordChange())).toBeNull();
  });
});

describe('toChangePasswordInput', () => {
  it('sends the current and the new password, never the confirmation', () => {
    const input = toChangePasswordInput({
      current: 'old passphrase',
      next: 'new passphrase',
      confirm: 'typed twice',
    });
    expect(input).toEqual({ current_password: 'old passphrase', new_password: 'new passphrase' });
  });
});
