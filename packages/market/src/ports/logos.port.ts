/**
 * The logos port: an image address per symbol, or null ("No Logo").
 * TODO(Step 6, logos slice): the address-template adapter built from the company domain and
 * generated logos for the demo companies.
 */
export interface LogosPort {
  /** Upper-cased symbols → image address or null; unknown symbols map to null. */
  getLogos(symbols: readonly string[]): Promise<Record<string, string | null>>;
}
