import { z } from 'zod';

/** Most items GET /api/get-news-sentiment returns (newest first). */
export const NEWS_SENTIMENT_LIMIT = 100;

/** A news item; `published_at` is market time (ISO). */
export const ZNewsItem = z.object({
  title: z.string(),
  url: z.string(),
  description: z.string(),
  symbol: z.string(),
  source: z.string(),
  published_at: z.string(),
  /** In [-1, 1] from the strategy package's scoreSentiment (title and description). */
  sentiment_score: z.number(),
});
export type TNewsItem = z.infer<typeof ZNewsItem>;

/** GET /api/get-news-sentiment: an array, empty when the user monitors nothing. */
export const ZNewsSentimentOutput = z.array(ZNewsItem);
export type TNewsSentimentOutput = z.infer<typeof ZNewsSentimentOutput>;
