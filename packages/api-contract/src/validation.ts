import type { ZodError } from 'zod';

/**
 * A zod error as sentences for people (REST `detail`, tRPC message, CLI output): the
 * schemas carry user-facing texts; zod's own texts get the field name in front.
 */
export function validationMessage(error: ZodError): string {
  const sentence = (issue: ZodError['issues'][number]) => {
    const field = issue.path.join('.');
    return field && /^Invalid|^Too|^Unrecognized/.test(issue.message)
      ? `${field}: ${issue.message}`
      : issue.message;
  };
  return [...new Set(error.issues.map(sentence))].join(' ');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** True when a string cannot be stored as text: a NUL character or a lone UTF-16 surrogate. */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Where a value sits in the input: its key and its parent's place (null at the top). */
interface Place {
  key: string;
  parent: Place | null;
}
const pathOf = (place: Place | null): string => {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * The path ("patch.totp_secret", "" for the whole input) of a string, or object key, in a
 * request's raw input that text columns cannot hold; null when every string is fine. Checked
 * once for every procedure, before any schema, so no route can forget it. The walk keeps its
 * own stack and shares path prefixes, so deeply nested input costs linear time and no recursion.
 */
export function findUnstorableText(input: unknown): string | null {
  const pending: Array<{ value: unknown; place: Place | null }> = [{ value: input, place: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, place } = next;
    if (typeof value === 'string') {
      if (unstorable(value)) return pathOf(place);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (unstorable(key))
          return pathOf({ key: key.replace(/[^\x20-\x7e]/g, '?'), parent: place });
        pending.push({ value: item, place: { key, parent: place } });
      }
    }
  }
  return null;
}
