import {
  AppError,
  server,
  type TDeleteAccountInput,
  type TDeleteAccountOutput,
} from '@tradebot/api-contract';
import {
  consumeTotpStep,
  eraseUserAccount,
  type EraseOutcome,
  findPasswordHash,
  findTotpSecret,
  isLastAdmin,
} from '@tradebot/db';
import { waitForBotControl } from '../bot/control/control-lock.js';
import { waitForBotLock } from '../bot/engine/lock.js';
import type { ServiceDeps } from '../deps.js';
import { aad } from '../security/cipher.js';
import { verifyPassword } from '../security/password-hash.js';
import { matchTotpStep } from '../security/totp.js';
import type { SessionInfo } from '../types.js';
import {
  alpacaBrokersOf,
  cancelWaitingBotOrders,
  type DeletionBrokers,
} from './cancel-bot-orders.js';

/** Stops the user's bot (bot_states and its Job Scheduler); the caller holds the bot's locks. */
export type StopBot = (user: Pick<SessionInfo, 'userId'>) => Promise<boolean>;

/** What `eraseAccount` did: the erasure's outcome and the bot's orders at the broker. */
export interface ErasedAccount {
  outcome: EraseOutcome;
  /** Whether the user had Alpaca keys (their positions there stay open). */
  atAlpaca: boolean;
  canceled: number;
  failed: number;
}
export type EraseAccount = (userId: number) => Promise<ErasedAccount>;

/**
 * "Delete account" in account settings (POST /api/account/delete). Nothing changes until the
 * typed username, the password and, with 2FA on, a fresh code are right. Then, under the user's
 * bot-control and tick locks (no Start, Quick Sell or tick meanwhile): the bot is stopped, its
 * waiting orders at the broker are cancelled (best effort; positions are never sold), and every
 * row of the user is erased in one transaction, sessions included. Open sockets are then sent an
 * event: the hub finds their session gone and closes them, on every API instance.
 */
export function accountDeletionService(
  deps: ServiceDeps,
  stopBot: StopBot,
  brokersOf: DeletionBrokers = alpacaBrokersOf(deps),
) {
  const { db, cipher, limiter, now } = deps;

  /** The checks, cheapest first; password guesses count as change-password's and logins' do. */
  async function checkCredentials(session: SessionInfo, input: TDeleteAccountInput) {
    const { userId, username } = session;
    if (input.confirm_username.toLowerCase() !== username.toLowerCase())
      throw new AppError('BAD_REQUEST', server.deleteAccountUsernameMismatch);
    const encryptedSecret = await findTotpSecret(db, userId);
    if (encryptedSecret && !input.totp_code)
      throw new AppError('BAD_REQUEST', server.deleteAccountCodeRequired);
    await limiter.consume('passwordCheckAccount', String(userId));
    const passwordHash = await findPasswordHash(db, userId);
    if (!passwordHash || !(await verifyPassword(passwordHash, input.password))) {
      await limiter.record('loginFailures', username);
      throw new AppError('BAD_REQUEST', server.deleteAccountWrongPassword);
    }
    if (encryptedSecret && input.totp_code) {
      await limiter.consume('twoFaAccount', String(userId));
      const secret = cipher.decrypt(encryptedSecret, aad.totp(username));
      const step = matchTotpStep(secret, input.totp_code, now().getTime());
      // Each time step is accepted once, as at login: a replayed code fails like a wrong one.
      if (step === null || !(await consumeTotpStep(db, userId, BigInt(step))))
        throw new AppError('BAD_REQUEST', server.deleteAccountWrongCode);
      await limiter.reset('twoFaAccount', String(userId));
    }
    await limiter.reset('passwordCheckAccount', String(userId));
  }

  /** Runs `work` holding the user's bot-control lock and tick lock (waited for, not refused). */
  async function withBotLocks<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const releaseControl = await waitForBotControl(db, userId);
    if (releaseControl === null) throw new AppError('CONFLICT', server.botActionInProgress);
    try {
      const releaseTick = await waitForBotLock(db, userId);
      if (releaseTick === null) throw new AppError('CONFLICT', server.botBusy);
      try {
        return await work();
      } finally {
        await releaseTick();
      }
    } finally {
      await releaseControl();
    }
  }

  async function deleteAccount(
    session: SessionInfo,
    input: TDeleteAccountInput,
  ): Promise<TDeleteAccountOutput> {
    const { userId } = session;
    if (await isLastAdmin(db, userId))
      throw new AppError('CONFLICT', server.deleteAccountLastAdmin);
    await checkCredentials(session, input);
    const erased = await eraseAccount(userId);
    // Another admin deleted themself in between: this one stays, its bot stopped.
    if (erased.outcome === 'last_admin')
      throw new AppError('CONFLICT', server.deleteAccountLastAdmin);
    console.info(`[account] user ${userId} deleted their account`);
    return {
      message: server.accountDeleted(erased.atAlpaca, erased.failed),
      canceled_orders: erased.canceled,
      failed_cancels: erased.failed,
    };
  }

  /**
   * The erasure behind both the user's own deletion and the admin's Delete. Under the user's bot
   * locks: the bot is stopped, its waiting orders at the broker are cancelled (positions and their
   * protective orders stay) and every row of the user is erased; open sockets are then closed.
   */
  async function eraseAccount(userId: number): Promise<ErasedAccount> {
    const erased = await withBotLocks(userId, async () => {
      await stopBot({ userId });
      const brokers = await brokersOf(userId);
      const orders = await cancelWaitingBotOrders(userId, brokers);
      const outcome = await eraseUserAccount(db, userId);
      return { outcome, atAlpaca: brokers.length > 0, ...orders };
    });
    if (erased.outcome === 'erased') await closeSockets(userId);
    return erased;
  }

  /** The hub re-checks a socket's session before each event, finds none and closes it (1008). */
  async function closeSockets(userId: number) {
    try {
      await deps.events.publish(userId, { type: 'update', data: { status: 'stopped' } });
    } catch (error) {
      // Each socket still ends at its next heartbeat (30 s), when the same check fails.
      console.warn(`[account] user ${userId}: sockets not told: ${String(error)}`);
    }
  }

  return { deleteAccount, eraseAccount };
}
