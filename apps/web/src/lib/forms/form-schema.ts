import { z } from 'zod';
import type { FormSchema } from './use-contract-form';

// zod's own messages in French, as on the API: `packages/contracts/src/common.ts` says so, but the
// web build drops that line (the contracts are declared free of side effects, vite.config.ts).
z.config(z.locales.fr());

/**
 * A contract's request schema for `useContractForm`: the form checks what the API will check,
 * with the API's sentences. Import it only in forms below the first screen (zod is ≈ 20 kB,
 * decision 0948); a first page's form checks with the domain's rules (`rules`) instead.
 */
export function formSchema(schema: z.ZodType): FormSchema {
  return schema as unknown as FormSchema;
}
