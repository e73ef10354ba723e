import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

export interface SerializerOptions {
  /**
   * Also check each answer against its zod schema (a 500 on a mismatch, as before): on in
   * development and tests, where a handler drifting from its contract must fail loudly; off in
   * production, where the compiled serializer alone writes the answer.
   */
  validate: boolean;
}

/**
 * Response serializer of every route (decision 0961): the route's zod response schema turned once
 * into JSON Schema and compiled by fast-json-stringify, instead of zod-encoding each answer and
 * then JSON.stringify-ing it (a fifth of an authenticated read's CPU with the validation). Like
 * zod, the compiled serializer writes only the properties the schema declares: a field a handler
 * adds by mistake never leaves the server. A schema JSON Schema cannot express (a transform) keeps
 * the zod serializer.
 *
 * Fastify asks for every route's serializers before listening; compiling them all there took a
 * second of each start (decision 0863). The zod serializer is made at once (it only checks that the
 * schema is a zod schema), the compiled one on the first answer that uses it, then kept: the same
 * serializer as before, built later.
 */
export function createSerializerCompiler({ validate }: SerializerOptions): FastifySerializerCompiler<$ZodType> {
  return (route) => {
    const checked = zodSerializerCompiler(route);
    let serialize: ((data: unknown) => string) | undefined;
    return (data) => (serialize ??= compileSerializer(route.schema, checked, validate))(data);
  };
}

/** The serializer of one response schema: compiled by fast-json-stringify, zod's when it cannot be. */
function compileSerializer(schema: $ZodType, checked: (data: unknown) => string, validate: boolean): (data: unknown) => string {
  let compiled: (data: unknown) => string;
  try {
    const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema as z.ZodType, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'ref',
      reused: 'inline',
    });
    compiled = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return checked;
  }
  // A value the compiled serializer cannot write (a required property missing: zod would have
  // filled in a default) goes through zod, which fills it in or answers the 500 it always did.
  if (!validate) {
    return (data) => {
      try {
        return compiled(data);
      } catch {
        return checked(data);
      }
    };
  }
  return (data) => {
    checked(data); // throws the same ResponseSerializationError as before on a mismatch
    return compiled(data);
  };
}
