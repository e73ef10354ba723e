/** Generated with the web locales' `notifications.kinds` (same texts): subject/title and body per kind and language. */
export const KIND_TEXTS = {
  account_created: {
    fr: {
      title: 'Bienvenue sur Ouvrage',
      body: 'Votre compte Ouvrage est créé.',
    },
    en: {
      title: 'Welcome to Ouvrage',
      body: 'Your Ouvrage account has been created.',
    },
    ar: {
      title: 'مرحبًا بك في Ouvrage',
      body: 'تم إنشاء حسابك في Ouvrage.',
    },
  },
  account_validated: {
    fr: {
      title: 'Votre compte professionnel est validé',
      body: "Vous pouvez maintenant recevoir les appels d'offre et y répondre.",
    },
    en: {
      title: 'Your professional account is approved',
      body: 'You can now receive and answer tenders.',
    },
    ar: {
      title: 'تم اعتماد حسابك المهني',
      body: 'يمكنك الآن تلقي طلبات العروض والرد عليها.',
    },
  },
  account_refused: {
    fr: {
      title: "Votre compte professionnel n'est pas validé",
      body: 'Raison : {{reason}}',
    },
    en: {
      title: 'Your professional account was not approved',
      body: 'Reason: {{reason}}',
    },
    ar: {
      title: 'لم يتم اعتماد حسابك المهني',
      body: 'السبب: {{reason}}',
    },
  },
  project_submitted: {
    fr: {
      title: 'Projet reçu : {{project}}',
      body: "Le projet est enregistré ; il sera examiné avant d'être proposé aux professionnels.",
    },
    en: {
      title: 'Project received: {{project}}',
      body: 'The project is recorded; it will be reviewed before being offered to professionals.',
    },
    ar: {
      title: 'تم استلام المشروع: {{project}}',
      body: 'تم تسجيل المشروع، وستتم دراسته قبل عرضه على المهنيين.',
    },
  },
  project_state_changed: {
    fr: {
      title: 'Projet {{project}} : {{state}}',
      body: "Votre projet passe à l'état « {{state}} ».",
    },
    en: {
      title: 'Project {{project}}: {{state}}',
      body: 'Your project is now “{{state}}”.',
    },
    ar: {
      title: 'المشروع {{project}}: {{state}}',
      body: 'أصبحت حالة مشروعك «{{state}}».',
    },
  },
  project_stage_changed: {
    fr: {
      title: 'Projet {{project}} : étape {{stage}}',
      body: "Votre projet passe à l'étape « {{stage}} ».",
    },
    en: {
      title: 'Project {{project}}: stage {{stage}}',
      body: 'Your project moves to the “{{stage}}” stage.',
    },
    ar: {
      title: 'المشروع {{project}}: مرحلة {{stage}}',
      body: 'انتقل مشروعك إلى مرحلة «{{stage}}».',
    },
  },
  tender_received: {
    fr: {
      title: "Nouvel appel d'offre : {{project}}",
      body: "Un appel d'offre vous est proposé. Répondez avant le {{date}}.",
    },
    en: {
      title: 'New tender: {{project}}',
      body: 'A tender is offered to you. Answer before {{date}}.',
    },
    ar: {
      title: 'طلب عرض جديد: {{project}}',
      body: 'عُرض عليك طلب عرض. يرجى الرد قبل {{date}}.',
    },
  },
  tender_withdrawn: {
    fr: {
      title: "Appel d'offre retiré : {{project}}",
      body: "L'appel d'offre sur ce projet a été retiré.",
    },
    en: {
      title: 'Tender withdrawn: {{project}}',
      body: 'The tender on this project has been withdrawn.',
    },
    ar: {
      title: 'تم سحب طلب العرض: {{project}}',
      body: 'تم سحب طلب العرض الخاص بهذا المشروع.',
    },
  },
  tender_closed: {
    fr: {
      title: "Appel d'offre clôturé : {{project}}",
      body: "Le projet a été attribué : l'appel d'offre est clôturé.",
    },
    en: {
      title: 'Tender closed: {{project}}',
      body: 'The project has been awarded: the tender is closed.',
    },
    ar: {
      title: 'تم إغلاق طلب العرض: {{project}}',
      body: 'تم إسناد المشروع: أُغلق طلب العرض.',
    },
  },
  tender_accepted: {
    fr: {
      title: '{{name}} accepte le projet {{project}}',
      body: "Un professionnel a accepté l'appel d'offre du projet.",
    },
    en: {
      title: '{{name}} accepts the project {{project}}',
      body: "A professional has accepted the project's tender.",
    },
    ar: {
      title: '{{name}} يقبل المشروع {{project}}',
      body: 'قبل أحد المهنيين طلب العرض الخاص بالمشروع.',
    },
  },
  tender_refused: {
    fr: {
      title: "{{name}} refuse l'appel d'offre {{project}}",
      body: 'Raison : {{reason}}',
    },
    en: {
      title: '{{name}} declines the tender {{project}}',
      body: 'Reason: {{reason}}',
    },
    ar: {
      title: '{{name}} يرفض طلب العرض {{project}}',
      body: 'السبب: {{reason}}',
    },
  },
  quote_sent: {
    fr: {
      title: 'Nouveau devis {{number}}',
      body: '{{name}} vous envoie le devis {{number}} : consultez-le, puis acceptez-le ou refusez-le.',
    },
    en: {
      title: 'New quote {{number}}',
      body: '{{name}} sends you the quote {{number}}: read it, then accept or decline it.',
    },
    ar: {
      title: 'عرض سعر جديد {{number}}',
      body: 'أرسل إليك {{name}} عرض السعر {{number}}: اطّلع عليه ثم اقبله أو ارفضه.',
    },
  },
  quote_accepted: {
    fr: {
      title: 'Devis {{number}} accepté',
      body: '{{name}} a accepté le devis {{number}}.',
    },
    en: {
      title: 'Quote {{number}} accepted',
      body: '{{name}} has accepted the quote {{number}}.',
    },
    ar: {
      title: 'تم قبول عرض السعر {{number}}',
      body: 'قبل {{name}} عرض السعر {{number}}.',
    },
  },
  quote_refused: {
    fr: {
      title: 'Devis {{number}} refusé',
      body: '{{name}} a refusé le devis {{number}}. Raison : {{reason}}',
    },
    en: {
      title: 'Quote {{number}} declined',
      body: '{{name}} has declined the quote {{number}}. Reason: {{reason}}',
    },
    ar: {
      title: 'تم رفض عرض السعر {{number}}',
      body: 'رفض {{name}} عرض السعر {{number}}. السبب: {{reason}}',
    },
  },
  quote_cancelled: {
    fr: {
      title: 'Devis {{number}} annulé',
      body: '{{name}} a annulé le devis {{number}}.',
    },
    en: {
      title: 'Quote {{number}} cancelled',
      body: '{{name}} has cancelled the quote {{number}}.',
    },
    ar: {
      title: 'تم إلغاء عرض السعر {{number}}',
      body: 'ألغى {{name}} عرض السعر {{number}}.',
    },
  },
  quote_expiring: {
    fr: {
      title: 'Le devis {{number}} expire bientôt',
      body: "Le devis {{number}} est valable jusqu'au {{date}} : acceptez-le ou refusez-le avant cette date.",
    },
    en: {
      title: 'The quote {{number}} expires soon',
      body: 'The quote {{number}} is valid until {{date}}: accept or decline it before then.',
    },
    ar: {
      title: 'عرض السعر {{number}} ينتهي قريبًا',
      body: 'عرض السعر {{number}} صالح حتى {{date}}: اقبله أو ارفضه قبل هذا التاريخ.',
    },
  },
  quote_withdrawn: {
    fr: {
      title: 'Rétractation sur le devis {{number}}',
      body: '{{name}} a exercé son droit de rétractation sur le devis {{number}} (art. L221-18 du code de la consommation) : le devis est annulé, rien ne peut plus être facturé dessus ; les sommes déjà versées sont à rembourser sous 14 jours.',
    },
    en: {
      title: 'Withdrawal from quote {{number}}',
      body: '{{name}} has withdrawn from the quote {{number}} (French consumer code, art. L221-18): the quote is cancelled and nothing more can be invoiced on it; any sums already paid must be refunded within 14 days.',
    },
    ar: {
      title: 'عدول عن عرض السعر {{number}}',
      body: 'مارس {{name}} حقه في العدول عن عرض السعر {{number}} (المادة L221-18 من قانون الاستهلاك الفرنسي): أُلغي عرض السعر ولا يمكن إصدار أي فاتورة عليه بعد الآن؛ ويجب ردّ المبالغ المدفوعة خلال 14 يومًا.',
    },
  },
  document_to_sign: {
    fr: {
      title: 'Document à signer : {{title}}',
      body: '{{name}} vous invite à signer « {{title}} ».',
    },
    en: {
      title: 'Document to sign: {{title}}',
      body: '{{name}} invites you to sign “{{title}}”.',
    },
    ar: {
      title: 'مستند للتوقيع: {{title}}',
      body: 'يدعوك {{name}} إلى توقيع «{{title}}».',
    },
  },
  document_signed: {
    fr: {
      title: 'Document signé : {{title}}',
      body: '{{name}} a signé « {{title}} ».',
    },
    en: {
      title: 'Document signed: {{title}}',
      body: '{{name}} has signed “{{title}}”.',
    },
    ar: {
      title: 'تم توقيع المستند: {{title}}',
      body: 'وقّع {{name}} على «{{title}}».',
    },
  },
  signed_copy: {
    fr: {
      title: 'Votre exemplaire signé : {{title}}',
      body: "« {{title}} » est signé électroniquement. Votre exemplaire signé, avec son certificat de signature, est joint à l'e-mail : conservez-le.",
    },
    en: {
      title: 'Your signed copy: {{title}}',
      body: '“{{title}}” has been signed electronically. Your signed copy, with its signature certificate, is attached to the e-mail: keep it.',
    },
    ar: {
      title: 'نسختك الموقّعة: {{title}}',
      body: 'تم توقيع «{{title}}» إلكترونيًا. نسختك الموقّعة، مع شهادة التوقيع، مرفقة بالبريد الإلكتروني: احتفظ بها.',
    },
  },
  invoice_issued: {
    fr: {
      title: 'Nouvelle facture {{number}}',
      body: 'La facture {{number}} de {{amount}} est émise, à régler au plus tard le {{date}}.',
    },
    en: {
      title: 'New invoice {{number}}',
      body: 'The invoice {{number}} for {{amount}} has been issued, payable by {{date}}.',
    },
    ar: {
      title: 'فاتورة جديدة {{number}}',
      body: 'صدرت الفاتورة {{number}} بمبلغ {{amount}}، وتُستحق في موعد أقصاه {{date}}.',
    },
  },
  invoice_due: {
    fr: {
      title: 'Facture {{number}} bientôt à échéance',
      body: 'La facture {{number}} ({{amount}} restant dus) arrive à échéance le {{date}}.',
    },
    en: {
      title: 'Invoice {{number}} due soon',
      body: 'The invoice {{number}} ({{amount}} outstanding) is due on {{date}}.',
    },
    ar: {
      title: 'الفاتورة {{number}} تستحق قريبًا',
      body: 'تستحق الفاتورة {{number}} (المتبقي {{amount}}) في {{date}}.',
    },
  },
  invoice_overdue: {
    fr: {
      title: 'Facture {{number}} en retard',
      body: 'La facture {{number}} ({{amount}} restant dus) devait être réglée le {{date}}.',
    },
    en: {
      title: 'Invoice {{number}} overdue',
      body: 'The invoice {{number}} ({{amount}} outstanding) was due on {{date}}.',
    },
    ar: {
      title: 'الفاتورة {{number}} متأخرة',
      body: 'كان يجب سداد الفاتورة {{number}} (المتبقي {{amount}}) في {{date}}.',
    },
  },
  credit_note_issued: {
    fr: {
      title: 'Avoir {{number}} sur la facture {{invoice}}',
      body: 'Un avoir de {{amount}} est émis sur la facture {{invoice}} : ce qui reste à régler en tient compte.',
    },
    en: {
      title: 'Credit note {{number}} on invoice {{invoice}}',
      body: 'A credit note of {{amount}} has been issued on the invoice {{invoice}}: what is left to pay takes it into account.',
    },
    ar: {
      title: 'إشعار دائن {{number}} على الفاتورة {{invoice}}',
      body: 'صدر إشعار دائن بمبلغ {{amount}} على الفاتورة {{invoice}}، ويُحتسب في المبلغ المتبقي للدفع.',
    },
  },
  payment_received: {
    fr: {
      title: 'Paiement reçu : {{amount}}',
      body: 'Un paiement de {{amount}} est enregistré sur la facture {{number}}.',
    },
    en: {
      title: 'Payment received: {{amount}}',
      body: 'A payment of {{amount}} is recorded on the invoice {{number}}.',
    },
    ar: {
      title: 'تم استلام دفعة: {{amount}}',
      body: 'تم تسجيل دفعة بمبلغ {{amount}} على الفاتورة {{number}}.',
    },
  },
  payment_failed: {
    fr: {
      title: 'Paiement non abouti : facture {{number}}',
      body: "Le paiement de {{amount}} sur la facture {{number}} n'a pas abouti.",
    },
    en: {
      title: 'Payment failed: invoice {{number}}',
      body: 'The payment of {{amount}} on the invoice {{number}} did not go through.',
    },
    ar: {
      title: 'لم تتم الدفعة: الفاتورة {{number}}',
      body: 'لم تتم دفعة {{amount}} على الفاتورة {{number}}.',
    },
  },
  invoice_refunded: {
    fr: {
      title: 'Remboursement : {{amount}}',
      body: 'Votre professionnel indique vous avoir remboursé {{amount}} le {{date}} sur la facture {{number}}.',
    },
    en: {
      title: 'Refund: {{amount}}',
      body: 'Your professional states they refunded you {{amount}} on {{date}} for the invoice {{number}}.',
    },
    ar: {
      title: 'استرداد: {{amount}}',
      body: 'يفيد المهني بأنه ردّ إليك {{amount}} بتاريخ {{date}} عن الفاتورة {{number}}.',
    },
  },
  reception_recorded: {
    fr: {
      title: 'Réception des travaux : devis {{number}}',
      body: 'La réception des travaux du devis {{number}} est enregistrée : signez son procès-verbal.',
    },
    en: {
      title: 'Handover of the works: quote {{number}}',
      body: 'The handover of the works of the quote {{number}} is recorded: sign its report.',
    },
    ar: {
      title: 'استلام الأشغال: عرض السعر {{number}}',
      body: 'تم تسجيل استلام أشغال عرض السعر {{number}}: وقّع محضر الاستلام.',
    },
  },
  guarantee_release: {
    fr: {
      title: 'Retenue de garantie : devis {{number}}',
      body: 'La retenue de garantie de {{amount}} est libérable le {{date}}.',
    },
    en: {
      title: 'Retention guarantee: quote {{number}}',
      body: 'The retention guarantee of {{amount}} can be released on {{date}}.',
    },
    ar: {
      title: 'ضمان الاحتجاز: عرض السعر {{number}}',
      body: 'يمكن تحرير مبلغ ضمان الاحتجاز {{amount}} في {{date}}.',
    },
  },
} as const;
