import { describe, expect, it } from 'vitest';
import { AverageVolumeIndicator, averageVolume } from './volume.js';
import { firstValueIndex, syntheticBars } from './testing.js';

describe('averageVolume', () => {
  it('is the simple mean of the last `period` volumes', () => {
    const out = averageVolume(Float64Array.from([100, 200, 300, 600]), 2);
    expect(out[0]).toBeNaN();
    expect(Array.from(out.subarray(1))).toEqual([150, 250, 450]);
    expect(firstValueIndex(averageVolume(Float64Array.from([1, 2, 3, 4, 5]), 5))).toBe(4);
  });

  it('AverageVolumeIndicator reproduces it bit for bit', () => {
    const { volume } = syntheticBars(600, 42);
    const ind = new AverageVolumeIndicator(20);
    const out = volume.map((v) => ind.update(v));
    expect(out).toEqual(averageVolume(volume, 20));
    expect(ind.isReady).toBe(true);
    expect(ind.value).toBe(out[599]);
  });

  it('rejects bad periods', () => {
    expect(() => new AverageVolumeIndicator(0)).toThrow(RangeError);
    expect(() => averageVolume(new Float64Array(3), -2)).toThrow(RangeError);
  });
});
