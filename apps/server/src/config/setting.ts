import type { z } from 'zod';
import type { HostUnitMap } from '@gds/contract';

/** The environment as the process gives it: raw text by variable name. */
export type Environment = Record<string, string | undefined>;

/** Where a setting's row stands in the documentation: its table and its cells. */
export interface SettingRow {
  /**
   * The table: the README's Configuration table, its table of the operations settings, or
   * the data API guide's (docs/data-api.md).
   */
  table: 'configuration' | 'operations' | 'data-api';
  /** The variables the row names (a pattern such as CONNECTOR_<NAME>_CLIENT_ID for a family). */
  variables: readonly string[];
  default: string;
  meaning: string;
}

/**
 * What a setting may read besides its own variables: the settings of the mode, declared
 * before it (reading one that is not loaded yet is a mistake in the declaration, and throws).
 */
export interface SettingContext {
  env: Environment;
  production: boolean;
  sandbox: boolean;
  port: number;
  publicUrl: string;
  skinHosts: HostUnitMap;
}

type Schemas = Record<string, z.ZodType<unknown, string | undefined>>;
type Parsed<V extends Schemas> = { [K in keyof V]: z.output<V[K]> };

/**
 * One setting of the server: the variables it reads (each with the schema its raw text must
 * pass), how its value in Config is made from them, and its rows in the documentation.
 */
export interface Setting<V extends Schemas = Schemas, T = unknown> {
  variables: V;
  value(values: Parsed<V>, context: SettingContext): T;
  rows: readonly SettingRow[];
  /** Variables whose value may hold a secret: a bad value is named but never repeated. */
  secret?: readonly (keyof V & string)[];
}

/** Declares a setting; the value's type is inferred from its variables' schemas. */
export function setting<V extends Schemas, T>(declaration: Setting<V, T>): Setting<V, T> {
  return declaration;
}

/** A setting that is its one variable's parsed value. */
export function variable<S extends z.ZodType<unknown, string | undefined>>(
  name: string,
  schema: S,
  row: Omit<SettingRow, 'variables'>,
  options: { secret?: boolean } = {},
): Setting<Record<string, S>, z.output<S>> {
  return {
    variables: { [name]: schema },
    value: (values) => values[name] as z.output<S>,
    rows: [{ ...row, variables: [name] }],
    ...(options.secret ? { secret: [name] } : {}),
  };
}

/** The settings' values, by key, as the loader makes them. */
export type ValuesOf<S extends Record<string, Setting>> = {
  -readonly [K in keyof S]: ReturnType<S[K]['value']>;
};
