/**
 * Which pages may open /ws: a browser sends the page's origin with the upgrade, and a page of
 * another site must not ride a token it got hold of. Allowed: no Origin at all (scripts and other
 * non-browser clients, which authenticate with their token alone), the origin of APP_URL (the
 * address the app is served on), and an origin on the very host the request came to (the app
 * opened by IP or another name of this server, the Vite dev server's proxy).
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  appUrl: string | undefined,
): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (appUrl && new URL(appUrl).origin === parsed.origin) return true;
  return host !== undefined && parsed.host === host.toLowerCase();
}
