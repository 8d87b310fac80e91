/** A hostname as companies publish one (letters, digits, dashes, dots); nothing else is sent. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** `https://www.apple.com/` or `Apple.com` → `apple.com`; null when it is not a hostname. */
export function bareDomain(domain: string | null | undefined): string | null {
  if (!domain) return null;
  const host = domain
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .split(/[/?#]/)[0] as string;
  return DOMAIN.test(host) ? host : null;
}

/**
 * The logo address of a real listing from the configured template (LOGO_URL_TEMPLATE, with
 * `{domain}` and/or `{symbol}`); null when the template needs a domain the company lacks.
 */
export function templateLogoUrl(
  template: string,
  listing: { symbol: string; domain: string | null },
): string | null {
  const domain = bareDomain(listing.domain);
  if (template.includes('{domain}') && domain === null) return null;
  return template
    .replaceAll('{domain}', domain ?? '')
    .replaceAll('{symbol}', encodeURIComponent(listing.symbol));
}
