import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStorage, writeStorage } from './browser-storage';

/** A Storage stand-in: a map behind getItem, setItem and removeItem. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('readStorage / writeStorage', () => {
  it('stores, reads and removes a value in the area asked for', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('sessionStorage', memoryStorage());
    writeStorage('session', 'k', 'v');
    expect(readStorage('session', 'k')).toBe('v');
    expect(readStorage('local', 'k')).toBeNull();
    writeStorage('session', 'k', null);
    expect(readStorage('session', 'k')).toBeNull();
  });

  it('reads null and writes nothing, without throwing, when storage is unavailable', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    vi.stubGlobal('sessionStorage', refusing);
    expect(readStorage('session', 'k')).toBeNull();
    expect(() => writeStorage('session', 'k', 'v')).not.toThrow();
    expect(() => writeStorage('session', 'k', null)).not.toThrow();
  });
});
