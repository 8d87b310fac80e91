/**
 * Splits text into the tokens the scorer reads: lower-case words (with their inflections
 * reduced to candidate base forms), numbers with an optional sign and %, and the
 * punctuation that ends a clause. Everything else (URLs, symbols, emoji) is dropped.
 */
export type TokenKind = 'word' | 'number' | 'percent' | 'break';

export interface Token {
  text: string;
  kind: TokenKind;
  /** For a number or percent: its value with its sign ("-12%" → -12). */
  value: number;
  /** For a word: the word and the base forms its suffixes may hide ("cuts" → cut). */
  forms: string[];
}

// Words (with inner apostrophes or hyphens), signed numbers with an optional % or scale
// suffix, cashtags, and clause-ending punctuation. Hyphens inside words stay so "short-term"
// is not read as "short".
const TOKEN = /\$?[a-z]+(?:['-][a-z]+)*|[+-]?\$?\d+(?:[.,]\d+)*(?:\s?%|bn|m|k|p)?|[.,;:!?]|\s-\s/g;
const URL = /https?:\/\/\S+|www\.\S+/g;

export function tokenize(text: string): Token[] {
  const clean = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u2013\u2014]/g, ' - ')
    .replace(URL, ' ');
  const tokens: Token[] = [];
  for (const match of clean.matchAll(TOKEN)) tokens.push(toToken(match[0]));
  return tokens;
}

function toToken(raw: string): Token {
  if (/^[.,;:!?]$/.test(raw) || raw.trim() === '-')
    return { text: raw.trim(), kind: 'break', value: 0, forms: [] };
  if (/\d/.test(raw)) {
    const value = Number(raw.replace(/[^\d.+-]/g, '').replace(/(\..*)\./g, '$1'));
    const kind = raw.includes('%') ? 'percent' : 'number';
    return { text: raw, kind, value: Number.isFinite(value) ? value : 0, forms: [] };
  }
  // A cashtag names a ticker: it carries no sentiment and must not match a word ($LOW).
  if (raw.startsWith('$')) return { text: raw, kind: 'word', value: 0, forms: [] };
  return { text: raw, kind: 'word', value: 0, forms: baseForms(raw) };
}

/**
 * The word itself and the forms a plain English suffix may hide: -s, -es, -ies, -ed,
 * -ing (with a dropped e or a doubled consonant restored) and -ly. The lexicon lists base
 * forms; a lookup tries these in order, so no stemmer's mistakes need listing.
 */
export function baseForms(word: string): string[] {
  const forms = [word];
  const add = (form: string) => {
    if (form.length >= 2 && !forms.includes(form)) forms.push(form);
  };
  const n = word.length;
  if (word.endsWith("'s")) add(word.slice(0, -2));
  if (word.endsWith('ies')) add(word.slice(0, -3) + 'y');
  if (word.endsWith('es')) add(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) add(word.slice(0, -1));
  for (const suffix of ['ed', 'ing']) {
    if (!word.endsWith(suffix) || n < suffix.length + 2) continue;
    const stem = word.slice(0, -suffix.length);
    add(stem);
    add(stem + 'e');
    if (stem.at(-1) === stem.at(-2)) add(stem.slice(0, -1));
    if (stem.endsWith('i')) add(stem.slice(0, -1) + 'y');
  }
  if (word.endsWith('ly') && n > 4) add(word.slice(0, -2));
  return forms;
}
