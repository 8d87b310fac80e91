import type { TParameterSchemaOutput } from '@tradebot/api-contract';
import { Checkbox, NumberInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EditValue } from './parameter-edits';

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
