/**
 * Finds the sentiment terms in a token list: phrases first (longest wins), then movements
 * paired with the thing that moved, then single words, then signed percentages that no
 * movement claimed ("+4.2%"). Each term remembers where it sits so the modifiers can act.
 */
import { firstIn, MOVE_SIZE, THING_CLASS } from './directions.js';
import { wordValence } from './lexicon.js';
import { PHRASE_LIST } from './phrases.js';
import type { Token } from './tokenizer.js';

export type TermFamily = 'word' | 'phrase' | 'move' | 'number';

export interface Term {
  start: number;
  end: number;
  valence: number;
  family: TermFamily;
}

/** How far (in tokens) a movement looks for the thing that moved, and for its percentage. */
const PAIR_REACH = 3;
const PERCENT_REACH = 3;
/** Percent moves above this size count no more: "up 40%" is not eight times "up 5%". */
const PERCENT_CAP = 25;

export function findTerms(tokens: readonly Token[], numberWeight: number): Term[] {
  const used = new Array<boolean>(tokens.length).fill(false);
  const terms: Term[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const phrase = phraseAt(tokens, i);
    if (!phrase) continue;
    for (let j = i; j < i + phrase.words.length; j++) used[j] = true;
    if (phrase.valence !== 0)
      terms.push({
        start: i,
        end: i + phrase.words.length - 1,
        valence: phrase.valence,
        family: 'phrase',
      });
    i += phrase.words.length - 1;
  }
  for (let i = 0; i < tokens.length; i++) {
    const size = used[i] ? undefined : firstIn(MOVE_SIZE, tokens[i]!.forms);
    if (size === undefined) continue;
    used[i] = true;
    const thing = pairedThing(tokens, used, i);
    if (thing) used[thing.index] = true;
    const percent = nearbyPercent(tokens, used, i);
    const boost = 1 + (numberWeight * Math.min(Math.abs(percent), PERCENT_CAP)) / PERCENT_CAP;
    terms.push({ start: i, end: i, valence: size * (thing?.sign ?? 1) * boost, family: 'move' });
  }
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (used[i]) continue;
    const valence = token.kind === 'word' ? wordValence(token.forms) : 0;
    if (valence !== 0) terms.push({ start: i, end: i, valence, family: 'word' });
    else if (token.kind === 'percent' && /^[+-]/.test(token.text) && token.value !== 0)
      terms.push({
        start: i,
        end: i,
        valence: Math.sign(token.value) * numberWeight,
        family: 'number',
      });
  }
  return terms.sort((a, b) => a.start - b.start);
}

function phraseAt(tokens: readonly Token[], i: number) {
  return PHRASE_LIST.find((phrase) =>
    phrase.words.every((word, k) => {
      const token = tokens[i + k];
      return token !== undefined && (token.forms.includes(word) || token.text === word);
    }),
  );
}

/** The nearest thing with a class in the movement's clause, before or after it. */
function pairedThing(tokens: readonly Token[], used: readonly boolean[], at: number) {
  for (let distance = 1; distance <= PAIR_REACH; distance++) {
    for (const index of [at - distance, at + distance]) {
      if (!inClause(tokens, at, index) || used[index]) continue;
      const sign = firstIn(THING_CLASS, tokens[index]!.forms);
      if (sign !== undefined) return { index, sign };
    }
  }
  return undefined;
}

function nearbyPercent(tokens: readonly Token[], used: boolean[], at: number): number {
  for (let index = at - 1; index <= at + PERCENT_REACH; index++) {
    if (index === at || !inClause(tokens, at, index) || tokens[index]!.kind !== 'percent') continue;
    used[index] = true;
    return tokens[index]!.value;
  }
  return 0;
}

/** Whether index is a token in the same clause as at (no clause break between them). */
export function inClause(tokens: readonly Token[], at: number, index: number): boolean {
  if (index < 0 || index >= tokens.length) return false;
  const [from, to] = index < at ? [index, at] : [at, index];
  for (let k = from; k <= to; k++) if (tokens[k]!.kind === 'break') return false;
  return true;
}
