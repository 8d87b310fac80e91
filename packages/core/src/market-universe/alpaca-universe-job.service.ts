import {
  AppError,
  server,
  ZAlpacaUniverseReport,
  type TAlpacaUniverseJob,
  type TAlpacaUniverseStatus,
} from '@tradebot/api-contract';
import {
  activeAlpacaLoad,
  alpacaLoadCounts,
  claimAlpacaLoad,
  findAlpacaLoad,
  lastAlpacaKeyUser,
  lastCompletedAlpacaLoad,
  latestAlpacaLoad,
  updateAlpacaLoad,
} from '@tradebot/db';
import { alpacaUniverseJobId, alpacaUniverseQueue, enqueue, type JobAttempt } from '@tradebot/jobs';
import type { ServiceDeps } from '../deps.js';
import { loadAlpacaKeys, type AlpacaKeys } from '../active-market/alpaca-keys.js';
import { lastCompletedSession, loadAlpacaUniverse } from './alpaca-universe-load.js';

/** The websocket task name of a load's progress events. */
export const ALPACA_UNIVERSE_TASK = 'alpaca-universe';

/** BullMQ states in which a job will never run (again). */
const OVER = new Set(['completed', 'failed', 'unknown']);
const NO_ADAPTER = 'The Alpaca market-data adapter is not configured on this server.';

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

type Deps = Pick<ServiceDeps, 'db' | 'cipher' | 'events' | 'universe' | 'now'>;
/** The key a load uses, its Alpaca environment, and whose it is (null: the deployment's). */
type KeyChoice = { keys: AlpacaKeys; mode: 'paper' | 'live'; userId: number | null };

/**
 * The Alpaca universe's loads (`alpaca_universe_loads`, queue `alpaca-universe`): who asks (the
 * scheduler after each close, an admin, an Alpaca user meeting an empty or stale universe),
 * which key is used (the deployment's data key, else an Alpaca user's saved keys, decrypted
 * only for the load and never logged), and the worker's run with progress in PostgreSQL and
 * to the requester's websocket.
 */
export function alpacaUniverseJobService(deps: Deps) {
  const { db, universe } = deps;

  /** The key a load uses: the data key, else saved keys of the asking or the last key user. */
  async function keysFor(keyUserId: number | null): Promise<KeyChoice | null> {
    const dataKey = universe.alpacaDataKey;
    if (dataKey)
      return {
        keys: { keyId: dataKey.keyId, secret: dataKey.secret },
        mode: dataKey.mode,
        userId: null,
      };
    const candidates = [keyUserId, await lastAlpacaKeyUser(db)];
    for (const userId of candidates) {
      if (userId === null) continue;
      for (const mode of ['paper', 'live'] as const) {
        const keys = await loadAlpacaKeys(db, deps.cipher, userId, mode);
        if (keys) return { keys, mode, userId };
      }
    }
    return null;
  }

  /** A row left queued or running by a job that will never run (its worker was lost). */
  async function clearStale() {
    const active = await activeAlpacaLoad(db);
    if (!active) return;
    const state = await universe.alpacaQueue.getJobState(
      alpacaUniverseJobId(isoDate(active.session)),
    );
    if (!OVER.has(state)) return;
    await updateAlpacaLoad(db, active.id, {
      status: 'failed',
      error: 'The load stopped before it finished (its worker was stopped). Start it again.',
      finishedAt: deps.now(),
    });
  }

  /**
   * Queues a load up to the last completed session unless the universe is already there or a
   * load is queued or running. `keyUserId`: whose saved keys may be used.
   */
  async function request(who: { requestedBy: number | null; keyUserId: number | null }) {
    const session = lastCompletedSession(deps.now());
    const done = await lastCompletedAlpacaLoad(db);
    if (done && isoDate(done.session) >= session)
      return { message: server.alpacaUniverseUpToDate(isoDate(done.session)), job_id: null };
    const key = await keysFor(who.keyUserId);
    if (!key) throw new AppError('BAD_REQUEST', server.alpacaUniverseNoKeys);
    await clearStale();
    const claim = await claimAlpacaLoad(db, {
      session,
      requestedBy: who.requestedBy,
      keyUserId: key.userId,
    });
    if (!claim.created) {
      const active = await activeAlpacaLoad(db);
      const jobId = alpacaUniverseJobId(active ? isoDate(active.session) : session);
      return { message: server.alpacaUniverseAlreadyRunning, job_id: jobId };
    }
    const jobId = alpacaUniverseJobId(session);
    // An earlier job of the same session that ended (failed, or completed before a new load
    // was asked for) would make BullMQ ignore the add: it goes first.
    const old = await universe.alpacaQueue.getJob(jobId);
    if (old && OVER.has(await old.getState())) await old.remove();
    const payload = { loadId: claim.id, requestedBy: who.requestedBy, keyUserId: key.userId };
    await enqueue(universe.alpacaQueue, alpacaUniverseQueue, payload, { jobId });
    return { message: server.alpacaUniverseQueued, job_id: jobId };
  }

  /** GET /api/admin/alpaca-universe */
  async function status(): Promise<TAlpacaUniverseStatus> {
    const [row, lastDone, keyUser] = await Promise.all([
      latestAlpacaLoad(db),
      lastCompletedAlpacaLoad(db),
      lastAlpacaKeyUser(db),
    ]);
    // The two reads run side by side: a load that completed between them is the last one done.
    const done = row?.status === 'completed' ? row : lastDone;
    const counts = await alpacaLoadCounts(db, done ? isoDate(done.session) : '9999-12-31');
    const report = ZAlpacaUniverseReport.safeParse(row?.report);
    return {
      key_source: universe.alpacaDataKey ? 'data_key' : keyUser !== null ? 'user_keys' : 'none',
      listings: counts.total,
      complete_through: done ? isoDate(done.session) : null,
      last: row && {
        job_id: alpacaUniverseJobId(isoDate(row.session)),
        session: isoDate(row.session),
        status: row.status as 'queued' | 'running' | 'completed' | 'failed',
        symbols_done: row.symbolsDone,
        symbols_total: row.symbolsTotal,
        message: row.message,
        created_at: row.createdAt.toISOString(),
        finished_at: row.finishedAt?.toISOString() ?? null,
        report: report.success ? report.data : null,
        error: row.error,
      },
    };
  }

  /**
   * What an Alpaca user's explorer or screener says about the universe. When it is behind the
   * last completed session a load is asked for (with the user's keys if the deployment has
   * none). The answer is null once a load has completed (a top-up runs in the background), the
   * first load's progress while it runs, and why nothing is there when no key is.
   */
  async function notice(userId: number): Promise<string | null> {
    const session = lastCompletedSession(deps.now());
    const done = await lastCompletedAlpacaLoad(db);
    if (done && isoDate(done.session) >= session) return null;
    let refused: string | null = null;
    try {
      await request({ requestedBy: userId, keyUserId: userId });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused = error.message;
    }
    if (done) return null;
    const active = await activeAlpacaLoad(db);
    if (active) return server.alpacaUniverseLoading(active.symbolsDone, active.symbolsTotal);
    const { total } = await alpacaLoadCounts(db, session);
    return total > 0 ? null : (refused ?? server.alpacaUniverseFailed);
  }

  return { request, status, notice, run: alpacaUniverseRunner(deps, keysFor, request) };
}

/** The worker's side: one load, its row kept up to date. */
function alpacaUniverseRunner(
  deps: Deps,
  keysFor: (keyUserId: number | null) => Promise<KeyChoice | null>,
  request: (who: { requestedBy: number | null; keyUserId: number | null }) => Promise<unknown>,
) {
  const { db, universe } = deps;
  return async function run(
    job: TAlpacaUniverseJob,
    attempt: JobAttempt = { final: true },
  ): Promise<{ loadId: number | null; status: 'completed' | 'failed' | 'skipped' }> {
    if (job.loadId === null) {
      // The scheduler's tick queues the load under its deterministic id (alpaca-universe-{session})
      // like any other request, so every load's job can be found by its row.
      try {
        await request({ requestedBy: null, keyUserId: null });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
      return { loadId: null, status: 'skipped' };
    }
    const loadId = job.loadId;
    const row = await findAlpacaLoad(db, loadId);
    if (!row || row.status === 'completed' || row.status === 'failed')
      return { loadId, status: 'skipped' };
    const id = loadId;
    const session = isoDate(row.session);
    const publish = (completed: number, total: number, message: string) =>
      row.requestedBy === null
        ? Promise.resolve()
        : deps.events.publish(row.requestedBy, {
            type: 'progress',
            task: ALPACA_UNIVERSE_TASK,
            completed,
            total,
            message,
          });
    try {
      const key = await keysFor(row.keyUserId);
      if (!key) throw new AppError('BAD_REQUEST', server.alpacaUniverseNoKeys);
      if (!universe.alpacaData) throw new AppError('BAD_REQUEST', NO_ADAPTER);
      await updateAlpacaLoad(db, id, { status: 'running', error: null, keyUserId: key.userId });
      const report = await loadAlpacaUniverse(
        db,
        await universe.alpacaData(key.keys, key.mode),
        session,
        deps.now(),
        {
          onProgress: async ({ done, total }) => {
            await updateAlpacaLoad(db, id, { symbolsDone: done, symbolsTotal: total });
            await publish(done, total, `${done} of ${total} listings`);
          },
        },
      );
      const message = `Loaded ${report.symbolsTotal} listings through ${session}: ${report.bars.inserted} new daily bars, ${report.delisted} delisted.`;
      await updateAlpacaLoad(db, id, {
        status: 'completed',
        symbolsDone: report.symbolsTotal,
        symbolsTotal: report.symbolsTotal,
        message,
        report,
        finishedAt: deps.now(),
      });
      await publish(report.symbolsTotal, report.symbolsTotal, message);
      return { loadId: id, status: 'completed' };
    } catch (error) {
      const known = error instanceof AppError;
      // The adapter's errors never hold the keys; the message is what the admin reads.
      if (!known) console.error('[alpaca-universe] load failed:', (error as Error).message);
      const text = known ? error.message : 'The load failed on the server; see the worker log.';
      if (!known && !attempt.final) {
        await updateAlpacaLoad(db, id, { error: `${text} Retrying.` });
        throw error;
      }
      await updateAlpacaLoad(db, id, { status: 'failed', error: text, finishedAt: deps.now() });
      await publish(0, 0, 'Load failed');
      return { loadId: id, status: 'failed' };
    }
  };
}

export type AlpacaUniverseJobService = ReturnType<typeof alpacaUniverseJobService>;
