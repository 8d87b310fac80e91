import { describe, expect, it } from 'vitest';
import { LABELLED_EXAMPLES } from './examples.test-data.js';
import { scoreSentiment, scoreSentimentWith, SENTIMENT_DEFAULTS } from './score.js';

function pearson(xs: number[], ys: number[]): number {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const [mx, my] = [mean(xs), mean(ys)];
  let [sxy, sxx, syy] = [0, 0, 0];
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

describe('scoreSentiment on hand-labelled examples', () => {
  const gold = LABELLED_EXAMPLES.map(([, score]) => score);
  const predicted = LABELLED_EXAMPLES.map(([text]) => scoreSentiment(text));

  // The plain AFINN lexicon (the `sentiment` package's summed score, measured once on these
  // 24 examples) gets 10 signs right and a correlation of 0.45: it has no "profit warning",
  // reads "cuts costs" and "debt falls" as bad and "slump" and "downgrade" not at all.
  it('agrees on the sign of at least 22 of 24, where AFINN agrees on 10', () => {
    const agree = predicted.filter((p, i) => Math.sign(p) === Math.sign(gold[i]!)).length;
    expect(agree).toBeGreaterThanOrEqual(22);
  });

  it('correlates at least 0.8 with the labels, where AFINN reaches 0.45', () => {
    expect(pearson(predicted, gold)).toBeGreaterThanOrEqual(0.8);
  });
});

describe('finance rules', () => {
  it('reads a movement by what moved', () => {
    expect(scoreSentiment('Profit falls')).toBeLessThan(0);
    expect(scoreSentiment('Costs fall')).toBeGreaterThan(0);
    expect(scoreSentiment('Debt rises')).toBeLessThan(0);
    expect(scoreSentiment('Revenue rises')).toBeGreaterThan(0);
  });

  it('counts a bigger percentage move as stronger', () => {
    expect(scoreSentiment('Shares down 20%')).toBeLessThan(scoreSentiment('Shares down 2%'));
    expect(scoreSentiment('Shares up 20%')).toBeGreaterThan(scoreSentiment('Shares up 2%'));
  });

  it('flips a negated term and weighs the clause after "but" more', () => {
    const weights = { ...SENTIMENT_DEFAULTS, negation: -0.8, contrast: 0.4 };
    expect(scoreSentimentWith('The results were not good', weights)).toBeLessThan(0);
    const butGood = scoreSentimentWith('Sales were weak but the outlook is strong', weights);
    const butBad = scoreSentimentWith('Sales were strong but the outlook is weak', weights);
    expect(butGood).toBeGreaterThan(butBad);
  });

  it('scales with intensifiers and diminishers', () => {
    const plain = scoreSentiment('Shares fall');
    expect(scoreSentiment('Shares fall sharply')).toBeLessThan(plain);
    expect(scoreSentiment('Shares fall slightly')).toBeGreaterThan(plain);
  });
});

describe('edge cases', () => {
  it('scores empty text, numbers alone and punctuation alone as 0', () => {
    for (const text of ['', '   ', '12 345 6.7%', '-3.2% +4%', '2026', '?!...', '$AAPL'])
      expect(scoreSentiment(text)).toBe(0);
  });

  it('handles non-ASCII text', () => {
    expect(scoreSentiment('Société Générale profit jumps, shares soar 🚀')).toBeGreaterThan(0);
    expect(Number.isFinite(scoreSentiment('株価が急落 📉 ÅÄÖ'))).toBe(true);
  });

  it('stays within [-1, 1] on very long text', () => {
    const good = 'record profit, shares soar, upgrade to buy. '.repeat(5_000);
    const bad = 'profit warning, shares plunge, fraud probe. '.repeat(5_000);
    expect(scoreSentiment(good)).toBeGreaterThan(0.99);
    expect(scoreSentiment(good)).toBeLessThanOrEqual(1);
    expect(scoreSentiment(bad)).toBeLessThan(-0.99);
    expect(scoreSentiment(bad)).toBeGreaterThanOrEqual(-1);
  });

  it('is always within [-1, 1] and deterministic', () => {
    const words = [
      'not',
      'very',
      'profit',
      'falls',
      'costs',
      'but',
      'up',
      '5%',
      'loss',
      '?',
      'bullish',
    ];
    for (let i = 0; i < 2_000; i++) {
      const text = Array.from(
        { length: 1 + (i % 17) },
        (_, k) => words[(i * 7 + k * 13) % words.length],
      ).join(' ');
      const score = scoreSentiment(text);
      expect(score).toBeGreaterThanOrEqual(-1);
      expect(score).toBeLessThanOrEqual(1);
      expect(scoreSentiment(text)).toBe(score);
    }
  });
});
