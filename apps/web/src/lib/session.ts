import { ui } from '@tradebot/api-contract';
import { readStorage, writeStorage } from './browser-storage';

/**
 * Session storage: the bearer token lives in localStorage under `authToken`; a 2FA
 * flow adds a temporary token, a pending-setup flag and the username it belongs to. Components
 * subscribe through `subscribe` (useSyncExternalStore) so a token change re-renders them.
 */
export const STORAGE_KEYS = {
  authToken: 'authToken',
  tempToken: 'tempToken',
  pending2faSetup: 'pending2faSetup',
  tempUsername: 'tempUsername',
  from2faSetup: 'from2faSetup',
} as const;

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
const listeners = new Set<() => void>();
/**
 * Why the session was ended (the server rejected it, or a page needs another account), so
 * every redirect to /login says the same, whichever of them runs first.
 */
let exitNotice: string | null = null;

const read = (key: Key): string | null => readStorage('local', key);
/** Without storage (private mode, quota) the session lasts for this page only. */
const write = (key: Key, value: string | null): void => writeStorage('local', key, value);

function changed(): void {
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as Key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const getToken = (): string | null => read(STORAGE_KEYS.authToken);
export const getTempToken = (): string | null => read(STORAGE_KEYS.tempToken);
export const getTempUsername = (): string | null => read(STORAGE_KEYS.tempUsername);
export const isPending2faSetup = (): boolean => read(STORAGE_KEYS.pending2faSetup) === 'true';
export const isFrom2faSetup = (): boolean => read(STORAGE_KEYS.from2faSetup) === 'true';

export function setToken(token: string | null): void {
  if (token) exitNotice = null;
  write(STORAGE_KEYS.authToken, token);
  changed();
}

/** A 2FA challenge: the login answer's token is only good for `auth.verify2fa`. */
export function startChallenge(challengeToken: string): void {
  write(STORAGE_KEYS.tempToken, challengeToken);
  changed();
}

/** Forced 2FA setup: a full session plus a setup token for /enable-2fa. */
export function startPendingSetup(fullToken: string, setupToken: string, username: string): void {
  write(STORAGE_KEYS.authToken, fullToken);
  write(STORAGE_KEYS.tempToken, setupToken);
  write(STORAGE_KEYS.tempUsername, username);
  write(STORAGE_KEYS.pending2faSetup, 'true');
  changed();
}

export function clearTemporary(): void {
  write(STORAGE_KEYS.tempToken, null);
  write(STORAGE_KEYS.tempUsername, null);
  write(STORAGE_KEYS.pending2faSetup, null);
  changed();
}

export function setFrom2faSetup(value: boolean): void {
  write(STORAGE_KEYS.from2faSetup, value ? 'true' : null);
}

/** Logout: nothing of the session survives; `notice` is what /login should say about it. */
export function clearAll(notice: string | null = null): void {
  exitNotice = notice;
  write(STORAGE_KEYS.authToken, null);
  clearTemporary();
}

/** The server no longer accepts the token: drop it and remember why. */
export function expire(): void {
  clearAll(ui.sessionExpired);
}

export const getExitNotice = (): string | null => exitNotice;
