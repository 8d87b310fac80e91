import { describe, expect, it } from 'vitest';
import { bareDomain, demoLogoSvg, logoColor, logoInitials, templateLogoUrl } from './index.js';

describe('generated demo logos', () => {
  it('draws the initials of the first two words in a colour fixed by symbol and sector', () => {
    expect(logoInitials('GRYH', 'Gryhir Bancorp Inc.')).toBe('GB');
    expect(logoInitials('X', 'Zephyr')).toBe('Z');
    expect(logoInitials('BRK.B', '...')).toBe('BR');
    expect(logoColor('GRYH', 'Financials')).toBe(logoColor('GRYH', 'Financials'));
    expect(logoColor('GRYH', 'Financials')).not.toBe(logoColor('KEMY', 'Energy'));
    expect(logoColor('AAAA', null)).toMatch(/^hsl\(\d+ 62% \d+%\)$/);
  });

  it('never lets a name reach the SVG as markup', () => {
    const svg = demoLogoSvg({
      symbol: 'ZZX',
      companyName: '<script>alert("x")</script> & "Co"',
      sector: null,
    });
    expect(svg).toMatch(/^<svg [^]*>SC<\/text><\/svg>$/);
    expect(svg).not.toMatch(/script|alert|&|"Co"/);
  });
});

describe('template logos', () => {
  it('fills the template from a clean domain, or gives null', () => {
    const t = 'https://logo.example.com/{domain}';
    expect(templateLogoUrl(t, { symbol: 'AAPL', domain: 'https://www.Apple.com/about' })).toBe(
      'https://logo.example.com/apple.com',
    );
    expect(templateLogoUrl(t, { symbol: 'AAPL', domain: null })).toBeNull();
    expect(templateLogoUrl(t, { symbol: 'AAPL', domain: 'not a domain' })).toBeNull();
    expect(
      templateLogoUrl('https://img.example.com/{symbol}.png', { symbol: 'BRK.B', domain: null }),
    ).toBe('https://img.example.com/BRK.B.png');
    expect(bareDomain('evil.com/../x?y')).toBe('evil.com');
    expect(bareDomain('"><img>')).toBeNull();
  });
});
