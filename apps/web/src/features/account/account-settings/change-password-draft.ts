import { ui } from '@tradebot/api-contract';

export interface PasswordChangeDraft {
  current: string;
  next: string;
  confirm: string;
}

export const emptyPasswordChange = (): PasswordChangeDraft => ({
  current: '',
  next: '',
  confirm: '',
});

/**
 * What the browser can tell before asking the server: only that the two new passwords differ.
 * Strength rules and the current password are the server's to judge, so they read the same on
 * every client.
 */
export function passwordChangeProblem(draft: PasswordChangeDraft): string | null {
  return draft.next === draft.confirm ? null : ui.passwordsDoNotMatch;
}

export const toChangePasswordInput = (draft: PasswordChangeDraft) => ({
  current_password: draft.current,
  new_password: draft.next,
});
