import { describe, expect, it } from 'vitest';
import { DEFAULT_METRICS, loadPrefs, nextSort, savePrefs } from './explorer-prefs';

/** A Storage stand-in holding one page's items (the browser's own is tested end to end). */
function memory(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('explorer preferences', () => {
  it('gives back the toggles and sort last saved, in toggle order', () => {
    const storage = memory();
    expect(loadPrefs(storage)).toEqual({ metrics: DEFAULT_METRICS, sort: null });
    savePrefs({ metrics: ['average_volume', 'eps'], sort: { by: 'eps', dir: 'asc' } }, storage);
    expect(loadPrefs(storage)).toEqual({
      metrics: ['eps', 'average_volume'],
      sort: { by: 'eps', dir: 'asc' },
    });
    savePrefs({ metrics: [], sort: null }, storage);
    expect(loadPrefs(storage)).toEqual({ metrics: [], sort: null });
  });

  it('falls back to the defaults on anything unreadable', () => {
    const storage = memory();
    storage.setItem('tradebot-explorer', '{not json');
    expect(loadPrefs(storage)).toEqual({ metrics: DEFAULT_METRICS, sort: null });
    storage.setItem(
      'tradebot-explorer',
      JSON.stringify({ metrics: ['rsi', 'nope'], sort: { by: 'description', dir: 'up' } }),
    );
    expect(loadPrefs(storage)).toEqual({ metrics: ['rsi'], sort: null });
    expect(loadPrefs(null)).toEqual({ metrics: DEFAULT_METRICS, sort: null });
  });

  it('sorts numbers largest first and text A to Z, flips, then returns to the usual order', () => {
    const first = nextSort(null, 'average_volume');
    expect(first).toEqual({ by: 'average_volume', dir: 'desc' });
    const second = nextSort(first, 'average_volume');
    expect(second).toEqual({ by: 'average_volume', dir: 'asc' });
    expect(nextSort(second, 'average_volume')).toBeNull();
    expect(nextSort(second, 'symbol')).toEqual({ by: 'symbol', dir: 'asc' });
  });
});
