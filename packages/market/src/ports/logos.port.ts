/**
 * The logos port: an image address per symbol, or null ("No Logo").
 * Adapters: `logos/template-logo.ts` (LOGO_URL_TEMPLATE filled from the company domain) and
 * `logos/demo-logo.ts` (generated SVGs of demo companies, served by the API); core's explorer
 * service (`explorer.logos`) picks between them by the user's universe.
 */
export interface LogosPort {
  /** Upper-cased symbols → image address or null; unknown symbols map to null. */
  getLogos(symbols: readonly string[]): Promise<Record<string, string | null>>;
}
