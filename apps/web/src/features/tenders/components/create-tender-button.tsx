import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canSendTenders } from '@ouvrage/domain';

/** On the admin's project panel: opens « Créer un appel d'offre » while the project is Validé or En consultation. */
export function CreateTenderButton({ project }: { project: { id: number; state: string } }) {
  const { t } = useTranslation();
  if (!canSendTenders(project.state)) return null;
  return (
    <Button component={Link} to={`/appel-offre/nouveau/${project.id}`} variant="light" data-testid="create-tender">
      {t('tenders.create.open')}
    </Button>
  );
}
