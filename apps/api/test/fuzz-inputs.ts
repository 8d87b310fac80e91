import fc from 'fast-check';

/**
 * Hostile inputs for the route fuzz test: the values that broke the API before (NUL, lone
 * surrogates, ids beyond the integer column, dates beyond the Date range) and their kin.
 */
const nastyStrings = [
  '\u0000',
  'user\u0000',
  '\ud800',
  'x\udfff',
  '',
  ' ',
  '-271821-04-20T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '0000-00-00T00:00:00Z',
  '2147483648',
  '99999999999',
  '-1',
  '1e400',
  'NaN',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '😀'.repeat(64),
  'a'.repeat(5000),
];
const nastyNumbers = [
  2_147_483_648,
  99_999_999_999,
  -2_147_483_649,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
];

/** Any UTF-16 code unit, lone surrogates included (fc's default strings are well formed). */
const codeUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  maxLength: 24,
});

export const nastyLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.constantFrom(...nastyNumbers),
  codeUnits,
  fc.string({ maxLength: 24 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

/** An object with some of the schema's own keys (so inputs reach the schemas) and stray ones. */
export function nastyObject(keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const key = keys.length ? fc.oneof(fc.constantFrom(...keys), codeUnits) : codeUnits;
  const value = fc.oneof(
    { weight: 4, arbitrary: nastyLeaf },
    fc.array(nastyLeaf, { maxLength: 3 }),
    fc.dictionary(key, nastyLeaf, { maxKeys: 3 }),
  );
  return fc.dictionary(key, value, { maxKeys: 6 });
}

/** A JSON body: mostly objects shaped like the route's input, sometimes anything at all. */
export const nastyBody = (keys: readonly string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: nastyObject(keys) },
    nastyLeaf,
    fc.array(nastyLeaf, { maxLength: 4 }),
    fc.jsonValue({ maxDepth: 3 }),
  );

/** Bodies that are not what their content type says, or not decodable at all. */
export const rawBodies: ReadonlyArray<{ type: string; payload: string | Buffer }> = [
  { type: 'application/json', payload: '{"username":' },
  { type: 'application/json', payload: '{"username":"\\u0000","password":"x"}' },
  { type: 'application/json', payload: '{"id":"\\ud800"}' },
  { type: 'application/json', payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { type: 'application/json', payload: '1e999' },
  { type: 'application/json', payload: '[' + '['.repeat(5000) + ']'.repeat(5001) },
  { type: 'application/x-www-form-urlencoded', payload: 'username=%00&password=%00' },
  { type: 'application/x-www-form-urlencoded', payload: 'username=%ZZ&password=%E0%A4%A' },
  { type: 'text/plain', payload: 'hello' },
  { type: 'application/xml', payload: '<a/>' },
];

/** A lone surrogate has no UTF-8 form, so it travels as the bytes a broken client would send. */
function encodePathParam(text: string) {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** Values for a `:id` path parameter, already URL-encoded where they need it. */
export const nastyPathParam = fc.oneof(
  fc.constantFrom('2147483648', '99999999999', '-1', '0', '1.5', '1e400', '%00', '%ZZ', 'abc'),
  fc.constantFrom(...nastyStrings).map((text) => encodePathParam(text.slice(0, 100))),
  fc.integer().map(String),
);

/** Every key an input schema names, nested objects and union members included (zod 4). */
export function schemaKeys(schema: unknown, into = new Set<string>()): Set<string> {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return into;
  const shape = def.shape as Record<string, unknown> | undefined;
  for (const [key, inner] of Object.entries(shape ?? {})) {
    into.add(key);
    schemaKeys(inner, into);
  }
  for (const option of (def.options as unknown[] | undefined) ?? []) schemaKeys(option, into);
  for (const inner of [def.innerType, def.in, def.out]) schemaKeys(inner, into);
  return into;
}

/** What a response must never carry: source paths and lines, stacks, SQL and driver codes. */
export const INTERNALS =
  /\/work\/|node_modules|\.[cm]?[jt]s:\d+|\n\s+at |prisma|SQLSTATE|invalid byte sequence|\bP[12]\d{3}\b|22021|22P0\d|\bat async\b/i;
