import { BrokerError, type BrokerPort } from '@tradebot/market';
import { describe, expect, it } from 'vitest';
import { brokerErrors } from '../observability/metrics.js';
import { countedBroker } from './counted-broker.js';

const errorsOf = async (kind: string) =>
  (await brokerErrors.get()).values.find((v) => v.labels.kind === kind)?.value ?? 0;

describe('countedBroker', () => {
  it('counts each BrokerError by kind and passes calls, answers and errors through', async () => {
    const refusal = new BrokerError('insufficient_buying_power', 'not enough cash');
    const broker = {
      getPositions: async () => [],
      cancelOrder: async () => {
        throw refusal;
      },
      listOpenOrders: async () => {
        throw new TypeError('a bug, not the broker');
      },
    } as unknown as BrokerPort;
    const counted = countedBroker(broker);
    const before = await errorsOf('insufficient_buying_power');
    await expect(counted.getPositions()).resolves.toEqual([]);
    await expect(counted.cancelOrder('x')).rejects.toBe(refusal);
    await expect(counted.cancelOrder('y')).rejects.toBe(refusal);
    await expect(counted.listOpenOrders()).rejects.toThrow(TypeError);
    expect((await errorsOf('insufficient_buying_power')) - before).toBe(2);
    expect(counted.snapshot).toBeUndefined();
  });
});
