/**
 * The modifiers, applied to each term found by `findTerms`: intensifiers and diminishers
 * scale it, a negator before it in its clause flips and damps it, a hedge or a question
 * damps it, and a contrast word moves weight to the clause that carries the point.
 */
import { CONTRAST_AFTER, CONTRAST_BEFORE, HEDGES, NEGATORS, SCALERS } from './modifiers.js';
import { inClause, type Term } from './terms.js';
import type { Token } from './tokenizer.js';

/** How far back a negator or hedge reaches within the clause (VADER uses 3 words). */
const NEGATION_REACH = 3;
const SCALER_REACH = 2;

export interface ModifierWeights {
  /** Multiplier for a negated term (negative: it flips the sign). */
  negation: number;
  /** Multiplier for a term in a hedged clause or a question. */
  hedge: number;
  /** Share of weight moved by a contrast: the weaker side × (1 − c), the stronger × (1 + c). */
  contrast: number;
}

export function modifyTerm(tokens: readonly Token[], term: Term, weights: ModifierWeights): number {
  let valence = term.valence * scaleAround(tokens, term);
  if (lookBack(tokens, term.start, NEGATION_REACH, (t) => isNegator(t)))
    valence *= weights.negation;
  if (
    lookBack(tokens, term.start, NEGATION_REACH, (t) => HEDGES.has(t.text)) ||
    inQuestion(tokens, term.end)
  )
    valence *= weights.hedge;
  return valence * contrastFactor(tokens, term.start, weights.contrast);
}

function isNegator(token: Token): boolean {
  return NEGATORS.has(token.text) || token.text.endsWith("n't");
}

function lookBack(
  tokens: readonly Token[],
  at: number,
  reach: number,
  test: (t: Token) => boolean,
) {
  for (let index = at - 1; index >= at - reach; index--) {
    if (!inClause(tokens, at, index)) return false;
    if (test(tokens[index]!)) return true;
  }
  return false;
}

/** Scalers right before a term, and right after a movement ("falls sharply"). */
function scaleAround(tokens: readonly Token[], term: Term): number {
  let scale = 1;
  for (let index = term.start - SCALER_REACH; index <= term.end + SCALER_REACH; index++) {
    if (index >= term.start && index <= term.end) continue;
    if (index > term.end && term.family !== 'move') break;
    if (!inClause(tokens, term.start, index)) continue;
    scale *= SCALERS.get(tokens[index]!.text) ?? 1;
  }
  return scale;
}

function inQuestion(tokens: readonly Token[], at: number): boolean {
  for (let index = at + 1; index < tokens.length; index++) {
    if (tokens[index]!.text === '?') return true;
    if (endsSentence(tokens[index]!)) return false;
  }
  return false;
}

/**
 * "X but Y": X counts less, Y more. "Despite X, Y": the clause opened by "despite" counts
 * less, the rest more. Only the nearest contrast word in the term's sentence decides, and
 * the search stops at the sentence's end so long texts stay linear.
 */
function contrastFactor(tokens: readonly Token[], at: number, c: number): number {
  for (let index = at - 1; index >= 0 && !endsSentence(tokens[index]!); index--) {
    const text = tokens[index]!.text;
    if (CONTRAST_AFTER.has(text) && index > 0) return 1 + c;
    if (CONTRAST_BEFORE.has(text)) return inClause(tokens, at, index) ? 1 - c : 1 + c;
  }
  for (let index = at + 1; index < tokens.length && !endsSentence(tokens[index]!); index++) {
    const text = tokens[index]!.text;
    if (CONTRAST_AFTER.has(text)) return 1 - c;
    if (CONTRAST_BEFORE.has(text)) return 1 + c;
  }
  return 1;
}

function endsSentence(token: Token): boolean {
  return token.text === '.' || token.text === '!' || token.text === '?';
}
