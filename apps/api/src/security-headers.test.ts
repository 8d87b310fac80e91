import { describe, expect, it } from 'vitest';
import { imageSource } from './security-headers.js';

describe('the CSP img-src of a logo template', () => {
  it('admits the template’s origin only, or its scheme when the host is templated', () => {
    expect(imageSource(undefined)).toEqual([]);
    expect(imageSource('https://logo.clearbit.com/{domain}')).toEqual([
      'https://logo.clearbit.com',
    ]);
    expect(imageSource('https://Img.Example.com:8443/l/{symbol}.png')).toEqual([
      'https://img.example.com:8443',
    ]);
    expect(imageSource('https://{domain}/favicon.ico')).toEqual(['https:']);
  });
});
