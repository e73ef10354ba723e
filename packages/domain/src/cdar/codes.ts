/**
 * The code lists of a lifecycle status message (CDAR « CDV », XP Z12-012 annex 2) as the French
 * rules assert them (FNFE France_RFE 1.4.0, `BR-FR-CDV-Schematron-CDAR.xslt`).
 */

/** The statuses the platform sends or receives (MDT-105), with the name the reform gives them. */
export const CDAR_STATUS_NAMES = {
  200: 'Déposée',
  201: 'Émise par la plateforme',
  202: 'Reçue par la plateforme',
  203: 'Mise à disposition',
  204: 'Prise en charge',
  205: 'Approuvée',
  206: 'Approuvée partiellement',
  207: 'En litige',
  208: 'Suspendue',
  210: 'Refusée',
  211: 'Paiement transmis',
  212: 'Encaissée',
  213: 'Rejetée',
  220: 'Annulée',
  221: 'Erreur de routage',
} as const;
export type CdarStatusCode = keyof typeof CDAR_STATUS_NAMES;
export const CDAR_STATUS_CODES = Object.keys(CDAR_STATUS_NAMES).map(Number) as CdarStatusCode[];

export function isCdarStatusCode(value: unknown): value is CdarStatusCode {
  return typeof value === 'number' && value in CDAR_STATUS_NAMES;
}

/**
 * The phase of a status (MDT-77): 305 « transmission », reported by a plateforme (sender and
 * issuer role WK, BR-FR-CDV-CL-02/03); 23 « traitement », decided by the buyer or the seller.
 */
export function cdarPhase(code: CdarStatusCode): '305' | '23' {
  return code === 200 || code === 201 || code === 202 || code === 203 || code === 213 || code === 221 ? '305' : '23';
}

/** Who issues a status: the plateformes (WK), the seller (SE) or the buyer (BY). */
export type CdarRole = 'platform' | 'seller' | 'buyer';
export const CDAR_ROLE_IDS: Record<CdarRole, 'WK' | 'SE' | 'BY'> = { platform: 'WK', seller: 'SE', buyer: 'BY' };

/** Every reason code (MDT-113) the rules know (BR-FR-CDV-CL-09). */
export const CDAR_REASON_CODES = (
  'RETRAIT_MAN_SERV ST_CT_NON_DECLAR SUPPR_COMP_AVOIR TRANSF_PMNT_REGIE CONTACT_ACHTR NON_TRANSMISE JUSTIF_ABS ROUTAGE_ERR AUTRE COORD_BANC_ERR ' +
  'TX_TVA_ERR MONTANTTOTAL_ERR CALCUL_ERR NON_CONFORME DOUBLON DEST_INC DEST_ERR TRANSAC_INC EMMET_INC CONTRAT_TERM DOUBLE_FACT CMD_ERR ADR_ERR ' +
  'SIRET_ERR CODE_ROUTAGE_ERR REF_CT_ABSENT REF_ERR PU_ERR REM_ERR QTE_ERR ART_ERR MODPAI_ERR QUALITE_ERR LIVR_INCOMP REJ_SEMAN REJ_UNI REJ_COH ' +
  'REJ_ADR REJ_CONT_B2G REJ_REF_PJ REJ_ASS_PJ IRR_VIDE_F IRR_TYPE_F IRR_SYNTAX IRR_TAILLE_PJ IRR_NOM_PJ IRR_VID_PJ IRR_EXT_DOC IRR_TAILLE_F IRR_ANTIVIRUS IRR_NOM_F'
).split(' ');

/**
 * The reason codes (MDT-113) each status accepts (BR-FR-CDV-CL-09), for the statuses that must
 * carry one (BR-FR-CDV-15: 206, 207, 208, 210, 213), and 221's; 200 takes only NON_TRANSMISE.
 */
export const CDAR_REASONS_BY_STATUS: Partial<Record<CdarStatusCode, readonly string[]>> = {
  206: [
    'AUTRE',
    'CMD_ERR',
    'SIRET_ERR',
    'CODE_ROUTAGE_ERR',
    'REF_CT_ABSENT',
    'REF_ERR',
    'PU_ERR',
    'REM_ERR',
    'QTE_ERR',
    'ART_ERR',
    'MODPAI_ERR',
    'QUALITE_ERR',
    'LIVR_INCOMP',
  ],
  207: [
    'AUTRE',
    'COORD_BANC_ERR',
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'NON_CONFORME',
    'DOUBLON',
    'DEST_INC',
    'DEST_ERR',
    'TRANSAC_INC',
    'EMMET_INC',
    'CONTRAT_TERM',
    'DOUBLE_FACT',
    'CMD_ERR',
    'ADR_ERR',
    'SIRET_ERR',
    'CODE_ROUTAGE_ERR',
    'REF_CT_ABSENT',
    'REF_ERR',
    'PU_ERR',
    'REM_ERR',
    'QTE_ERR',
    'ART_ERR',
    'MODPAI_ERR',
    'QUALITE_ERR',
    'LIVR_INCOMP',
  ],
  208: ['JUSTIF_ABS', 'COORD_BANC_ERR', 'CMD_ERR', 'SIRET_ERR', 'CODE_ROUTAGE_ERR', 'REF_CT_ABSENT', 'REF_ERR'],
  210: [
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'NON_CONFORME',
    'DOUBLON',
    'DEST_ERR',
    'TRANSAC_INC',
    'EMMET_INC',
    'CONTRAT_TERM',
    'DOUBLE_FACT',
    'CMD_ERR',
    'ADR_ERR',
    'REF_CT_ABSENT',
  ],
  213: [
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'DOUBLON',
    'DEST_INC',
    'ADR_ERR',
    'REJ_SEMAN',
    'REJ_UNI',
    'REJ_COH',
    'REJ_ADR',
    'REJ_CONT_B2G',
    'REJ_REF_PJ',
    'REJ_ASS_PJ',
  ],
  221: ['ROUTAGE_ERR'],
  200: ['NON_TRANSMISE'],
};

/** The statuses a reason code is mandatory for (BR-FR-CDV-15). */
export function cdarReasonRequired(code: CdarStatusCode): boolean {
  return code === 206 || code === 207 || code === 208 || code === 210 || code === 213;
}

/**
 * The statuses the reform makes mandatory (200, 210, 212, 213): the message names the Portail
 * public de facturation (DFH, 9998 under scheme 0238) among its recipients, as the published
 * examples do.
 */
export function cdarForPublicPortal(code: CdarStatusCode): boolean {
  return code === 200 || code === 210 || code === 212 || code === 213;
}
