/** Tenders as each screen shows them: the professional's lists, the admin's, the client's « who accepted », the bell. */
import type { AdminTender, ProfessionalTender, PublicProfessional, TenderClientContact } from '@ouvrage/contracts';
import { TENDER_STATUSES_WITH_PROJECT_FILES, type ProjectState, type TenderStatus } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import type { Executor } from '@ouvrage/db';
import { notFound } from '../../lib/errors';
import { professionalIdentities, publicProfiles, type ProfessionalIdentity } from '../professionals';
import { findProjectIdsBySearch } from '../projects';
import { searchProfessionalIds } from '../users';
import { capTotal } from '../../lib/capped-count';
import * as repo from './repository';
import type { AdminBellMemory } from './admin-bell';
import { type Caller, iso } from './tenders-context';

type FileRow = Awaited<ReturnType<typeof repo.filesOfProjects>>[number];

function projectView(row: Pick<repo.TenderWithProject, 'project' | 'categoryName' | 'bienName'>, files: FileRow[]) {
  const p = row.project;
  return {
    id: p.id,
    category_name: row.categoryName,
    bien_name: row.bienName,
    support: p.support,
    ville: p.city,
    codePostale: p.postcode,
    departement: p.departement,
    surface: p.surface,
    surfaceTravaux: p.worksSurface,
    budget: p.budget,
    budget_min_cents: p.budgetMinCents,
    budget_max_cents: p.budgetMaxCents,
    times: p.times,
    delai: p.delai,
    proprio: p.proprio,
    description: p.description,
    accompagnement: p.accompagnement,
    besoinAccompagnement: p.besoinAccompagnement,
    typeClient: p.typeClient,
    state: p.state,
    created_at: p.createdAt.toISOString(),
    files: files.filter((f) => f.projectId === p.id).map((f) => ({ id: f.id, name: f.name, mime_type: f.mimeType, size_bytes: f.sizeBytes })),
  };
}

function clientContact(p: repo.TenderWithProject['project']): TenderClientContact {
  return {
    client_id: p.clientId,
    civility: p.civility,
    firstname: p.firstname,
    lastname: p.lastname,
    company_name: p.companyName,
    email: p.email,
    phone: p.phone,
    street: p.street,
    codePostale: p.postcode,
    ville: p.city,
  };
}

/**
 * The client's name, e-mail, phone and street appear only once the professional has accepted; the
 * project's files only while the tender gives access to them (decision 0440), so a refused, withdrawn,
 * expired or closed tender lists none.
 */
function professionalTenderView(row: repo.TenderWithProject, allFiles: FileRow[]): ProfessionalTender {
  const o = row.offer;
  const files = (TENDER_STATUSES_WITH_PROJECT_FILES as readonly TenderStatus[]).includes(row.status) ? allFiles : [];
  return {
    id: o.id,
    status: row.status,
    validation: o.validation,
    available: row.available,
    can_answer: row.available,
    reply_deadline: o.replyDeadline.toISOString(),
    message: o.adminMessage,
    refusal_reason: o.refusalReason,
    answered_at: iso(o.answeredAt),
    created_at: o.createdAt.toISOString(),
    project: projectView(row, files),
    client: row.status === 'Acceptée' ? clientContact(row.project) : null,
  };
}

type AdminTenderRow = Awaited<ReturnType<typeof repo.tendersByIds>>[number];

/** Admin rows of a page: their projects come with them; the professionals are read once for the page. */
export async function adminTenderViews(db: Executor, rows: AdminTenderRow[]): Promise<AdminTender[]> {
  const pros = await professionalIdentities(
    db,
    rows.map((r) => r.offer.professionalId),
  );
  return rows.flatMap((r) => {
    const pro = pros.get(r.offer.professionalId);
    return pro ? [adminTenderView(r, pro)] : [];
  });
}

function adminTenderView(r: AdminTenderRow, pro: ProfessionalIdentity): AdminTender {
  const o = r.offer;
  const p = r.project;
  const client = p.companyName ? `${p.companyName} (${p.firstname} ${p.lastname})` : `${p.firstname} ${p.lastname}`;
  return {
    id: o.id,
    status: r.status,
    validation: o.validation,
    reply_deadline: o.replyDeadline.toISOString(),
    message: o.adminMessage,
    refusal_reason: o.refusalReason,
    answered_at: iso(o.answeredAt),
    created_at: o.createdAt.toISOString(),
    match_score: o.matchScore,
    project: { id: p.id, category_name: r.categoryName, bien_name: r.bienName, ville: p.city, state: p.state, client_name: client },
    professional: {
      id: o.professionalId,
      name: `${pro.firstname} ${pro.lastname}`.trim(),
      company: pro.tradeName || pro.company || null,
      email: pro.email,
      user_type: pro.userType,
    },
  };
}

export async function adminList(
  deps: AppDeps,
  q: { page: number; per_page: number; project_id?: number; professional_id?: number; project?: string; professional?: string; status?: TenderStatus },
) {
  // Names typed by the admin become ids through the modules that own them (decision 0450).
  const projectIds = q.project ? await findProjectIdsBySearch(deps, q.project) : undefined;
  const professionalIds = q.professional ? await searchProfessionalIds(deps.db, q.professional) : undefined;
  if (projectIds?.length === 0 || professionalIds?.length === 0) return { items: [], total: 0, total_capped: false, page: q.page, per_page: q.per_page };
  const { rows, total, total_capped } = await repo.listAdmin(
    deps.db,
    { projectId: q.project_id, professionalId: q.professional_id, projectIds, professionalIds, status: q.status },
    { limit: q.per_page, offset: (q.page - 1) * q.per_page },
  );
  return { items: await adminTenderViews(deps.db, rows), total, total_capped, page: q.page, per_page: q.per_page };
}

export async function myTenders(deps: AppDeps, professionalId: number, q: { page: number; per_page: number; scope: 'all' | 'available' | 'past' }) {
  const { rows, total, total_capped } = await repo.listForProfessional(deps.db, professionalId, q.scope, {
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  const files = await repo.filesOfProjects(deps.db, [...new Set(rows.map((r) => r.project.id))]);
  return { items: rows.map((r) => professionalTenderView(r, files)), total, total_capped, page: q.page, per_page: q.per_page };
}

export async function tenderView(deps: AppDeps, id: number): Promise<ProfessionalTender> {
  const row = await repo.findTenderWithProject(deps.db, id);
  if (!row) throw notFound("Appel d'offre introuvable.");
  return professionalTenderView(row, await repo.filesOfProjects(deps.db, [row.project.id]));
}

export async function myProjects(deps: AppDeps, professionalId: number, q: { page: number; per_page: number }) {
  const { rows, total, total_capped } = await repo.listAccepted(deps.db, professionalId, { limit: q.per_page, offset: (q.page - 1) * q.per_page });
  const files = await repo.filesOfProjects(
    deps.db,
    rows.map((r) => r.project.id),
  );
  return {
    items: rows.map((r) => ({ tender_id: r.offer.id, accepted_at: iso(r.offer.answeredAt), project: projectView(r, files), client: clientContact(r.project) })),
    total,
    total_capped,
    page: q.page,
    per_page: q.per_page,
  };
}

/** `list-user-Pro/{id}`: one entry per client, from the projects the professional accepted. */
export async function myClients(deps: AppDeps, professionalId: number, q: { page: number; per_page: number }) {
  const rows = await repo.allAccepted(deps.db, professionalId);
  const byClient = new Map<number, ReturnType<typeof clientEntry>>();
  function clientEntry(r: (typeof rows)[number]) {
    return {
      client_id: r.project.clientId,
      civility: r.project.civility,
      firstname: r.project.firstname,
      lastname: r.project.lastname,
      company_name: r.project.companyName,
      email: r.project.email,
      phone: r.project.phone,
      ville: r.project.city,
      last_accepted_at: iso(r.offer.answeredAt),
      projects: [] as Array<{ id: number; category_name: string; bien_name: string; ville: string; state: ProjectState }>,
    };
  }
  for (const r of rows) {
    const entry = byClient.get(r.project.clientId) ?? clientEntry(r);
    entry.projects.push({ id: r.project.id, category_name: r.categoryName, bien_name: r.bienName, ville: r.project.city, state: r.project.state });
    byClient.set(r.project.clientId, entry);
  }
  const all = [...byClient.values()];
  const start = (q.page - 1) * q.per_page;
  return { items: all.slice(start, start + q.per_page), ...capTotal(all.length), page: q.page, per_page: q.per_page };
}

export async function acceptedProfessionals(deps: AppDeps, projectId: number): Promise<PublicProfessional[]> {
  const accepted = await repo.acceptedOnProject(deps.db, projectId);
  const {
    rows: profiles,
    services,
    insurances,
    references,
    photos,
  } = await publicProfiles(
    deps.db,
    accepted.map((a) => a.professionalId),
  );
  const profileOf = new Map(profiles.map((p) => [p.user.id, p]));
  const rows = accepted.flatMap((a) => {
    const profile = profileOf.get(a.professionalId);
    return profile ? [{ ...profile, tenderId: a.tenderId, answeredAt: a.answeredAt }] : [];
  });
  return rows.map((r) => {
    const c = r.company;
    const decennale = insurances.find((i) => i.userId === r.user.id);
    return {
      professional_id: r.user.id,
      tender_id: r.tenderId,
      accepted_at: iso(r.answeredAt),
      name: `${r.user.firstname} ${r.user.lastname}`.trim(),
      company: c?.raisonSociale || `${r.user.firstname} ${r.user.lastname}`.trim(),
      trade_name: c?.tradeName ?? null,
      user_type: r.user.userType,
      profession: r.profession,
      services: services.filter((s) => s.userId === r.user.id).map((s) => s.name),
      description: c?.description ?? null,
      website: c?.website ?? null,
      contact_email: c?.contactEmail || r.user.email,
      contact_phone: c?.contactPhone || r.user.phone || null,
      city: c?.headOfficeCity ?? null,
      year_founded: c?.yearFounded ?? null,
      headcount: c?.headcount ?? null,
      has_logo: !!c?.logoPath,
      decennale: decennale ? { insurer: decennale.insurer, valid_until: decennale.validUntil } : null,
      references: references
        .filter((ref) => ref.userId === r.user.id)
        .slice(0, 6)
        .map((ref) => ({
          id: ref.id,
          title: ref.title,
          city: ref.city,
          year: ref.year,
          photo_ids: photos.filter((ph) => ph.referenceId === ref.id).map((ph) => ph.id),
        })),
    };
  });
}

export async function bellList(deps: AppDeps, professionalId: number | undefined, q: { page: number; per_page: number }) {
  const { rows, total, total_capped } = await repo.bellPage(deps.db, professionalId, { limit: q.per_page, offset: (q.page - 1) * q.per_page });
  const items = rows.map(({ offer: o, status }) => ({
    id: o.id,
    status,
    validation: o.validation,
    project_id: o.projectId,
    professional_id: o.professionalId,
    created_at: o.createdAt.toISOString(),
    reply_deadline: o.replyDeadline.toISOString(),
  }));
  return { items, total, total_capped, page: q.page, per_page: q.per_page };
}

/** The bell's badge (`available_tenders`) and the moment it next drops by itself (`next_deadline`). */
export async function bellSnapshot(
  deps: AppDeps,
  caller: Caller,
  adminBell: AdminBellMemory,
): Promise<{ available_tenders: number; next_deadline: string | null }> {
  if (caller.user_type === 'client') return { available_tenders: 0, next_deadline: null };
  const { count, nextDeadline } =
    caller.user_type === 'admin' ? await adminBell.read(() => repo.availableSummary(deps.db)) : await repo.availableSummary(deps.db, caller.id);
  return { available_tenders: count, next_deadline: nextDeadline?.toISOString() ?? null };
}
