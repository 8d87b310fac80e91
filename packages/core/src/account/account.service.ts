import {
  AppError,
  maskSecret,
  server,
  ui,
  type TTradingEnvironment,
  type TUpdateAccountSettingsInput,
} from '@tradebot/api-contract';
import { findSubscription, listCredentialMasks, saveAccountSettings } from '@tradebot/db';
import { subscriptionView } from '../billing/subscription.view.js';
import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService } from '../active-market/active-market.js';
import { aad } from '../security/cipher.js';
import type { SessionInfo } from '../types.js';
import { testConnectionService } from './test-connection.js';

const ENVIRONMENTS = ['paper', 'live'] as const;
type Masks = Awaited<ReturnType<typeof listCredentialMasks>>;

/** What a save does to one key/secret pair: set both, keep the saved pair, or clear it. */
type PairChange =
  { kind: 'set'; key: string; secret: string } | { kind: 'keep' } | { kind: 'clear' };

function pairChange(env: TTradingEnvironment, input: TUpdateAccountSettingsInput): PairChange {
  const key = input[`alpaca_api_key_${env}`];
  const secret = input[`alpaca_api_secret_${env}`];
  if (key === null || secret === null) {
    if (typeof key === 'string' || typeof secret === 'string')
      throw new AppError('BAD_REQUEST', server.incompletePair(env));
    return { kind: 'clear' };
  }
  if (key === undefined && secret === undefined) return { kind: 'keep' };
  // Alpaca issues a key and its secret together, so a new value needs its other half.
  if (key === undefined || secret === undefined)
    throw new AppError('BAD_REQUEST', server.incompletePair(env));
  return { kind: 'set', key, secret };
}

function output(masks: Masks, environment: TTradingEnvironment) {
  return {
    paper_key_mask: masks.paper?.keyMask ?? null,
    paper_secret_mask: masks.paper?.secretMask ?? null,
    live_key_mask: masks.live?.keyMask ?? null,
    live_secret_mask: masks.live?.secretMask ?? null,
    alpaca_environment: environment,
  };
}

export function accountService(deps: ServiceDeps, market: Pick<ActiveMarketService, 'marketOf'>) {
  const { db, cipher, now } = deps;

  /** The mode comes with the session's read, so this is the request's second and last query. */
  async function getSettings(session: SessionInfo) {
    const masks = await listCredentialMasks(db, session.userId);
    return {
      ...output(masks, session.account.alpacaEnvironment),
      market: market.marketOf(session),
    };
  }

  async function updateSettings(userId: number, input: TUpdateAccountSettingsInput) {
    const saved = await listCredentialMasks(db, userId);
    const changes = { paper: pairChange('paper', input), live: pairChange('live', input) };
    const complete = (env: TTradingEnvironment) =>
      changes[env].kind === 'set' || (changes[env].kind === 'keep' && saved[env] !== undefined);
    if (!complete('paper') && !complete('live'))
      throw new AppError('BAD_REQUEST', server.apiKeysRequired);
    if (input.alpaca_environment === 'live' && !complete('live'))
      throw new AppError('BAD_REQUEST', server.liveKeysRequired);
    if (input.alpaca_environment === 'paper' && !complete('paper'))
      throw new AppError('BAD_REQUEST', server.paperKeysRequired);
    if (input.alpaca_environment === 'live') {
      const plan = subscriptionView(await findSubscription(db, userId), now());
      if (!plan.live_allowed) throw new AppError('PAYMENT_REQUIRED', server.livePlanRequired);
    }
    const upserts = ENVIRONMENTS.flatMap((env) => {
      const change = changes[env];
      if (change.kind !== 'set') return [];
      return [
        {
          environment: env,
          keyEnc: cipher.encrypt(change.key, aad.brokerKey(userId, env)),
          secretEnc: cipher.encrypt(change.secret, aad.brokerSecret(userId, env)),
          keyMask: maskSecret(change.key),
          secretMask: maskSecret(change.secret),
        },
      ];
    });
    const deletes = ENVIRONMENTS.filter((env) => changes[env].kind === 'clear');
    await saveAccountSettings(db, userId, {
      environment: input.alpaca_environment,
      upserts,
      deletes,
      markOnboarded: true,
    });
    const masks = await listCredentialMasks(db, userId);
    return {
      ...output(masks, input.alpaca_environment),
      // Saved keys switch the user to Alpaca, unless the whole deployment is on the demo market.
      market: deps.market.source === 'demo' ? ('demo' as const) : ('alpaca' as const),
      message: ui.settingsSaved,
      is_onboarded: true as const,
    };
  }

  return { getSettings, updateSettings, testConnection: testConnectionService(deps) };
}
