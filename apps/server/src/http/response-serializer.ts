import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = FastifySerializerCompiler<z.ZodType>;

/**
 * The JSON Schema of a contract response, as the server writes it: output types, objects
 * closed (a key the contract does not name is dropped, never written), types JSON cannot say
 * left to plain JSON.
 */
export function responseJsonSchema(schema: z.ZodType): object {
  return z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
}

/** A compiled writer for one contract response: only the keys and types the contract names. */
export function compileResponseWriter(schema: z.ZodType): (data: unknown) => string {
  return fastJson(responseJsonSchema(schema) as Parameters<typeof fastJson>[0]);
}

const validating = createSerializerCompiler({});

/**
 * How responses are written. In production each contract response is written by a writer
 * compiled once from its schema (fast-json-stringify): no per-response zod pass. With
 * `validate` (the test app) every response is also parsed by its zod schema, and the compiled
 * writer must agree with it, so the whole test suite checks both the handlers and the writers.
 */
export function responseSerializerCompiler(options: { validate: boolean }): SerializerCompiler {
  return (route) => {
    if (!options.validate) {
      // Compiled at a route's first answer, not at start-up: compiling all of them took
      // ~0.3 s of every start. The test app (validate) compiles each at once, so a schema no
      // writer can be made of fails there.
      let write: ((data: unknown) => string) | undefined;
      return (data: unknown) => (write ??= compileResponseWriter(route.schema))(data);
    }
    const write = compileResponseWriter(route.schema);
    const checked = validating(route);
    return (data: unknown) => {
      const expected = checked(data);
      const written = write(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `The compiled writer of ${route.method} ${route.url} disagrees with the contract: ${written} ≠ ${expected}`,
        );
      }
      return written;
    };
  };
}
