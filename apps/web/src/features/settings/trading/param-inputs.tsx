import type { TParameterSchemaOutput } from '@tradebot/api-contract';
import { Checkbox, Input, NumberInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { outOfBounds, type EditValue } from './parameter-edits';

export type NumericSpec = TParameterSchemaOutput['numeric'][number];
export type FlagSpec = TParameterSchemaOutput['flags'][number];

/** What a parameter's tooltip says: its description and bounds. */
export const specNote = (spec: NumericSpec) =>
  `${spec.description} ${spec.min} to ${spec.max}; default ${spec.default}.`;

interface NumberProps {
  spec: NumericSpec;
  symbol: string;
  value: EditValue;
  onChange: (value: number | '') => void;
  label?: ReactNode;
  edited?: boolean;
}

/** One per-stock numeric parameter, bounded as the parameter schema says; empty = default. */
export function ParamNumberInput({ spec, symbol, value, onChange, label, edited }: NumberProps) {
  return (
    <NumberInput
      size="xs"
      label={label}
      aria-label={label ? undefined : `${spec.label} ${symbol}`}
      min={spec.min}
      max={spec.max}
      step={spec.step}
      decimalScale={spec.integer ? 0 : 6}
      allowDecimal={!spec.integer}
      value={typeof value === 'boolean' ? '' : value}
      placeholder={String(spec.default)}
      onChange={(next) => onChange(typeof next === 'number' ? next : '')}
      w={label ? undefined : 92}
      styles={edited ? { input: { borderColor: 'var(--mantine-color-yellow-6)' } } : undefined}
    />
  );
}

interface FlagProps {
  spec: FlagSpec;
  symbol: string;
  value: EditValue;
  onChange: (value: boolean) => void;
  label?: ReactNode;
}

/** One per-stock on/off parameter (the MACD gates). */
export function ParamFlagInput({ spec, symbol, value, onChange, label }: FlagProps) {
  return (
    <Checkbox
      label={label}
      aria-label={label ? undefined : `${spec.label} ${symbol}`}
      checked={value === true}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

interface CellProps {
  spec: NumericSpec;
  symbol: string;
  value: EditValue;
  onChange: (value: number | '') => void;
  edited: boolean;
}

/**
 * The table's numeric cell: a plain number input (min, max, step), far lighter than NumberInput,
 * so hundreds of stocks with 14 inputs each render and type without lag. A value outside the
 * bounds (or a fraction where a whole number is needed) is marked, and the server refuses it by
 * name on save.
 */
export function ParamCellInput({ spec, symbol, value, onChange, edited }: CellProps) {
  const invalid = typeof value === 'number' && outOfBounds(spec, value);
  return (
    <Input
      size="xs"
      type="number"
      aria-label={`${spec.label} ${symbol}`}
      min={spec.min}
      max={spec.max}
      step={spec.integer ? 1 : spec.step}
      value={typeof value === 'number' ? value : ''}
      placeholder={String(spec.default)}
      onChange={(event) => {
        const raw = event.currentTarget.value;
        const next = Number(raw);
        onChange(raw === '' || !Number.isFinite(next) ? '' : next);
      }}
      error={invalid}
      title={
        invalid ? `${spec.min} to ${spec.max}${spec.integer ? ', whole numbers' : ''}` : undefined
      }
      w={84}
      styles={
        edited && !invalid ? { input: { borderColor: 'var(--mantine-color-yellow-6)' } } : undefined
      }
    />
  );
}
