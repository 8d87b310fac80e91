/**
 * Hand-written headlines and posts with a score chosen by the author of this file (not taken
 * from any labelled data set): the small labelled set the tests measure the scorer on.
 */
export const LABELLED_EXAMPLES: [string, number][] = [
  ['Acme Corp beats analyst estimates and raises full-year guidance', 0.8],
  ['Northwind shares slump 14% after a surprise profit warning', -0.9],
  ['Globex cuts its dividend as losses widen', -0.8],
  ['Initech narrows its loss and cuts costs, shares rise', 0.6],
  ['Broker upgrades Umbrella to buy, sees 30% upside', 0.7],
  ['Analysts downgrade Hooli to sell on weak demand', -0.7],
  ['Stark Industries posts record revenue for the third quarter', 0.7],
  ['Wayne Enterprises to lay off 2,000 workers in restructuring', -0.6],
  ['Cyberdyne misses forecasts as sales fall 8%', -0.7],
  ['Soylent profit up 12% on strong demand', 0.7],
  ['Tyrell shares down 5% as regulator opens probe into accounts', -0.7],
  ['Oscorp wins $2bn defence contract', 0.6],
  ['Vandelay debt falls to lowest level in a decade', 0.5],
  ['Massive Dynamic recalls 40,000 cars over brake defect', -0.7],
  ['Gringotts fined over mis-selling scandal', -0.8],
  ['Monsters Inc revenue growth slows, outlook cut', -0.6],
  ['Dunder Mifflin completes acquisition of rival, expects synergies', 0.5],
  ['Pied Piper files for bankruptcy', -0.9],
  ['Long $XYZ here, breakout above resistance, loading up on calls', 0.7],
  ['$XYZ looks ugly, bearish setup, buying puts', -0.7],
  ['Not bullish on $ABC at all, fundamentals are terrible', -0.7],
  ['Earnings were weak but guidance beat expectations, shares jump', 0.5],
  ['Costs rise sharply, squeezing margins', -0.6],
  ['Sterling Cooper shares soar on takeover bid', 0.8],
];
