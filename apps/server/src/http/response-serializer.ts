import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bytesOfJson, isSpacedJson, textOfJson } from './json-text.ts';

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
 * compiled once from its schema (fast-json-stringify): no per-response zod pass; an answer that
 * is already JSON text (`jsonText`) is sent as it is, as bytes. With `validate` (the test app) every
 * response is also parsed by its zod schema, and the compiled writer must agree with it, so the
 * whole test suite checks both the handlers and the writers; JSON text must be exactly what the
 * compiled writer writes for the value it spells, so the web app cannot tell the two apart.
 */
export function responseSerializerCompiler(options: { validate: boolean }): SerializerCompiler {
  return (route) => {
    if (!options.validate) {
      // Compiled at a route's first answer, not at start-up: compiling all of them took
      // ~0.3 s of every start. The test app (validate) compiles each at once, so a schema no
      // writer can be made of fails there.
      let write: ((data: unknown) => string) | undefined;
      return (data: unknown) => {
        const bytes = bytesOfJson(data);
        // Fastify sends a Buffer a serializer answers as it is; its type names only strings.
        if (bytes) return bytes as unknown as string;
        return (write ??= compileResponseWriter(route.schema))(data);
      };
    }
    const write = compileResponseWriter(route.schema);
    const checked = validating(route);
    return (data: unknown) => {
      const text = textOfJson(data);
      const value: unknown = text === undefined ? data : JSON.parse(text);
      const expected = checked(value);
      const written = write(value);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `The compiled writer of ${route.method} ${route.url} disagrees with the contract: ${written} ≠ ${expected}`,
        );
      }
      const spelled = isSpacedJson(data) ? JSON.stringify(value) : text;
      if (spelled !== undefined && spelled !== written) {
        throw new Error(
          `The JSON text answered by ${route.method} ${route.url} differs from what its compiled writer writes: ${text} ≠ ${written}`,
        );
      }
      return written;
    };
  };
}
