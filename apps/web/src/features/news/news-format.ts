/** A sentiment score of 0 or more shows green, below 0 red. */
export function sentimentColor(score: number): 'green' | 'red' {
  return score >= 0 ? 'green' : 'red';
}

/**
 * Scores are in [-1, 1]: two decimals with the sign, e.g. "+0.42", "-0.10"; exactly 0 is "0.00".
 * The sign is the score's, so a tiny negative reads "-0.00" beside its red colour.
 */
export function formatScore(score: number): string {
  if (score === 0) return '0.00';
  return `${score > 0 ? '+' : '-'}${Math.abs(score).toFixed(2)}`;
}

const NEW_YORK = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * A published time is market time (the demo clock's on the demo market), so it is shown on the
 * exchange's clock, New York, whatever the reader's time zone.
 */
export function formatPublished(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : `${NEW_YORK.format(ms)} ET`;
}
