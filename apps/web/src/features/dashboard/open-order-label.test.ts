import { describe, expect, it } from 'vitest';
import { openOrderKind, openOrderLevels, openOrderStatus } from './open-order-label';
import { money } from './bot-format';

describe('the Open orders panel’s words', () => {
  it('names what each order is for', () => {
    expect(openOrderKind({ kind: 'entry' })).toBe('Entry');
    expect(openOrderKind({ kind: 'trailing_stop' })).toBe('Trailing stop');
    expect(openOrderKind({ kind: 'protective' })).toBe('Stop-loss / take-profit');
  });

  it('says an opening-auction entry waits for the next open', () => {
    expect(openOrderStatus({ kind: 'entry', status: 'new', time_in_force: 'opg' })).toBe(
      'Waiting for the next open',
    );
    expect(openOrderStatus({ kind: 'stop_loss', status: 'new', time_in_force: 'gtc' })).toBe(
      'Working',
    );
    expect(openOrderStatus({ kind: 'entry', status: 'pending', time_in_force: 'opg' })).toBe(
      'Not sent yet',
    );
    expect(openOrderStatus({ kind: 'exit', status: 'done_for_day', time_in_force: null })).toBe(
      'done for day',
    );
  });

  it('shows the levels', () => {
    expect(openOrderLevels({ stop_price: 95, limit_price: 120 }, money)).toBe(
      'stop $95.00 · limit $120.00',
    );
    expect(openOrderLevels({ stop_price: null, limit_price: null }, money)).toBe('at market');
  });
});
