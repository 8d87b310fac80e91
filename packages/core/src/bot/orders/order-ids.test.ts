import { describe, expect, it } from 'vitest';
import { botOrderId, closeOrderId, MAX_CLIENT_ORDER_ID, protectOrderId } from './order-ids.js';

/** Every kind of id for one user, symbol and New York day (09:31 that day, market time). */
function idsOf(userId: number, symbol: string, date: string, qty: number): string[] {
  const at = new Date(`${date}T13:31:00Z`);
  return [
    botOrderId(userId, symbol, date, 'e'),
    botOrderId(userId, symbol, date, 'x'),
    botOrderId(userId, symbol, date, 't'),
    ...[1, 2, 3, 4, 5].map((n) => protectOrderId(userId, symbol, qty, date, n)),
    closeOrderId(userId, symbol, 'manual_sell', at),
    closeOrderId(userId, symbol, 'flatten', at),
  ];
}

describe('client order ids', () => {
  it('are byte-identical to the ids stored by earlier versions', () => {
    expect(botOrderId(42, 'AAPL', '2025-06-02', 'e')).toBe('tb42-AAPL-20250602-e');
    expect(botOrderId(42, 'AAPL', '2025-06-02', 'x')).toBe('tb42-AAPL-20250602-x');
    expect(botOrderId(7, 'BRK.B', '2024-03-05', 't')).toBe('tb7-BRK.B-20240305-t');
    expect(protectOrderId(12, 'BDX', 15, '2026-03-04')).toBe('tb12-BDX-p15-20260304');
    expect(protectOrderId(12, 'BDX', 15, '2026-03-04', 2)).toBe('tb12-BDX-p15-20260304-2');
    expect(protectOrderId(12, 'BDX', 2.5, '2026-03-04')).toBe('tb12-BDX-p2.5-20260304');
    const at = new Date(Date.UTC(2025, 5, 2, 14, 30, 0, 999));
    expect(closeOrderId(3, 'KUPR', 'manual_sell', at)).toBe('tb3-KUPR-qs-1748874600');
    expect(closeOrderId(3, 'KUPR', 'flatten', at)).toBe('tb3-KUPR-fl-1748874600');
  });

  it('of every kind are distinct for one user, symbol and day, and deterministic', () => {
    const ids = idsOf(42, 'AAPL', '2025-06-02', 10);
    expect(new Set(ids).size).toBe(ids.length);
    expect(idsOf(42, 'AAPL', '2025-06-02', 10)).toEqual(ids);
    // Another user, symbol or day never shares one.
    const others = [
      ...idsOf(4, 'AAPL', '2025-06-02', 10),
      ...idsOf(42, 'AAP', '2025-06-02', 10),
      ...idsOf(42, 'AAPL', '2025-06-03', 10),
    ];
    expect(others.filter((id) => ids.includes(id))).toEqual([]);
  });

  it('stay within Alpaca client_order_id limit (128) for the largest user id and symbol', () => {
    const ids = idsOf(2_147_483_647, 'ABCDEFGHIJ.WS', '2025-06-02', 123_456);
    for (const id of ids) {
      expect(id.length).toBeLessThanOrEqual(MAX_CLIENT_ORDER_ID);
      expect(id.length).toBeLessThanOrEqual(128);
    }
    expect(() => botOrderId(1, 'X'.repeat(40), '2025-06-02', 'e')).toThrow(RangeError);
    expect(() => closeOrderId(1, 'X'.repeat(40), 'flatten', new Date(0))).toThrow(RangeError);
  });
});
