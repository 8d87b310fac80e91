/**
 * scoreSentiment: a finance-aware lexicon-and-rules score in [−1, 1] for a headline or a
 * short post. Sum of the terms (phrases, movements paired with what moved, words, signed
 * percentages), each scaled by its family's weight and by the modifiers near it, plus a
 * small prior for text with words in it, squashed with tanh(sum / scale).
 */
import { modifyTerm, type ModifierWeights } from './rules.js';
import { findTerms, type TermFamily } from './terms.js';
import { tokenize } from './tokenizer.js';

export interface SentimentWeights extends ModifierWeights {
  /** Weight of single words. */
  word: number;
  /** Weight of multi-word phrases. */
  phrase: number;
  /** Weight of movements ("shares jump", "costs fall"). */
  move: number;
  /** How much a percentage strengthens its movement (at the cap of 25 %: × (1 + number)). */
  number: number;
  /** Added to the sum when the text has any word (news skews positive; see the README). */
  prior: number;
  /** tanh(sum / scale): the sum at which the score reaches ±0.76. */
  scale: number;
}

/**
 * The per-constant median of the values tuned on the five training splits of the headline
 * set (`npx tsx bench/sentiment.ts`). Negation and contrast came out weak on headlines, which
 * seldom use them (posts tune them to −0.8 and 0.2). The hedge median moves between 0.5 and
 * 0.75 with the search's starting point; 0.75 is kept. The held-out figures in the README are
 * those of the per-fold constants, not of these.
 */
export const SENTIMENT_DEFAULTS: Readonly<SentimentWeights> = {
  word: 0.75,
  phrase: 1,
  move: 1,
  number: 1,
  negation: -0.2,
  hedge: 0.75,
  contrast: 0,
  prior: 0.3,
  scale: 4,
};

export function scoreSentimentWith(text: string, weights: SentimentWeights): number {
  const tokens = tokenize(text);
  // Numbers alone ("-3.2%", "2026") say nothing about what moved: no words, no score.
  if (!tokens.some((token) => token.kind === 'word' && token.forms.length > 0)) return 0;
  const family: Record<TermFamily, number> = {
    word: weights.word,
    phrase: weights.phrase,
    move: weights.move,
    number: 1,
  };
  let sum = weights.prior;
  for (const term of findTerms(tokens, weights.number))
    sum += family[term.family] * modifyTerm(tokens, term, weights);
  const score = Math.tanh(sum / weights.scale);
  return Number.isFinite(score) ? score : 0;
}

/** Sentiment of a financial headline or post in [−1, 1]: −1 bearish, 0 neutral, +1 bullish. */
export function scoreSentiment(text: string): number {
  return scoreSentimentWith(text, SENTIMENT_DEFAULTS);
}
