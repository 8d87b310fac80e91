/**
 * Words of the trading floor and of stock message boards, where "long", "calls" and
 * "moon" carry a view of the stock. Same scale as `lexicon.ts` (−3 … +3), base forms.
 */
export const SLANG_GROUPS: [number, string][] = [
  [3, 'moon mooning killing-it'],
  [
    2,
    `ripping rip runner squeezing ath accumulate accumulating loaded awesome amazing
     fantastic incredible beautiful perfect excited exciting love loving`,
  ],
  [
    1.5,
    `bought liking nice sweet glad happy pop popping bottomed bottoming accumulation
     sexy bounce bouncing breakout`,
  ],
  [1, 'wow ready cover covered adding add-on comfortable'],
  [0.5, 'hope hoping easy'],
  [-1, 'fade fading distribution trim trimmed stopped-out choppy'],
  [-1.5, 'sold nervous ouch yikes topped toppy rollover rolling-over'],
  [-2, 'ugly hate scary scared junk crap bagholder bagholders bag-holder trap'],
  [-2.5, 'terrible horrible awful garbage'],
];
