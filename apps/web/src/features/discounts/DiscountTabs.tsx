import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export const GENERATE_DISCOUNT_PATH = '/super_admin/generate-discount';
export const DISCOUNT_MANAGEMENT_PATH = '/super_admin/discount-management';
export const PURCHASE_CODES_PATH = '/super_admin/purchase-codes';
/** The order list filtered by a code (its page comes with the orders' issue). */
export const ordersWithDiscountPath = (code: string) => `/super_admin/order-list?discount=${encodeURIComponent(code)}`;

/** The heading and the tabs of the discount area (spec 3 §2.7; Purchase Codes, issue 17), each tab its own page. */
export function DiscountTabs({ current }: { current: 'generate' | 'manage' | 'codes' }) {
  const { t } = useTranslation('discounts');
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        {t('title')}
      </Typography>
      <Tabs value={current} aria-label={t('tabs.label')}>
        <Tab value="generate" label={t('tabs.generate')} component={RouterLink} to={GENERATE_DISCOUNT_PATH} />
        <Tab value="manage" label={t('tabs.manage')} component={RouterLink} to={DISCOUNT_MANAGEMENT_PATH} />
        <Tab value="codes" label={t('tabs.codes')} component={RouterLink} to={PURCHASE_CODES_PATH} />
      </Tabs>
    </Stack>
  );
}
