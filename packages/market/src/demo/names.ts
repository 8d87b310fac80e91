import { pick, type Uniform } from './random.js';

/** Syllables of invented company words: pronounceable, and unlikely to be a real company. */
const ONSETS = [
  'Al',
  'Ar',
  'El',
  'Or',
  'H',
  'J',
  'W',
  'B',
  'C',
  'D',
  'F',
  'G',
  'K',
  'L',
  'M',
  'N',
  'P',
  'R',
  'S',
  'T',
  'V',
  'Z',
  'Br',
  'Cr',
  'Dr',
  'Gr',
  'Pr',
  'Tr',
  'Qu',
  'St',
  'Th',
  'Vel',
  'Xan',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'io', 'y'];
const CODAS = [
  'n',
  'r',
  'x',
  'l',
  'th',
  'v',
  'm',
  'nt',
  'rk',
  'ss',
  'do',
  'ra',
  'lia',
  'ro',
  'tis',
  'ven',
];
const SUFFIXES = ['Inc.', 'Corp.', 'Holdings', 'Group', 'Co.', 'plc'];
const CITIES = [
  'Springfield',
  'Riverton',
  'Lakeside',
  'Fairview',
  'Brookhaven',
  'Harborview',
  'Cedar Falls',
  'Northgate',
  'Westfield',
  'Pinecrest',
];

/** An invented word of two or three syllables, capitalised. */
export function inventWord(u: Uniform): string {
  const n = u() < 0.75 ? 2 : 3;
  let w = '';
  for (let i = 0; i < n; i++) w += pick(u, ONSETS).toLowerCase() + pick(u, VOWELS);
  w += pick(u, CODAS);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

export function corporateSuffix(u: Uniform): string {
  return pick(u, SUFFIXES);
}

export function city(u: Uniform): string {
  return pick(u, CITIES);
}

/**
 * A ticker of 2–4 letters from a name's words, the first variant not yet in `taken`
 * (e.g. "Zorvant Systems" → ZS, ZOS, ZORS, ZRVS, …), or null when every variant is taken.
 */
export function tickerFor(word: string, noun: string, taken: ReadonlySet<string>): string | null {
  const w = word.toUpperCase().replace(/[^A-Z]/g, '');
  const n = noun.toUpperCase().replace(/[^A-Z]/g, '');
  const candidates = [
    w.slice(0, 4),
    w.slice(0, 3),
    w[0] + (n[0] ?? ''),
    w.slice(0, 2) + (n[0] ?? ''),
  ];
  for (let i = 1; i < w.length; i++)
    for (let j = i + 1; j < w.length; j++) {
      candidates.push(w[0] + (w[i] as string) + (w[j] as string));
      candidates.push(w[0] + (w[i] as string) + (w[j] as string) + (n[0] ?? ''));
    }
  return candidates.find((c) => c.length >= 2 && !taken.has(c)) ?? null;
}
