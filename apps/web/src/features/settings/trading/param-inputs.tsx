import type { TParameterSchemaOutput } from '@tradebot/api-contract';
import { Checkbox, Input, NumberInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { screenBounds, shownValue, typedValue } from '../../../lib/screen-units';
import { outOfBounds, type EditValue } from './parameter-edits';

export type NumericSpec = TParameterSchemaOutput['numeric'][number];
export type FlagSpec = TParameterSchemaOutput['flags'][number];

/** What a parameter's tooltip says: its description and bounds, in the unit the input shows. */
export const specNote = (spec: NumericSpec) => {
  const shown = screenBounds(spec.field, spec);
  return `${spec.description} ${shown.min} to ${shown.max}; default ${shown.default}.`;
};

/** A number input's value: the stored number in screen units, or '' (emptied: the default). */
const inputValue = (spec: NumericSpec, value: EditValue): number | '' =>
  typeof value === 'number' ? shownValue(spec.field, value) : '';

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
  const shown = screenBounds(spec.field, spec);
  return (
    <NumberInput
      size="xs"
      label={label}
      aria-label={label ? undefined : `${spec.label} ${symbol}`}
      min={shown.min}
      max={shown.max}
      step={shown.step}
      decimalScale={spec.integer ? 0 : 6}
      allowDecimal={!spec.integer}
      value={inputValue(spec, value)}
      placeholder={String(shown.default)}
      onChange={(next) => onChange(typedValue(spec.field, typeof next === 'number' ? next : ''))}
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
  const shown = screenBounds(spec.field, spec);
  return (
    <Input
      size="xs"
      type="number"
      aria-label={`${spec.label} ${symbol}`}
      min={shown.min}
      max={shown.max}
      step={spec.integer ? 1 : shown.step}
      value={inputValue(spec, value)}
      placeholder={String(shown.default)}
      onChange={(event) => {
        const raw = event.currentTarget.value;
        const next = Number(raw);
        onChange(raw === '' || !Number.isFinite(next) ? '' : typedValue(spec.field, next));
      }}
      error={invalid}
      aria-invalid={invalid}
      title={
        invalid ? `${shown.min} to ${shown.max}${spec.integer ? ', whole numbers' : ''}` : undefined
      }
      w={84}
      styles={
        edited && !invalid ? { input: { borderColor: 'var(--mantine-color-yellow-6)' } } : undefined
      }
    />
  );
}
