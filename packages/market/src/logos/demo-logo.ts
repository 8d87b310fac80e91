/**
 * Generated logos of the demo market's fictional companies: a rounded square in a colour
 * chosen from the symbol (and sector), with the company's initials. Deterministic, so a
 * browser may cache it for a long time. Only letters and digits of the name reach the SVG.
 */

/** Hues spread around the wheel; saturation and lightness keep white initials readable. */
const HUES = [4, 24, 42, 88, 140, 168, 190, 210, 232, 258, 284, 316, 340];

/** FNV-1a: a small, stable string hash (the same symbol gets the same colour everywhere). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Up to two initials: the first letters of the first two words, else the symbol's start. */
export function logoInitials(symbol: string, companyName: string): string {
  const words = companyName
    .split(/\s+/)
    .map((word) => word.replace(/[^A-Za-z0-9]/g, ''))
    .filter((word) => word.length > 0);
  const initials = words
    .slice(0, 2)
    .map((word) => word[0] as string)
    .join('');
  const fallback = symbol.replace(/[^A-Za-z0-9]/g, '').slice(0, 2);
  return (initials.length > 0 ? initials : fallback).toUpperCase();
}

/** The colour of a listing: the sector picks a hue family, the symbol a shade within it. */
export function logoColor(symbol: string, sector: string | null): string {
  const base = HUES[hash(sector ?? symbol) % HUES.length] as number;
  const shade = hash(symbol);
  const hue = (base + (shade % 24) - 12 + 360) % 360;
  const lightness = 34 + (shade % 10);
  return `hsl(${hue} 62% ${lightness}%)`;
}

export function demoLogoSvg(listing: {
  symbol: string;
  companyName: string;
  sector: string | null;
}): string {
  const initials = logoInitials(listing.symbol, listing.companyName);
  const color = logoColor(listing.symbol, listing.sector);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
    `<rect width="64" height="64" rx="14" fill="${color}"/>`,
    '<text x="32" y="33" dominant-baseline="central" text-anchor="middle" fill="#fff"',
    ' font-family="Helvetica, Arial, sans-serif" font-size="26" font-weight="700">',
    `${initials}</text></svg>`,
  ].join('');
}
