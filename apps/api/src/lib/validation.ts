import type { FastifySchemaCompiler } from 'fastify';
import type { $ZodType } from 'zod/v4/core';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';

export const NUL_MESSAGE = 'Ce champ contient un caractère interdit (caractère nul).';

/** The path of the first string holding a NUL byte (PostgreSQL refuses them in text), or null. */
export function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The zod validator of every route (body, query, params, headers), refusing first any text that
 * holds a NUL byte: a 400 on its field for every route, present and future, instead of a
 * database error.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const path = findNul(data);
    if (path) {
      const instancePath = `/${path.join('/')}`;
      return { error: [{ keyword: 'nul', instancePath, schemaPath: '#', params: {}, message: NUL_MESSAGE }] as never };
    }
    return validate(data);
  };
};
