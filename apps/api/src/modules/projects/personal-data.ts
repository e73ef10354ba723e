import { asc, eq } from 'drizzle-orm';
import { projects, type Executor } from '@ouvrage/db';
import type { ExportPart } from '../data-export';
import { projectLabelsByIds } from './repository';

/** The ids of the projects a client submitted, oldest first. */
export async function clientProjectIds(db: Executor, clientId: number): Promise<number[]> {
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, clientId)).orderBy(asc(projects.id));
  return rows.map((r) => r.id);
}

/**
 * The projects a client submitted, in their data export (decision 1233): the request as written,
 * the works address and the contact copied onto the project. A professional's projects are their
 * tenders (the tenders module's part).
 */
export const projectsExport: ExportPart = {
  name: 'projects',
  collect: async ({ db, user }) => {
    const rows = await db.select().from(projects).where(eq(projects.clientId, user.id)).orderBy(asc(projects.id));
    const labels = new Map(
      (
        await projectLabelsByIds(
          db,
          rows.map((r) => r.id),
        )
      ).map((l) => [l.id, l]),
    );
    return rows.map((p) => ({
      id: p.id,
      category: labels.get(p.id)?.categoryName ?? '',
      property: labels.get(p.id)?.bienName ?? '',
      state: p.state,
      stage: p.stage,
      address: { street: p.street, postcode: p.postcode, city: p.city, show_address: p.showAddress },
      surface_m2: p.surface,
      works_surface_m2: p.worksSurface,
      property_value_cents: p.propertyValueCents,
      budget: p.budget,
      timing: p.times,
      delay: p.delai,
      owner_status: p.proprio,
      description: p.description,
      support_requested: p.accompagnement,
      support_need: p.besoinAccompagnement,
      client_type: p.typeClient,
      company_name: p.companyName,
      siret: p.siret,
      contact: { civility: p.civility, firstname: p.firstname, lastname: p.lastname, email: p.email, phone: p.phone, country: p.country },
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    }));
  },
};
