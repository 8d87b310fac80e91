import type { TConfigOutput, TTradingSettingsInput } from '@tradebot/api-contract';
import type { ServiceDeps } from '../deps.js';
import type { SessionInfo } from '../types.js';

/** General trading settings and the bot config. STUB. */
export function tradingSettingsService(deps: Pick<ServiceDeps, 'db'>) {
  void deps;
  return {
    /** GET /api/config */
    async get(session: SessionInfo): Promise<TConfigOutput> {
      void session;
      throw new Error('not implemented');
    },
    /** POST /api/update-config */
    async update(
      session: SessionInfo,
      input: TTradingSettingsInput,
    ): Promise<{ message: string; config: TConfigOutput }> {
      void session;
      void input;
      throw new Error('not implemented');
    },
  };
}
