/**
 * Measuring a sentiment scorer against human scores: Pearson correlation, sign agreement on
 * the items the annotators did not call neutral (|score| ≥ 0.1, as ../shared/data/README.md
 * says), seeded k-fold splits, and a coordinate search over the scorer's global constants
 * that sees only the training folds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scoreSentimentWith, type SentimentWeights } from '@tradebot/strategy';
import { mulberry32 } from '@tradebot/strategy/testing';

export interface Labelled {
  text: string;
  gold: number;
}

export const SENTIMENT_DIR = fileURLToPath(
  new URL('../../../shared/data/sentiment/', import.meta.url),
);

/** Headlines and posts as {text, gold}, or undefined when the data folder is absent. */
export function loadSentimentSets(): { headlines: Labelled[]; posts: Labelled[] } | undefined {
  if (!existsSync(SENTIMENT_DIR)) return undefined;
  const read = (name: string) =>
    JSON.parse(readFileSync(SENTIMENT_DIR + name, 'utf8')) as unknown[];
  const headlines = read('headlines-dev.json') as { title: string; sentiment: number }[];
  const posts = read('fiqa-posts-dev.json') as { sentence: string; sentiment: number }[];
  return {
    headlines: headlines.map((item) => ({ text: item.title, gold: item.sentiment })),
    posts: posts.map((item) => ({ text: item.sentence, gold: item.sentiment })),
  };
}

export function pearson(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

/** Share of items with |gold| ≥ 0.1 whose predicted sign matches (a 0 prediction never does). */
export function signAgreement(predicted: readonly number[], gold: readonly number[]): number {
  let agree = 0;
  let counted = 0;
  for (let i = 0; i < gold.length; i++) {
    if (Math.abs(gold[i]!) < 0.1) continue;
    counted++;
    if (Math.sign(predicted[i]!) === Math.sign(gold[i]!)) agree++;
  }
  return counted ? agree / counted : 0;
}

/** Item indices in k folds after a seeded Fisher–Yates shuffle. */
export function kFolds(n: number, k: number, seed: number): number[][] {
  const order = Array.from({ length: n }, (_, i) => i);
  const rng = mulberry32(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return Array.from({ length: k }, (_, fold) => order.filter((_, i) => i % k === fold));
}

/** The grid each constant is searched over; the others stay where the search left them. */
export const WEIGHT_GRID: Record<keyof SentimentWeights, number[]> = {
  word: [0.5, 0.75, 1, 1.25, 1.5],
  phrase: [0.5, 0.75, 1, 1.5, 2],
  move: [0.5, 0.75, 1, 1.25, 1.5, 2],
  number: [0, 0.25, 0.5, 1],
  negation: [-1, -0.8, -0.6, -0.4, -0.2, 0],
  hedge: [0.25, 0.5, 0.75, 1],
  contrast: [0, 0.2, 0.4, 0.6],
  prior: [-0.5, -0.25, 0, 0.1, 0.2, 0.3, 0.5],
  scale: [1, 1.5, 2, 3, 4, 6],
};

const objective = (items: readonly Labelled[], weights: SentimentWeights) => {
  const predicted = items.map((item) => scoreSentimentWith(item.text, weights));
  const gold = items.map((item) => item.gold);
  return pearson(predicted, gold) + 0.5 * signAgreement(predicted, gold);
};

/** Coordinate search (a few sweeps over WEIGHT_GRID) maximising correlation + sign agreement. */
export function tuneWeights(items: readonly Labelled[], start: SentimentWeights): SentimentWeights {
  let best = { ...start };
  let bestValue = objective(items, best);
  for (let sweep = 0; sweep < 3; sweep++) {
    let improved = false;
    for (const key of Object.keys(WEIGHT_GRID) as (keyof SentimentWeights)[]) {
      for (const value of WEIGHT_GRID[key]) {
        const candidate = { ...best, [key]: value };
        const candidateValue = objective(items, candidate);
        if (candidateValue > bestValue + 1e-9) {
          [best, bestValue, improved] = [candidate, candidateValue, true];
        }
      }
    }
    if (!improved) break;
  }
  return best;
}

export interface HeldOut {
  correlation: number;
  sign: number;
  weights: SentimentWeights[];
}

/** k-fold: tune on k − 1 folds, score the held-out fold; figures over all held-out scores. */
export function crossValidate(
  items: readonly Labelled[],
  start: SentimentWeights,
  k: number,
  seed: number,
): HeldOut {
  const predicted = new Array<number>(items.length).fill(0);
  const weights: SentimentWeights[] = [];
  for (const fold of kFolds(items.length, k, seed)) {
    const held = new Set(fold);
    const tuned = tuneWeights(
      items.filter((_, i) => !held.has(i)),
      start,
    );
    weights.push(tuned);
    for (const i of fold) predicted[i] = scoreSentimentWith(items[i]!.text, tuned);
  }
  const gold = items.map((item) => item.gold);
  return { correlation: pearson(predicted, gold), sign: signAgreement(predicted, gold), weights };
}
