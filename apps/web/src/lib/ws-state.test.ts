import { ui } from '@tradebot/api-contract';
import { describe, expect, it } from 'vitest';
import {
  bannerText,
  closed,
  closing,
  connecting,
  idle,
  opened,
  reconnectDelay,
  restarted,
  type WsSnapshot,
} from './ws-state';

const lost = { code: 1006, reason: '' };
const always = { now: 0, wanted: true, policy: 'always' as const };

/** Fails `times` connection attempts in a row from `state`, returning each step's snapshot. */
function failRepeatedly(state: WsSnapshot, times: number) {
  const steps: WsSnapshot[] = [];
  for (let n = 0; n < times; n++) {
    state = closed(connecting(state), lost, always);
    steps.push(state);
  }
  return steps;
}

describe('reconnectDelay', () => {
  it('doubles from 1 s and stays at 30 s', () => {
    expect(Array.from({ length: 8 }, (_, n) => reconnectDelay(n))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});

describe('the connection state machine', () => {
  it('goes connecting → connected → closing → disconnected on a purposeful close', () => {
    const states = [connecting(idle)];
    states.push(opened(states[0]!, 5));
    states.push(closing(states[1]!));
    states.push(closed(states[2]!, { code: 1000, reason: '' }, { ...always, wanted: false }));
    expect(states.map((s) => s.status)).toEqual([
      'connecting',
      'connected',
      'closing',
      'disconnected',
    ]);
    expect(states[3]).toEqual(idle);
    expect(bannerText(states[3]!, 0)).toBeNull();
  });

  it('schedules 10 attempts on the back-off, then gives up', () => {
    const steps = failRepeatedly(idle, 11);
    expect(steps.slice(0, 10).map((s) => s.retryAt)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000, 30000,
    ]);
    expect(steps[9]).toMatchObject({ attempt: 10, stopped: null });
    expect(steps[10]).toMatchObject({ status: 'disconnected', retryAt: null, stopped: 'limit' });
  });

  it('keeps the close code and reason, with the spec text when the reason is empty', () => {
    const [first] = failRepeatedly(idle, 1);
    expect(first!.close).toEqual({ code: 1006, reason: ui.wsConnectionFailed });
    const refused = closed(connecting(idle), { code: 1008, reason: 'Session expired' }, always);
    expect(refused.close).toEqual({ code: 1008, reason: 'Session expired' });
  });

  it('stops on 1008 and 1005 with the shared policy, retries them when pages always reconnect', () => {
    for (const code of [1008, 1005]) {
      const shared = closed(
        connecting(idle),
        { code, reason: 'x' },
        { ...always, policy: 'shared' },
      );
      expect(shared).toMatchObject({ stopped: 'code', retryAt: null });
      expect(closed(connecting(idle), { code, reason: 'x' }, always)).toMatchObject({
        stopped: null,
        retryAt: 1000,
      });
    }
    const other = closed(connecting(idle), lost, { ...always, policy: 'shared' });
    expect(other.stopped).toBeNull();
  });

  it('an open resets the attempts and notes the recovery; Reconnect starts a fresh round', () => {
    const failed = failRepeatedly(idle, 4).at(-1)!;
    const back = opened(connecting(failed), 70_000);
    expect(back).toMatchObject({
      status: 'connected',
      attempt: 0,
      close: null,
      recoveredAt: 70_000,
    });
    expect(opened(connecting(idle), 1).recoveredAt).toBeNull();
    const gaveUp = failRepeatedly(idle, 11).at(-1)!;
    expect(restarted(gaveUp)).toMatchObject({ attempt: 0, stopped: null });
    expect(closed(connecting(restarted(gaveUp)), lost, always).retryAt).toBe(1000);
  });
});

describe('bannerText', () => {
  it('says the code, reason and seconds to the next attempt', () => {
    const state = closed(
      connecting(idle),
      { code: 1011, reason: 'Server error' },
      { ...always, now: 1000 },
    );
    expect(bannerText(state, 1000)).toBe(
      'Live updates disconnected (code 1011: Server error). Retrying in 1\u00a0s…',
    );
    const third = failRepeatedly(idle, 3).at(-1)!;
    expect(bannerText(third, 1500)).toBe(
      `Live updates disconnected (code 1006: ${ui.wsConnectionFailed}). Retrying in 3\u00a0s…`,
    );
    expect(bannerText(connecting(third), 4000)).toMatch(/Reconnecting \(attempt 3 of 10\)…$/);
  });

  it('says when it gave up, or that it stopped on the code', () => {
    expect(bannerText(failRepeatedly(idle, 11).at(-1)!, 0)).toMatch(
      /\(code 1006: .*\)\. Gave up after 10 attempts\.$/,
    );
    const stopped = closed(
      connecting(idle),
      { code: 1008, reason: 'Session expired' },
      { ...always, policy: 'shared' },
    );
    expect(bannerText(stopped, 0)).toBe(
      'Live updates disconnected (code 1008: Session expired). Not retrying.',
    );
  });

  it("shows 'WebSocket connected' for 3 s after a recovery, nothing when healthy", () => {
    const back = opened(failRepeatedly(idle, 1)[0]!, 10_000);
    expect(bannerText(back, 12_000)).toBe(ui.wsConnected);
    expect(bannerText(back, 13_000)).toBeNull();
    expect(bannerText(opened(connecting(idle), 0), 0)).toBeNull();
    expect(bannerText(connecting(idle), 0)).toBeNull();
  });
});
