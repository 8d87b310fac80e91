import { describe, expect, it } from 'vitest';
import { capturedLog } from '../test/captured-log.js';
import { newsProcessor } from './news.processor.js';

describe('newsProcessor', () => {
  it('logs each skipped user as a warning with the user id and the reason', async () => {
    const result = {
      demo_symbols: 0,
      alpaca_symbols: 1,
      inserted: 0,
      pruned: 0,
      skipped_users: [{ user_id: 7, reason: 'no saved paper Alpaca keys' }],
    };
    const { log, lines } = capturedLog('info');
    const run = newsProcessor({ news: { refresh: async () => result } }, log);
    expect(await run()).toBe(result);
    expect(lines).toEqual([
      {
        level: 40,
        time: expect.any(Number),
        process: 'worker',
        queue: 'news',
        userId: 7,
        reason: 'no saved paper Alpaca keys',
        msg: 'news skipped a user on Alpaca',
      },
    ]);
  });
});
