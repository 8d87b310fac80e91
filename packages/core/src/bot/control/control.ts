import { AppError, botTick, server, type TBotActionOutput } from '@tradebot/api-contract';
import {
  appendBotLogs,
  findBotState,
  runningSleepInterval,
  findEncryptedCredential,
  finalListSymbols,
  markBotStarted,
  markBotStopped,
  recordFinalListVersion,
} from '@tradebot/db';
import { botQueue, botSchedulerId, botTickNowJobId, enqueue } from '@tradebot/jobs';
import { subscriptionView } from '../../billing/subscription.view.js';
import type { ActiveMarketService } from '../../active-market/active-market.js';
import { demoBrokerFor } from '../../demo-market/demo-broker.js';
import type { SessionInfo } from '../../types.js';
import { selectedAccount, type BotAccount, type BotDeps } from '../account.js';
import { publishBotStatus, readBotStatus } from '../reads/status.js';
import { withBotControl } from './control-lock.js';
import { upsertBotScheduler } from './scheduler.js';

/** What Start needs of the user's general trading settings. */
export type SleepIntervalOf = (userId: number) => Promise<number>;

/**
 * Start, Stop and Restart. bot_states.running is the truth; the BullMQ Job
 * Scheduler `bot:{userId}` follows it (Start upserts it, Stop removes it, and the worker heals
 * it from PostgreSQL every 15 s, so a failure between the two is repaired within one tick).
 */
export function botControl(deps: BotDeps, market: ActiveMarketService, sleepOf: SleepIntervalOf) {
  const { db } = deps;

  /**
   * Market time of `account`: the demo clock, or for Alpaca the wall clock (Alpaca's market time
   * is real time; reading its clock here would spend a call on the user's keys for a job id).
   */
  const marketNow = (account: BotAccount) =>
    account.market === 'demo' ? deps.market.demo.clock.now() : deps.now().getTime();

  /** The refusals, checked before anything changes. */
  async function checkStart(session: SessionInfo): Promise<BotAccount> {
    const { userId } = session;
    if ((await finalListSymbols(db, userId)).size === 0)
      throw new AppError('BAD_REQUEST', server.botNeedsStocks);
    const account = selectedAccount(market, session);
    if (account.mode === 'live') {
      const plan = subscriptionView(session.account.subscription, deps.now());
      if (!plan.live_allowed) throw new AppError('FORBIDDEN', server.botLiveNeedsPaidPlan);
    }
    if (account.mode !== 'demo' && !(await findEncryptedCredential(db, userId, account.mode)))
      throw new AppError('BAD_REQUEST', server.botNeedsKeys(account.mode));
    return account;
  }

  async function schedule(userId: number, sleepInterval: number, at: number): Promise<void> {
    await upsertBotScheduler(deps.botQueue, userId, sleepInterval);
    // One tick now, so the dashboard shows the account at once (one per user and second).
    await enqueue(
      deps.botQueue,
      botQueue,
      { userId },
      { jobId: botTickNowJobId(userId, Math.floor(at / 1000)) },
    );
  }

  /** Starts after `checkStart`; an already running bot keeps its state (scheduler re-upserted). */
  async function begin(session: SessionInfo, account: BotAccount) {
    const { userId } = session;
    const at = marketNow(account);
    const sleepInterval = await sleepOf(userId);
    // The demo account's equity now is the base of its max drawdown (no network involved).
    const equity =
      account.market === 'demo'
        ? (await (await demoBrokerFor(deps, userId)).getAccount()).equity
        : null;
    const runningEvery = await db.$transaction(async (tx) => {
      const every = await runningSleepInterval(tx, userId);
      if (every !== null) return every;
      await markBotStarted(tx, userId, { ...account, sleepInterval, at: new Date(at), equity });
      // The list it starts on (the live twin's first version, when none was stored before).
      await recordFinalListVersion(tx, userId, new Date(at));
      return null;
    });
    await schedule(userId, runningEvery ?? sleepInterval, at);
    return runningEvery !== null;
  }

  /** Needs only the user: an admin's Delete stops a bot without the owner's session. */
  async function stopNow({ userId }: Pick<SessionInfo, 'userId'>): Promise<boolean> {
    const state = await findBotState(db, userId);
    // The stop is stamped with the clock of the market the bot ran on; no bot, nothing to stamp.
    const account = state && {
      market: state.market as BotAccount['market'],
      mode: state.mode as BotAccount['mode'],
    };
    const wasRunning =
      account !== null && (await markBotStopped(db, userId, new Date(marketNow(account))));
    await deps.botQueue.removeJobScheduler(botSchedulerId(userId));
    return wasRunning;
  }

  async function answer(userId: number, message: string): Promise<TBotActionOutput> {
    const status = await readBotStatus(db, userId);
    await publishBotStatus(deps.events, userId, status);
    return { message, status };
  }

  return {
    /** POST /api/start */
    start: async (session: SessionInfo): Promise<TBotActionOutput> => {
      const { account, already } = await withBotControl(db, session.userId, async () => {
        const state = await findBotState(db, session.userId);
        // A running bot is not re-checked (its list or plan may have changed since): idempotent.
        const account = state?.running
          ? { market: state.market as BotAccount['market'], mode: state.mode as BotAccount['mode'] }
          : await checkStart(session);
        return { account, already: await begin(session, account) };
      });
      return answer(
        session.userId,
        already ? server.botAlreadyRunning : server.botStarted(account.mode),
      );
    },

    /** POST /api/stop: open positions and their protective orders stay at the broker. */
    stop: async (session: SessionInfo): Promise<TBotActionOutput> => {
      const wasRunning = await withBotControl(db, session.userId, () => stopNow(session));
      return answer(session.userId, wasRunning ? server.botStopped : server.botAlreadyStopped);
    },

    /** POST /api/restart: re-reads the settings and clears a halt; refused as Start is. */
    restart: async (session: SessionInfo): Promise<TBotActionOutput> => {
      await withBotControl(db, session.userId, async () => {
        const account = await checkStart(session);
        const before = await findBotState(db, session.userId);
        await stopNow(session);
        await begin(session, account);
        if (before?.halted)
          await appendBotLogs(db, session.userId, [
            { at: new Date(marketNow(account)), level: 'info', message: botTick.resumed },
          ]);
      });
      return answer(session.userId, server.botRestarted);
    },

    /** Stops the bot (the kill switch, which holds the bot-control lock); whether it was running. */
    stopNow,
  };
}
