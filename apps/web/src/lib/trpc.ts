import type { AppRouter } from '@tradebot/trpc';
import {
  createTRPCClient,
  httpBatchLink,
  httpLink,
  splitLink,
  TRPCClientError,
} from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { getTempToken, getToken } from './session';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** HTTP time-out 60 s unless stated. */
const HTTP_TIMEOUT_MS = 60_000;
const url = '/trpc';

/** Called with the temporary token of a 2FA flow, not the session token. */
const TEMPORARY_TOKEN_PATHS = new Set(['auth.verify2fa', 'auth.enable2fa']);
/** These carry no bearer token at all. */
const PUBLIC_PATHS = new Set([
  'auth.login',
  'auth.signup',
  'auth.forgotPassword',
  'auth.resetPassword',
  'auth.verifyEmail',
  'clientError.report',
]);

const bearer = (token: string | null): Record<string, string> =>
  token ? { Authorization: `Bearer ${token}` } : {};

function timedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  return fetch(input, { ...init, signal });
}

export function createClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => TEMPORARY_TOKEN_PATHS.has(op.path),
        true: httpLink({ url, fetch: timedFetch, headers: () => bearer(getTempToken()) }),
        false: splitLink({
          condition: (op) => PUBLIC_PATHS.has(op.path),
          true: httpLink({ url, fetch: timedFetch }),
          // Split below the API's 2,048-character path segment (apps/api/src/app.ts).
          false: httpBatchLink({
            url,
            fetch: timedFetch,
            maxURLLength: 2000,
            headers: () => bearer(getToken()),
          }),
        }),
      }),
    ],
  });
}

export type ApiClient = ReturnType<typeof createClient>;

/** The tRPC error code of a failed call ('UNAUTHORIZED', 'FORBIDDEN', ...), if the server answered. */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string')
    return data.code;
  return undefined;
}

/**
 * "server detail, else {fallback}": a network failure or time-out has no detail, and
 * an internal server error's text is for the logs, not the user.
 */
export function serverDetail(error: unknown, fallback: string): string {
  const code = errorCode(error);
  if (code === undefined || code === 'INTERNAL_SERVER_ERROR') return fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}
