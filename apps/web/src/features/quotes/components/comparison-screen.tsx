import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { useCatalogLabels } from '../../catalog';
import { PriceComparisonSection } from '../../price-comparison';
import { useQuoteComparison } from '../api/compare-quotes';
import { ComparisonTable } from './comparison-table';

/** `/devis/comparer/{projectId}`: the client compares the quotes of their project before choosing. */
export default function ComparisonScreen() {
  const { t } = useTranslation();
  const catalog = useCatalogLabels();
  const { projectId } = useParams();
  const id = Number(projectId);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuoteComparison(valid ? id : undefined);
  if (!valid) return <Navigate to="/devis/list" replace />;
  if (query.isPending) return <ScreenLoader />;
  if (query.error || !query.data) return <ErrorAlert error={query.error} />;
  const { project, quotes } = query.data;
  return (
    <Stack>
      <Anchor component={Link} to={`/single-projet/${project.id}`} size="sm">
        {t('quotes.compare.backToProject')}
      </Anchor>
      <Title order={1} size="h2">
        {t('quotes.compare.title', { project: catalog.project(project.name) })}
      </Title>
      {quotes.length === 0 ? (
        <Text c="dimmed">{t('quotes.compare.none')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('quotes.compare.intro')}
          </Text>
          <ComparisonTable quotes={quotes} />
          <PriceComparisonSection projectId={project.id} quotes={quotes} />
        </>
      )}
    </Stack>
  );
}
