export {
  scoreSentiment,
  scoreSentimentWith,
  SENTIMENT_DEFAULTS,
  type SentimentWeights,
} from './score.js';
