/** Which of the browser's stores: kept across visits (local) or for the tab's session. */
export type StorageArea = 'local' | 'session';

const store = (area: StorageArea) => (area === 'local' ? localStorage : sessionStorage);

/** The stored value, or null when it is missing or storage is unavailable. */
export function readStorage(area: StorageArea, key: string): string | null {
  try {
    return store(area).getItem(key);
  } catch {
    return null;
  }
}

/**
 * Stores the value (null removes it). Storage can be unavailable (private mode, quota): the value
 * then lasts only while the page is shown, in the caller's own state.
 */
export function writeStorage(area: StorageArea, key: string, value: string | null): void {
  try {
    if (value === null) store(area).removeItem(key);
    else store(area).setItem(key, value);
  } catch {
    // Unavailable: the caller's own state holds the value for this page.
  }
}
