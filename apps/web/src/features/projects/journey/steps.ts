import type { JourneyStepKey, SupportKind } from '@ouvrage/domain';

/**
 * The journey's steps in order, as the domain's `JOURNEY_STEPS` (`steps.test.ts` checks they are
 * equal): the screen needs only their keys to show where the visitor stands, while the domain's
 * module, with every rule, loads after the first screen (`request.ts`, decision 0949).
 */
export const JOURNEY_STEP_KEYS = [
  'support',
  'projet',
  'adresse',
  'caracteristiques',
  'calendrier',
  'description',
  'coordonnees',
] as const satisfies readonly JourneyStepKey[];

/** The first step's choices, as the domain's `SUPPORT_KINDS` (checked equal by `steps.test.ts`). */
export const JOURNEY_SUPPORT_KINDS = [
  'Conception et plans',
  'Permis de construire',
  'Réalisation des travaux',
  'Projet clé en main',
] as const satisfies readonly SupportKind[];
