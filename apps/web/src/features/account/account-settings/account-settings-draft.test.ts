import { describe, expect, it } from 'vitest';
import type { TAccountSettingsOutput } from '@tradebot/api-contract';
import { maskSecret, server } from '@tradebot/api-contract';
import { emptyDraft, toPayload, validateDraft } from './account-settings-draft';

const nothingSaved: TAccountSettingsOutput = {
  paper_key_mask: null,
  paper_secret_mask: null,
  live_key_mask: null,
  live_secret_mask: null,
  alpaca_environment: 'paper',
  market: 'alpaca',
};
const paperSaved = {
  ...nothingSaved,
  paper_key_mask: maskSecret('PKABCDEFGH'),
  paper_secret_mask: '****wxyz',
};

describe('validateDraft', () => {
  it('asks for at least one complete pair', () => {
    const draft = emptyDraft();
    draft.values.paperKey = 'PK123';
    expect(validateDraft(draft, nothingSaved)).toBe(server.apiKeysRequired);
  });

  it('needs a live pair for live mode and a paper pair for paper mode', () => {
    const live = emptyDraft('live');
    live.values.paperKey = 'k';
    live.values.paperSecret = 's';
    expect(validateDraft(live, nothingSaved)).toBe(server.liveKeysRequired);
    const paper = emptyDraft('paper');
    paper.values.liveKey = 'k';
    paper.values.liveSecret = 's';
    expect(validateDraft(paper, nothingSaved)).toBe(server.paperKeysRequired);
  });

  it('counts a saved pair unless it is cleared, and ignores blank input', () => {
    const draft = emptyDraft('paper');
    draft.values.paperKey = '   ';
    expect(validateDraft(draft, paperSaved)).toBeNull();
    draft.cleared.paperSecret = true;
    expect(validateDraft(draft, paperSaved)).toBe(server.apiKeysRequired);
  });
});

describe('toPayload', () => {
  it('trims typed values, sends null for cleared ones and omits the rest', () => {
    const draft = emptyDraft('live');
    draft.values.liveKey = '  AK1  ';
    draft.values.liveSecret = 'secret';
    draft.cleared.paperKey = true;
    expect(toPayload(draft)).toEqual({
      alpaca_environment: 'live',
      alpaca_api_key_live: 'AK1',
      alpaca_api_secret_live: 'secret',
      alpaca_api_key_paper: null,
    });
  });
});

describe('maskSecret', () => {
  it('stars all but the last 4 characters, or everything when 4 or fewer', () => {
    expect(maskSecret('PKABCDEFGH')).toBe('******EFGH');
    expect(maskSecret('abcd')).toBe('****');
  });
});
