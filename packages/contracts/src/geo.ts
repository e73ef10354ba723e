import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { geoLines as lines } from './routes/geo';

/** A commune of the offline dataset (@ouvrage/geo). */
export const communeItem = z.object({
  code: z.string(),
  nom: z.string(),
  departement: z.string(),
  codesPostaux: z.array(z.string()),
  population: z.number(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  approx: z.boolean(),
});
export type CommuneItem = z.infer<typeof communeItem>;

export const communeSearchQuery = z.object({
  q: z.string({ error: 'Saisissez un nom de commune ou un code postal.' }).trim().min(1, 'Saisissez un nom de commune ou un code postal.').max(100),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** Offline communes and départements (address forms, intervention zones). */
export const geoEndpoints = {
  communes: defineEndpoint({ ...lines.communes, query: communeSearchQuery, response: z.array(communeItem), errors: [400] }),
  departements: defineEndpoint({ ...lines.departements, response: z.array(z.object({ code: z.string(), nom: z.string() })), errors: [] }),
};
