import type { Language } from '@ouvrage/domain';

/**
 * The README.txt of an export, in the person's language (decision 1233): what each part of
 * `donnees.json` holds, where the files are, and the rights it answers (RGPD art. 15 and 20).
 */

type PartTexts = Record<string, string>;

const PARTS: Record<Language, PartTexts> = {
  fr: {
    profile: 'votre compte : nom, e-mail, téléphone, pays, rôle, langue, dates',
    projects: 'les projets que vous avez déposés, avec l’adresse des travaux et vos coordonnées telles que copiées sur le projet',
    tenders: 'vos appels d’offre (professionnel) : projet, statut, réponse, dates',
    quotes: 'les devis dont vous êtes l’émetteur ou le client : numéro, statut, montants, dates ; le PDF des devis envoyés dans fichiers/quotes',
    invoices: 'les factures et avoirs dont vous êtes l’émetteur ou le client : numéro, montants, échéance, payé ; les PDF émis dans fichiers/invoices',
    avenants: 'les avenants dont vous êtes l’émetteur ou le client',
    payments: 'les paiements de ces factures : moyen, montant, statut, dates',
    notifications: 'vos notifications et vos choix d’e-mails',
    conversations:
      'vos conversations, chaque message avec sa date et son auteur (« vous » ou le nom de l’autre membre) ; les pièces jointes dans fichiers/conversations',
    site_log: 'les journaux de chantier que vous pouvez lire et les entrées et commentaires que vous avez écrits ; les photos dans fichiers/site_log',
  },
  en: {
    profile: 'your account: name, e-mail, phone, country, role, language, dates',
    projects: 'the projects you submitted, with the works address and your contact details as copied onto the project',
    tenders: 'your tenders (professional): project, status, answer, dates',
    quotes: 'the quotes you issued or received: number, status, amounts, dates; the PDF of sent quotes in fichiers/quotes',
    invoices: 'the invoices and credit notes you issued or received: number, amounts, due date, paid; the issued PDFs in fichiers/invoices',
    avenants: 'the contract amendments (avenants) you issued or received',
    payments: 'the payments of those invoices: method, amount, status, dates',
    notifications: 'your notifications and your e-mail choices',
    conversations: 'your conversations, every message with its date and author (“you” or the other member’s name); the attachments in fichiers/conversations',
    site_log: 'the site logs you can read and the entries and comments you wrote; the photos in fichiers/site_log',
  },
  ar: {
    profile: 'حسابك: الاسم والبريد الإلكتروني والهاتف والبلد والدور واللغة والتواريخ',
    projects: 'المشاريع التي قدّمتها، مع عنوان الأشغال وبيانات الاتصال الخاصة بك كما نُسخت في المشروع',
    tenders: 'طلبات العروض الخاصة بك (للمهنيين): المشروع والحالة والرد والتواريخ',
    quotes: 'عروض الأسعار التي أصدرتها أو تلقيتها: الرقم والحالة والمبالغ والتواريخ؛ ملفات PDF للعروض المرسلة في fichiers/quotes',
    invoices: 'الفواتير والإشعارات الدائنة التي أصدرتها أو تلقيتها: الرقم والمبالغ والاستحقاق والمدفوع؛ ملفات PDF الصادرة في fichiers/invoices',
    avenants: 'ملاحق العقود التي أصدرتها أو تلقيتها',
    payments: 'مدفوعات تلك الفواتير: الوسيلة والمبلغ والحالة والتواريخ',
    notifications: 'إشعاراتك واختياراتك للرسائل الإلكترونية',
    conversations: 'محادثاتك، كل رسالة بتاريخها وكاتبها («أنت» أو اسم العضو الآخر)؛ المرفقات في fichiers/conversations',
    site_log: 'سجلات الورشة التي يمكنك قراءتها والمدخلات والتعليقات التي كتبتها؛ الصور في fichiers/site_log',
  },
};

const FRAME: Record<Language, { title: string; intro: string; parts: string; other: string; files: string; rights: string; notIncluded: string }> = {
  fr: {
    title: 'Vos données sur Ouvrage',
    intro:
      'Cette archive contient les données personnelles que la plateforme Ouvrage conserve à votre sujet, au {{date}} (droit d’accès, article 15 du RGPD, et droit à la portabilité, article 20). Le fichier donnees.json les réunit dans un format ouvert, lisible par un autre service ; les dates y sont en temps universel (UTC), les montants en centimes d’euro.',
    parts: 'Ce que contient donnees.json :',
    other: 'données de ce module',
    files: 'Le dossier fichiers/ contient les fichiers cités dans donnees.json (pièces jointes, photos, documents émis).',
    rights:
      'Pour faire rectifier ou effacer vos données, modifiez votre profil ou écrivez à l’équipe Ouvrage. Les devis, factures, messages et entrées du journal de chantier sont conservés après la suppression d’un compte (obligations comptables et preuve des travaux) : votre nom y est alors remplacé par « Compte supprimé ».',
    notIncluded:
      'Ne sont pas inclus : votre mot de passe (seule son empreinte est conservée), les journaux techniques du serveur, et les données personnelles des autres membres au-delà de leur nom affiché.',
  },
  en: {
    title: 'Your data on Ouvrage',
    intro:
      'This archive holds the personal data the Ouvrage platform keeps about you, as of {{date}} (right of access, GDPR article 15, and right to data portability, article 20). The file donnees.json gathers it in an open format another service can read; dates are in universal time (UTC), amounts in euro cents.',
    parts: 'What donnees.json contains:',
    other: 'data of this module',
    files: 'The folder fichiers/ holds the files named in donnees.json (attachments, photos, issued documents).',
    rights:
      'To have your data corrected or erased, edit your profile or write to the Ouvrage team. Quotes, invoices, messages and site log entries are kept after an account is deleted (accounting duties and proof of the works): your name is then replaced by “Compte supprimé” (deleted account).',
    notIncluded:
      'Not included: your password (only its hash is kept), the server’s technical logs, and the personal data of other members beyond their displayed name.',
  },
  ar: {
    title: 'بياناتك على Ouvrage',
    intro:
      'يحتوي هذا الأرشيف على البيانات الشخصية التي تحتفظ بها منصة Ouvrage عنك، بتاريخ {{date}} (حق الاطلاع، المادة 15 من اللائحة العامة لحماية البيانات، وحق نقل البيانات، المادة 20). يجمعها الملف donnees.json بصيغة مفتوحة يمكن لخدمة أخرى قراءتها؛ التواريخ فيه بالتوقيت العالمي (UTC) والمبالغ بسنتات اليورو.',
    parts: 'محتوى donnees.json:',
    other: 'بيانات هذه الوحدة',
    files: 'يحتوي المجلد fichiers/ على الملفات المذكورة في donnees.json (المرفقات والصور والمستندات الصادرة).',
    rights:
      'لتصحيح بياناتك أو حذفها، عدّل ملفك الشخصي أو راسل فريق Ouvrage. تُحفظ عروض الأسعار والفواتير والرسائل ومدخلات سجل الورشة بعد حذف الحساب (الالتزامات المحاسبية وإثبات الأشغال): ويُستبدل اسمك فيها بعبارة «Compte supprimé» (حساب محذوف).',
    notIncluded: 'غير مشمول: كلمة المرور (تُحفظ بصمتها فقط)، والسجلات التقنية للخادم، والبيانات الشخصية للأعضاء الآخرين فيما عدا أسمائهم المعروضة.',
  },
};

/** The text of a missing file's stand-in, in the person's language. */
export function missingFileText(language: Language, path: string): string {
  const texts: Record<Language, string> = {
    fr: `Le fichier ${path} n’a pas pu être lu sur le serveur au moment de l’export.`,
    en: `The file ${path} could not be read on the server when the export was made.`,
    ar: `تعذّرت قراءة الملف ${path} على الخادم وقت التصدير.`,
  };
  return texts[language];
}

/** README.txt: the parts present in this export, each named by its key in donnees.json. */
export function readmeText(language: Language, parts: readonly string[], day: string): string {
  const frame = FRAME[language];
  const lines = [
    frame.title,
    '='.repeat(frame.title.length),
    '',
    frame.intro.replace('{{date}}', day),
    '',
    frame.parts,
    ...parts.map((name) => `- ${name} : ${PARTS[language][name] ?? frame.other}`),
    '',
    frame.files,
    '',
    frame.rights,
    '',
    frame.notIncluded,
    '',
  ];
  // CRLF: the archive is opened on every system, Windows' Notepad included.
  return lines.join('\r\n');
}

/** « vous » in the person's language: the author of their own messages and entries. */
export function youLabel(language: Language): string {
  return { fr: 'vous', en: 'you', ar: 'أنت' }[language];
}
