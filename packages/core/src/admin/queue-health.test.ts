import { describe, expect, it } from 'vitest';
import { workerProcesses } from './queue-health.js';

describe('workerProcesses', () => {
  it('groups worker connections into processes by the name after ":w:", oldest connection first', () => {
    const prefix = 'ns:bull';
    const processes = workerProcesses([
      {
        queue: 'mail',
        clients: [
          { rawname: `${prefix}:bWFpbA==:w:host-a:41`, age: '120' },
          { rawname: `${prefix}:bWFpbA==:w:host-b:7`, age: '5' },
        ],
      },
      { queue: 'bot', clients: [{ rawname: `${prefix}:Ym90:w:host-a:41`, age: '300' }] },
      { queue: 'news', clients: [{ rawname: `${prefix}:bmV3cw==`, age: '9' }] },
      { queue: 'alerts', clients: [] },
    ]);
    expect(processes).toEqual([
      { name: 'host-a:41', queues: ['bot', 'mail'], connected_s: 300 },
      { name: 'host-b:7', queues: ['mail'], connected_s: 5 },
      { name: 'unnamed worker', queues: ['news'], connected_s: 9 },
    ]);
  });
});
