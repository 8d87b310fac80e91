import { SmaIndicator, sma } from './moving-averages.js';

/** Average volume: the simple moving average of volume over `period` bars, first value at index period−1. */
export function averageVolume(volume: Float64Array, period: number): Float64Array {
  return sma(volume, period);
}

/** Incremental average volume (an SMA of volume): an IncrementalIndicator fed `[volume]`. */
export class AverageVolumeIndicator extends SmaIndicator {}
