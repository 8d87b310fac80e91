import type { TAdminQueue, TAdminWorker } from '@tradebot/api-contract';
import type { Queue } from 'bullmq';

/** How many prioritized jobs are read to find the oldest (they are kept in priority order). */
const PRIORITIZED_SCAN = 200;

/** A Redis client as CLIENT LIST describes it (BullMQ parses the line into strings). */
interface WorkerClient {
  name?: string;
  rawname?: string;
  age?: string;
}

/** The wall instant a job became ready to run: added, plus its delay when it had one. */
const readySince = (job: { timestamp: number; delay?: number }) => job.timestamp + (job.delay ?? 0);

async function oldestWaiting(queue: Queue, now: number): Promise<number | null> {
  // The wait list is newest first; asc reads its oldest end. Prioritized jobs are in priority
  // order, so the oldest is looked for among the next ones to run.
  const [plain, prioritized] = await Promise.all([
    queue.getJobs(['waiting'], 0, 0, true),
    queue.getJobs(['prioritized'], 0, PRIORITIZED_SCAN - 1, true),
  ]);
  const since = [...plain, ...prioritized].map(readySince);
  return since.length === 0 ? null : Math.max(0, now - Math.min(...since));
}

/** Counts and the oldest waiting job of one queue, with the worker connections serving it. */
export async function queueHealth(
  queue: Queue,
  workers: readonly WorkerClient[] | null,
  now: number,
): Promise<TAdminQueue> {
  const [counts, oldest] = await Promise.all([
    queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'),
    oldestWaiting(queue, now),
  ]);
  return {
    name: queue.name,
    waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
    active: counts.active ?? 0,
    delayed: counts.delayed ?? 0,
    failed: counts.failed ?? 0,
    oldest_waiting_ms: oldest,
    workers: workers?.length ?? 0,
  };
}

/**
 * The worker connections of a queue (Redis CLIENT LIST, filtered by BullMQ on the client names
 * its workers set). A worker whose process died has no connection, so it drops out without a
 * heartbeat to expire. Null when the server refuses CLIENT LIST (BullMQ then returns one
 * placeholder without a raw name).
 */
export async function workerClients(queue: Queue): Promise<WorkerClient[] | null> {
  const clients = (await queue.getWorkers()) as WorkerClient[];
  return clients.every((client) => client.rawname !== undefined) ? clients : null;
}

/**
 * Worker processes from the queues' worker connections: each names itself host:pid (the
 * `name` of jobs' startWorker); a worker without a name is listed under its queue's prefix.
 */
export function workerProcesses(
  perQueue: readonly { queue: string; clients: readonly WorkerClient[] }[],
): TAdminWorker[] {
  const processes = new Map<string, { queues: Set<string>; connected: number }>();
  for (const { queue, clients } of perQueue) {
    for (const client of clients) {
      const raw = client.rawname ?? '';
      const marker = raw.indexOf(':w:');
      const name = marker >= 0 ? raw.slice(marker + 3) : 'unnamed worker';
      const entry = processes.get(name) ?? { queues: new Set<string>(), connected: 0 };
      entry.queues.add(queue);
      entry.connected = Math.max(entry.connected, Number(client.age ?? 0));
      processes.set(name, entry);
    }
  }
  return [...processes]
    .map(([name, entry]) => ({
      name,
      queues: [...entry.queues].sort(),
      connected_s: entry.connected,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
