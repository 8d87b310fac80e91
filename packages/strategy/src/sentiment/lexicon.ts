/**
 * The finance-aware word list, written for this project from general knowledge of how
 * market news is worded (not copied from a published dictionary). Valences run from −3
 * (clearly bad for holders of the stock) to +3; words are listed in base form, and the
 * tokenizer's base forms find their inflections ("slumps", "slumped", "slumping").
 *
 * Words that say which way something moved (rise, fall, cut, widen) are not here but in
 * `directions.ts`: their sign depends on what moved ("profit falls" vs "costs fall").
 */
import { SLANG_GROUPS } from './slang.js';

const NEWS_GROUPS: [number, string][] = [
  [
    3,
    `record-breaking skyrocket stellar blowout bonanza windfall outperform outperformer
     upgrade upgraded blockbuster triumph`,
  ],
  [
    2,
    `beat beats strong stronger strongest robust bullish profitable success successful
     win won award awarded boost upbeat optimistic optimism impressive excellent
     breakthrough approval approve approved exceed exceeded surpass buyback rebound
     recovery recover upside breakout overweight accretive momentum thrive booming boom
     best good great positive favourable favorable healthy solid buy`,
  ],
  [
    1,
    `profit profits earnings growth gain gains benefit opportunity confident confidence
     support stable resilient secure secured agreement deal partnership contract expand
     expansion launch milestone dividend raise boosted lift lifted improve improvement
     better upgrade attractive undervalued cheap bargain oversold demand winner winners
     innovative innovation efficiency bid takeover acquire acquisition merger invest
     investment long calls call bull bulls green rally upswing welcome welcomes hire
     appoint strength advance approve greenlight settle resolve ahead beat-up reward
     outperformance premium synergy synergies`,
  ],
  [
    -1,
    `loss losses debt risk risky concern concerns uncertain uncertainty volatile volatility
     pressure challenge challenging delay delayed weak weaker cost costs charge charges
     resistance overbought expensive overvalued sell short shorts shorting puts put bear
     bears red caution cautious doubt doubts question questions dispute exit quit resign
     resignation depart departure step-down cheaper competition rival threat threaten
     worry worries worried fear fears below dilution dilutive tax taxes
     outflow outflows hit struggle struggles slow slowdown sluggish halt halts subdued
     underweight lag lags laggard layoff layoffs redundancies redundancy job-cuts
     shake-up overhaul review inquiry probe investigation scrutiny`,
  ],
  [
    -2,
    `bearish miss missed disappoint disappointing disappointment warning warn warns
     downgrade downgraded underperform lawsuit sue sued litigation penalty fine fined
     recall recalls breach fail failure failed failing weakness decline declines
     slump crash crisis trouble troubled sell-off selloff selling downturn downside
     breakdown bad poor negative worse worst loser losers damage damaging hurt hurts
     suspend suspended suspension impairment writedown write-down write-off shortfall
     deficit headwind headwinds strike strikes protest sanction sanctions collapse
     allegation allegations accused accuse misconduct mis-selling misselling violation
     ban banned blocked block reject rejected rejection rebuff plummet dump dumping
     insolvency default defaults rout panic tumble slash slashes`,
  ],
  [
    -3,
    `fraud scandal bankrupt bankruptcy insolvent liquidation collapse plunge plunges
     catastrophe disaster devastating worst-ever crash crashed tank tanked tanking
     bloodbath meltdown evasion manipulation rigging corrupt corruption bribery laundering
     profit-warning`,
  ],
  [
    2,
    `cheer cheers buoyed buoyant boon lucrative comeback revival resurgence upturn jubilant
     delight delighted go-ahead`,
  ],
  [
    1.5,
    `pleased hail hails praise praised bright brighter promising encouraging uptick
     tailwind tailwinds revive cash-rich dominant clearance complete completes completed`,
  ],
  [
    1,
    `backing backs endorse partner collaboration alliance joint-venture leader
     leading dominate recommend safe safer unveil unveils agree
     agrees bonus generous rewarding`,
  ],
  [1.5, `relief relieved acquitted stabilise stabilize steadies hopes`],
  [0.5, 'offer approach steady settlement'],
  [-0.5, 'restructure restructuring regulator watchdog court legal'],
  [-1.5, `jitters shaken bruised erased hostile snub snubs subpoena underwhelm bailout`],
  [
    -2,
    `spooked rattled slammed hammered battered routed wiped underwhelming guilty
     convicted jail jailed arrest arrested raid raided`,
  ],
  [
    -1,
    `muted flat stagnant tough difficult harder curb restrict hurdle obstacle freeze
     austerity row feud battle fight clash weigh weighs costly compensation postpone
     postponed exposed`,
  ],
  [
    -1.5,
    `stall stalls criticise criticize criticised criticized criticism attack leak drag
     dent dampen burden pinch vulnerable error mistake flaw glitch unrest cutback
     cutbacks crackdown rift woe`,
  ],
  [
    -2,
    `woes turmoil blow pain bleak gloomy gloom grim downbeat lacklustre lackluster
     setback blunder defect outage hack hacked cyber-attack spill accident explosion
     death killed walkout revolt rebellion backlash plight distress downsize axe axes
     closure closures scrap scraps abandon abandons ousted sacked fired mis-sold
     penalise penalize slam slams blast blasts shutter delist`,
  ],
  [-2.5, 'dismal bust'],
  [-3, 'scam ponzi'],
];

export const WORD_VALENCE: ReadonlyMap<string, number> = new Map(
  [...NEWS_GROUPS, ...SLANG_GROUPS].flatMap(([valence, words]) =>
    words
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => [word, valence] as [string, number]),
  ),
);

/** Base form → valence, trying the word itself first ("losses" is listed, so is "loss"). */
export function wordValence(forms: readonly string[]): number {
  for (const form of forms) {
    const valence = WORD_VALENCE.get(form);
    if (valence !== undefined) return valence;
  }
  return 0;
}
