import { server, ui } from '@tradebot/api-contract';
import { errorCode } from '../../../lib/trpc';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/**
 * Login texts. Rate limiting and input errors keep the server's sentence, which says
 * what to do (wait N seconds, fix a field); "Server error" would hide that.
 */
export function loginError(error: unknown): string {
  const code = errorCode(error);
  if (code === 'UNAUTHORIZED') return ui.loginUnauthorized;
  if (code === 'TOO_MANY_REQUESTS' || code === 'BAD_REQUEST') return messageOf(error);
  return ui.loginFailed;
}

/** 2FA texts; an expired challenge token is reported as such, not as a wrong code. */
export function verify2faError(error: unknown): { message: string; restart: boolean } {
  const code = errorCode(error);
  if (code === 'UNAUTHORIZED') {
    const expired = messageOf(error) === server.sessionExpired;
    return { message: expired ? ui.sessionExpired : ui.invalid2fa, restart: expired };
  }
  if (code === 'TOO_MANY_REQUESTS' || code === 'BAD_REQUEST')
    return { message: messageOf(error), restart: false };
  return { message: ui.verify2faFailed, restart: false };
}
