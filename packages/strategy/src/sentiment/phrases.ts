/**
 * Multi-word finance phrases, matched before single words (longest first) so that
 * "beats estimates" or "profit warning" count once, as a whole, and "short-term" or
 * "step down" are not read word by word. Words are in base form and match inflections.
 */
const PHRASES: [number, string][] = [
  [
    3,
    `beat estimate | beat expectation | beat forecast | beat consensus | above expectation
     | record profit | record revenue | record sales | record high | record result
     | record earnings | all-time high | raise guidance | raise outlook | raise forecast
     | upgrade to buy | strong buy | better than expected | ahead of expectation
     | short squeeze | new high`,
  ],
  [
    2,
    `52-week high | 52 week high | new highs | to the upside | buy rating | outperform rating
     | on track | back on track | bounce back | turn around | turnaround | double bottom
     | golden cross | bull flag | cup and handle | higher low | higher lows | gap up
     | load up | buy back | buy the dip | break out | price target raise | above estimate | in line
     | beat on | strong demand | top estimate | market share gain | pay down debt | swing to profit
     | swing to a profit | into the black`,
  ],
  [
    1,
    `in talks | cost saving | cost savings | cost-cutting | cost cuts | cut costs | cut cost
     | free cash flow | green light | in the black | return to profit | back to profit | special dividend`,
  ],
  [
    0,
    `short-term | short term | long-term | long term | step up | stepped up | before tax
     | pre-tax | after tax | cash flow | bad loans | market cap | top line | bottom line
     | all in | no doubt | no surprise | not bad | top up`,
  ],
  [
    -1,
    `step down | steps down | profit taking | take profit | bad bank | pull out | dead cat
     | under review | higher costs | shake up | cut back | cuts back | in the red`,
  ],
  [
    -2,
    `worse than expected | below expectation | below estimate | miss estimate | miss expectation
     | miss forecast | fall short | at risk | sell off | 52-week low | 52 week low | new low
     | to the downside | sell rating | underperform rating | under fire | hit by | hit with
     | take a hit | double top | death cross | bear flag | lower high | lower highs | gap down
     | shut down | cut jobs | job cuts | lay off | lays off | head and shoulders | price target cut
     | cut dividend | dividend cut | cut guidance | lower guidance | weak demand | write down
     | margin pressure | no longer | swing to loss | swing to a loss | into the red
     | close store | close branch | close plant | close factory | close mine | warn on profit`,
  ],
  [
    -3,
    `profit warning | go bust | goes bust | worst annual loss | dividend suspension
     | suspend dividend | cut to sell | downgrade to sell | chapter 11`,
  ],
];

export interface Phrase {
  words: string[];
  valence: number;
}

/** Longest first, so the longest phrase at a position wins. */
export const PHRASE_LIST: readonly Phrase[] = PHRASES.flatMap(([valence, list]) =>
  list
    .split('|')
    .map((phrase) => phrase.trim())
    .filter(Boolean)
    .map((phrase) => ({ words: phrase.split(/\s+/), valence })),
).sort((a, b) => b.words.length - a.words.length);
