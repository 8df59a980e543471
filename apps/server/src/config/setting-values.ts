import { z } from 'zod';

/** Schemas for a variable's raw text; an unset or blank variable is undefined. */

export const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** 1/0, true/false, on/off, yes/no; undefined when unset. */
export const flag = optionalText.pipe(
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
      error: 'must be 1 or 0 (true/false)',
    })
    .optional()
    .transform((value) =>
      value === undefined ? undefined : ['1', 'true', 'on', 'yes'].includes(value),
    ),
);

/** A whole number within min and max, the default when unset. */
export const wholeNumber = (fallback: number, min: number, max?: number) => {
  const bounded = z.coerce.number<string | undefined>().int().min(min);
  return optionalText.pipe((max === undefined ? bounded : bounded.max(max)).default(fallback));
};

/** A whole number of at least 1, the default when unset. */
export const positiveInt = (fallback: number) => wholeNumber(fallback, 1);

/** An optional value that must pass `schema` when set. */
export const optional = <S extends z.ZodType<unknown, string>>(schema: S) =>
  optionalText.pipe(schema.optional());

/** A thrown configuration problem; its message names the variable and what to put there. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Runs a parser whose messages say what is wrong, prefixing them with the variable's name. */
export function wrap<T>(name: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new ConfigError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** For parsers whose messages already start with the variable's name. */
export function wrapNamed<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}
