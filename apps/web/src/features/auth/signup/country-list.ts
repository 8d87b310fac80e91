import { countryTuples } from 'country-region-data';
import { countryOptions } from './countries';

/**
 * The sign-up list from country-region-data (about 250 countries). Its ES module build exports
 * `[name, code]` tuples; the CommonJS build has another shape, hence this browser-only module.
 */
export const COUNTRY_OPTIONS = countryOptions(countryTuples);
