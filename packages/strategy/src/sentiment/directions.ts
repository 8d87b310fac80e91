/**
 * Words that say which way something moved, and the things whose movement they report.
 * "Profit falls" is bad and "costs fall" is good: a movement's sign is its direction
 * times the class of what moved (+1 when more of it is good for holders, −1 when more of
 * it is bad). A movement with nothing to pair with is read as a move of the price or the
 * business ("shares jump", "slumps 12%").
 */
const MOVES: [number, string][] = [
  [3, 'soar skyrocket rocket surge zoom'],
  [2.5, 'jump leap spike rally'],
  [2, 'rise rose risen climb gain rebound recover double triple boost beat top grow grew grown'],
  [1.5, 'lift strengthen improve advance raise hike increase accelerate expand'],
  [1, 'up higher upped add widen widened edge-up firm outpace'],
  [-1, 'down lower ease eased narrow trim soften dip edge-down'],
  [
    -1.5,
    'slip slide slid cut reduce decrease weaken shrink shrank shrunk retreat sag shed erode squeeze',
  ],
  [-2, 'fall fell fallen drop decline sink sank sunk lose lost halve slow slowed'],
  [-2.5, 'slump tumble slash dive'],
  [-3, 'plunge plummet crash tank collapse crater nosedive'],
];

const GOOD = `profit profits earnings revenue revenues sales turnover margin margins dividend
  dividends payout growth demand output production share shares stock stocks price prices
  guidance outlook forecast forecasts estimate estimates target rating valuation
  market-share income ebitda ebit eps orders bookings traffic subscribers customers
  users volume volumes jobs job workforce stake cash cashflow reserves capital value
  confidence deliveries passengers investment sentiment result results performance
  expectations buyback`;

const BAD = `cost costs debt debts loss losses deficit charge charges impairment impairments
  writedown writedowns liabilities unemployment layoffs job-cuts fine fines tax bill
  bills provisions risk risks pressure pressures concern concerns fear fears worry
  worries arrears inflation expenses overheads headwinds exposure borrowing borrowings
  leverage delays complaints churn volatility uncertainty competition spending
  shortfall outflows claims`;

const words = (list: string) => list.split(/\s+/).filter(Boolean);

export const MOVE_SIZE: ReadonlyMap<string, number> = new Map(
  MOVES.flatMap(([size, list]) => words(list).map((word) => [word, size] as [string, number])),
);

export const THING_CLASS: ReadonlyMap<string, 1 | -1> = new Map([
  ...words(GOOD).map((word) => [word, 1] as [string, 1]),
  ...words(BAD).map((word) => [word, -1] as [string, -1]),
]);

export function firstIn<T>(map: ReadonlyMap<string, T>, forms: readonly string[]): T | undefined {
  for (const form of forms) {
    const found = map.get(form);
    if (found !== undefined) return found;
  }
  return undefined;
}
