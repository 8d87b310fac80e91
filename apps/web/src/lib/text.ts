/** "stop_loss" → "stop loss". */
export const words = (value: string) => value.replace(/_/g, ' ');
