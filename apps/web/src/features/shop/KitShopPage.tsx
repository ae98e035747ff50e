import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageLoader';
import { QueryState } from '../../components/QueryState';
import { useShopKits } from './api';

/**
 * The steps load beside the kits' list, not with the route: the route table, which /login's first chunk
 * holds, names each page's chunks to preload, and the wizard's forms would make that list long.
 */
const KitShop = lazy(() => import('./KitShop').then((m) => ({ default: m.KitShop })));

/** /b2c/order-test-kit: the kits that are posted, bought by card (spec 2 §2.10, issue 17's kit shop). */
export function KitShopPage() {
  const { t } = useTranslation('shop');
  const kits = useShopKits();
  return (
    <Paper sx={{ p: 3, maxWidth: 1000, mx: 'auto' }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('title')}
        </Typography>
        <Typography>{t('intro')}</Typography>
        <QueryState query={kits} errorText={t('kit.error')} empty={t('kit.empty')} isEmpty={(list) => list.length === 0}>
          {(list) => (
            <Suspense fallback={<PageLoader />}>
              <KitShop kits={list} />
            </Suspense>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}
