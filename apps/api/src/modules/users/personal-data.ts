import type { ExportPart } from '../data-export';
import * as repo from './repository';

/** The account itself in a person's data export (decision 1233): never the password or its hash. */
export const profileExport: ExportPart = {
  name: 'profile',
  collect: async ({ db, user }) => {
    const row = await repo.findUser(db, user.id);
    if (!row) return null;
    const pending = await repo.pendingEmailChange(db, user.id);
    return {
      id: row.id,
      civility: row.civility,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      pending_email: pending?.newEmail ?? null,
      phone: row.phone,
      country: row.country,
      user_type: row.userType,
      validation: row.isValidate,
      validation_reason: row.validationReason,
      language: row.language,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  },
};
