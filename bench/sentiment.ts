/**
 * How well scoreSentiment agrees with human scores on ../shared/data/sentiment (500 expert-
 * scored headlines, 675 scored stock posts), beside two general-purpose lexicons measured in
 * the same run: AFINN (the `sentiment` package's summed score) and VADER (`vader-sentiment`'s
 * compound score). Run: npx tsx bench/sentiment.ts
 *
 * Ours is measured under 5-fold cross-validation (seeded shuffle): for each fold the
 * scorer's global constants (family weights, modifiers, prior, squashing scale) are tuned on
 * the other four folds and the held-out fold is scored with them, so no item is scored by
 * constants tuned on it. The lexicon itself is hand-written and not fitted to these items.
 * AFINN and VADER have no constants to tune: their figures are over the whole set.
 *
 * The sentiment target, on headlines: correlation ≥ 0.65 and sign agreement ≥ 75 %.
 */
import Sentiment from 'sentiment';
import vader from 'vader-sentiment';
import { SENTIMENT_DEFAULTS, type SentimentWeights } from '@tradebot/strategy';
import { fmt, target } from './lib/report.js';
import {
  crossValidate,
  loadSentimentSets,
  pearson,
  SENTIMENT_DIR,
  signAgreement,
  type Labelled,
} from './lib/sentiment-eval.js';

const TARGET = { correlation: 0.65, sign: 0.75 };
const FOLDS = 5;
const SEED = 2017;

const afinn = new Sentiment();
const percent = (share: number) => `${(100 * share).toFixed(1)} %`;

function measure(items: readonly Labelled[], score: (text: string) => number) {
  const predicted = items.map((item) => score(item.text));
  const gold = items.map((item) => item.gold);
  return { correlation: pearson(predicted, gold), sign: signAgreement(predicted, gold) };
}

function line(name: string, figures: { correlation: number; sign: number }) {
  console.log(
    `  ${name.padEnd(34)} correlation ${fmt(figures.correlation, 4)}   sign agreement ${percent(figures.sign)}`,
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function report(name: string, items: readonly Labelled[]) {
  const nonNeutral = items.filter((item) => Math.abs(item.gold) >= 0.1).length;
  console.log(`\n${name}: ${items.length} items, ${nonNeutral} with |score| ≥ 0.1`);
  const ours = crossValidate(items, { ...SENTIMENT_DEFAULTS }, FOLDS, SEED);
  line(`ours, ${FOLDS}-fold held-out`, ours);
  line(
    'AFINN (sentiment, summed score)',
    measure(items, (text) => afinn.analyze(text).score),
  );
  line(
    'VADER (vader-sentiment, compound)',
    measure(items, (text) => vader.SentimentIntensityAnalyzer.polarity_scores(text).compound),
  );
  const keys = Object.keys(SENTIMENT_DEFAULTS) as (keyof SentimentWeights)[];
  const tuned = keys.map((key) => `${key} ${fmt(median(ours.weights.map((w) => w[key])))}`);
  console.log(`  constants tuned per fold, median: ${tuned.join(', ')}`);
  return ours;
}

function main() {
  const sets = loadSentimentSets();
  if (!sets) {
    console.log(
      `sentiment: skipped, no labelled data at ${SENTIMENT_DIR} (../shared/data/sentiment)`,
    );
    return;
  }
  console.log(`sentiment: scoreSentiment vs human scores, ${FOLDS}-fold CV (seed ${SEED})`);
  const headlines = report('headlines (SemEval-2017 Task 5, dev part)', sets.headlines);
  report('posts (FiQA 2018 task 1)', sets.posts);
  console.log('\nTargets (headlines, held-out)');
  target(
    `correlation ≥ ${TARGET.correlation}`,
    headlines.correlation >= TARGET.correlation,
    fmt(headlines.correlation, 4),
  );
  target(
    `sign agreement ≥ ${percent(TARGET.sign)}`,
    headlines.sign >= TARGET.sign,
    percent(headlines.sign),
  );
}

main();
