import { STOCK_PARAM_FORM, type TParameterSchemaOutput } from '@tradebot/api-contract';
import { STOCK_PARAM_BOUNDS, STOCK_PARAM_DEFAULTS, STOCK_PARAM_FLAGS } from '@tradebot/strategy';

/**
 * GET /api/strategy/parameter-schema: each per-stock parameter's bounds, default and tooltip
 * from the one definition in @tradebot/strategy, with the label and step the form shows.
 */
export function parameterSchema(): TParameterSchemaOutput {
  return {
    numeric: STOCK_PARAM_FORM.numeric.map(({ field, label, step }) => {
      const { min, max, integer, description } = STOCK_PARAM_BOUNDS[field];
      return {
        field,
        label,
        min,
        max,
        integer,
        step,
        default: STOCK_PARAM_DEFAULTS[field],
        description,
      };
    }),
    flags: STOCK_PARAM_FORM.flags.map(({ field, label }) => ({
      field,
      label,
      default: STOCK_PARAM_DEFAULTS[field],
      description: STOCK_PARAM_FLAGS[field].description,
    })),
  };
}
