import { describe, expect, it } from 'vitest';
import { baseForms, tokenize } from './tokenizer.js';

describe('tokenize', () => {
  it('reads words, signed percentages, numbers and clause breaks', () => {
    const tokens = tokenize('Acme slumps -12.5%, sheds 2,000 jobs');
    expect(tokens.map((t) => [t.kind, t.text])).toEqual([
      ['word', 'acme'],
      ['word', 'slumps'],
      ['percent', '-12.5%'],
      ['break', ','],
      ['word', 'sheds'],
      ['number', '2,000'],
      ['word', 'jobs'],
    ]);
    expect(tokens[2]!.value).toBe(-12.5);
    expect(tokens[5]!.value).toBe(2000);
  });

  it('drops URLs, keeps hyphenated words whole and gives cashtags no forms', () => {
    const tokens = tokenize('$LOW short-term http://example.com/x — Société');
    expect(tokens.map((t) => t.text)).toEqual(['$low', 'short-term', '-', 'societe']);
    expect(tokens[0]!.forms).toEqual([]);
  });
});

describe('baseForms', () => {
  it('offers the base forms an English suffix may hide', () => {
    expect(baseForms('slumped')).toContain('slump');
    expect(baseForms('rising')).toContain('rise');
    expect(baseForms('cutting')).toContain('cut');
    expect(baseForms('losses')).toContain('loss');
    expect(baseForms('companies')).toContain('company');
    expect(baseForms('sharply')).toContain('sharp');
  });
});
