import { streamFor, normal, pick } from './random.js';

/**
 * Generated headlines. A listing gets an item on a day when its move was unusual (|z| > 2, or a
 * jump) and on about one quiet day in twenty; the tone is tanh(z / 1.5) times (1 + 15 % noise), so its sign is the move's,
 * clamped to [-1, 1], and the template is chosen from the bank of that tone, so a big fall reads
 * like bad news and the known tone is a fair label for measuring a sentiment scorer.
 */
const BANK: readonly (readonly string[])[] = [
  [
    '{name} plunges {pct}% after guidance cut stuns investors',
    '{name} shares crater {pct}% as regulator opens probe',
    '{name} tumbles {pct}% on surprise quarterly loss',
    'Sell-off deepens for {name}, down {pct}% after CEO exit',
  ],
  [
    '{name} slips {pct}% as analysts trim price targets',
    '{name} falls {pct}% on softer demand in {industry}',
    '{name} edges lower after cautious comments on margins',
    'Investors sour on {name} as costs rise',
  ],
  [
    '{name} little changed as {industry} peers mixed',
    '{name} to present at industry conference next week',
    '{name} schedules quarterly results date',
    '{name} shares flat ahead of sector data',
  ],
  [
    '{name} gains {pct}% as analysts lift outlook',
    '{name} rises {pct}% on steady demand in {industry}',
    '{name} climbs after announcing share buyback',
    '{name} wins new contract, shares up {pct}%',
  ],
  [
    '{name} soars {pct}% after blowout quarter',
    '{name} jumps {pct}% as profit beats every estimate',
    '{name} surges {pct}% on takeover approach',
    'Record results send {name} up {pct}%',
  ],
];

export interface GeneratedHeadline {
  title: string;
  description: string;
  tone: number;
}

function bucket(tone: number): number {
  if (tone < -0.6) return 0;
  if (tone < -0.2) return 1;
  if (tone <= 0.2) return 2;
  if (tone <= 0.6) return 3;
  return 4;
}

/** The headline of `symbol` for trading-day index `t`, or null when it has no news that day. */
export function headlineFor(
  seed: number,
  company: { symbol: string; company_name: string; industry: string },
  t: number,
  ret: number,
  z: number,
): GeneratedHeadline | null {
  const u = streamFor(seed, 'news', company.symbol, t);
  const quietNews = u() < 0.05;
  if (Math.abs(z) <= 2 && !quietNews) return null;
  const tone = Math.max(-1, Math.min(1, Math.tanh(z / 1.5) * (1 + 0.15 * normal(u))));
  const name = company.company_name.replace(/ (Inc\.|Corp\.|Holdings|Group|Co\.|plc)$/, '');
  const pct = (Math.abs(Math.expm1(ret)) * 100).toFixed(1);
  const title = pick(u, BANK[bucket(tone)] as readonly string[])
    .replace('{name}', name)
    .replace('{pct}', pct)
    .replace('{industry}', company.industry.toLowerCase());
  const move = ret >= 0 ? `rose ${pct}%` : `fell ${pct}%`;
  return {
    title,
    description: `${company.company_name} (${company.symbol}) ${move} in the session. Generated demo headline.`,
    tone,
  };
}
