import { describe, expect, it } from 'vitest';
import { botTick } from './bot-messages.js';
import { server } from './messages.js';

describe('counts in messages', () => {
  it('read as people write them, one and many', () => {
    expect(server.killSwitchDone(1, 1)).toBe(
      'Flattened: 1 open order canceled, 1 position closed at market, and the bot stopped.',
    );
    expect(server.killSwitchDone(0, 3)).toBe(
      'Flattened: 0 open orders canceled, 3 positions closed at market, and the bot stopped.',
    );
    expect(botTick.killSwitch(1, 2)).toBe(
      'Kill switch: the bot stopped, 1 open order canceled, 2 positions being closed.',
    );
  });
});
