/** Types for vader-sentiment 1.1 (the package ships none): the one call the bench uses. */
declare module 'vader-sentiment' {
  export const SentimentIntensityAnalyzer: {
    polarity_scores(text: string): { neg: number; neu: number; pos: number; compound: number };
  };
}
