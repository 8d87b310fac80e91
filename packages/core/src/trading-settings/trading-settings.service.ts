import {
  AppError,
  DEFAULT_BACKTEST_SETTINGS,
  DEFAULT_TRADING_SETTINGS,
  server,
  ui,
  ZBacktestSettings,
  ZTradingSettings,
  type TConfigOutput,
  type TTradingSettings,
  type TTradingSettingsInput,
} from '@tradebot/api-contract';
import {
  findBacktestSettings,
  findTradingSettings,
  finalListSymbols,
  listFinalTradingEntries,
  saveTradingSettings,
  setFinalListParameters,
  type Queryable,
} from '@tradebot/db';
import { publishConfigChanged } from '../events/config-changed.js';
import type { ServiceDeps } from '../deps.js';
import type { ActiveMarketService } from '../active-market/active-market.js';
import {
  entrySymbols,
  storedParameters,
  withListsChange,
} from '../stock-lists/stored-parameters.js';
import type { SessionInfo } from '../types.js';

type Field = keyof TTradingSettings;

/**
 * General trading settings from their stored document (null: none saved). A stored value that no
 * longer fits the schema (bounds changed) falls back to its default field by field.
 */
export function tradingSettingsOf(stored: unknown): TTradingSettings {
  const saved = stored as Record<string, unknown> | null;
  const settings: Record<string, unknown> = { ...DEFAULT_TRADING_SETTINGS };
  for (const field of Object.keys(settings) as Field[]) {
    const parsed = ZTradingSettings.shape[field].safeParse(saved?.[field]);
    if (parsed.success) settings[field] = parsed.data;
  }
  return settings as TTradingSettings;
}

/**
 * General trading settings and the bot config (the Trading Settings tab, GET /api/config, POST
 * /api/update-config). A stored value that no longer fits the schema (bounds changed) falls back
 * to its default field by field (tradingSettingsOf). per_stock_settings are the Final Trading
 * List's parameters.
 */
export function tradingSettingsService(
  deps: Pick<ServiceDeps, 'db' | 'events'>,
  market: ActiveMarketService,
) {
  const { db } = deps;

  const stored = async (q: Queryable, userId: number) =>
    tradingSettingsOf(await findTradingSettings(q, userId));

  async function config(session: SessionInfo): Promise<TConfigOutput> {
    const trading = await stored(db, session.userId);
    const rows = await listFinalTradingEntries(db, session.userId, market.universeFor(session));
    const per_stock_settings: TConfigOutput['trading']['per_stock_settings'] = {};
    for (const row of rows) per_stock_settings[row.symbol] = storedParameters(row.parameters);
    const backtest = (await findBacktestSettings(db, session.userId)) as Record<
      string,
      unknown
    > | null;
    const trailing = ZBacktestSettings.shape.trailing_stop_pct.safeParse(
      backtest?.trailing_stop_pct,
    );
    return {
      trading: { ...trading, per_stock_settings },
      backtesting: {
        trailing_stop_pct: trailing.success
          ? trailing.data
          : DEFAULT_BACKTEST_SETTINGS.trailing_stop_pct,
      },
    };
  }

  return {
    /** GET /api/config */
    get: config,

    /** The user's general trading settings alone (what a backtest and the bot read). */
    settings: (userId: number) => stored(db, userId),

    /**
     * POST /api/update-config: the fields sent replace the saved ones (null or '' means the
     * default), those left out keep their value; per_stock_settings update those
     * stocks on the Final Trading List. One transaction under the lists lock.
     */
    async update(session: SessionInfo, input: TTradingSettingsInput) {
      const { per_stock_settings, ...fields } = input;
      const given = Object.entries(per_stock_settings ?? {});
      const symbols = entrySymbols(given.map(([symbol]) => symbol));
      const perStock = given.map(([, parameters], i) => ({
        symbol: symbols[i] as string,
        parameters,
      }));
      await withListsChange(db, session, market, async (tx) => {
        if (perStock.length > 0) {
          const onList = await finalListSymbols(tx, session.userId);
          const unknown = perStock.map((e) => e.symbol).filter((symbol) => !onList.has(symbol));
          if (unknown.length > 0)
            throw new AppError('BAD_REQUEST', server.notOnFinalTradingList(unknown));
          await setFinalListParameters(tx, session.userId, perStock);
        }
        const settings: Record<string, unknown> = await stored(tx, session.userId);
        for (const [field, value] of Object.entries(fields) as [Field, unknown][]) {
          if (value === undefined) continue;
          settings[field] = value ?? DEFAULT_TRADING_SETTINGS[field];
        }
        await saveTradingSettings(tx, session.userId, settings);
      });
      await publishConfigChanged(deps.events, session.userId);
      return { message: ui.tradingSettingsSaved, config: await config(session) };
    },
  };
}
