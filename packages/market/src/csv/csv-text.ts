/** One record of a CSV text: its fields and the line it starts on (1-based; the header is 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Splits CSV text (RFC 4180: comma-separated, fields optionally in double quotes with "" for a
 * quote, CRLF or LF line ends) into records. A quoted field may hold commas and line breaks,
 * as the fundamentals' sub-industry names do ("Hotels, Resorts & Cruise Lines"). Blank lines
 * are skipped; a byte-order mark is dropped.
 */
export function parseCsvText(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let i = start; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += ch;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
