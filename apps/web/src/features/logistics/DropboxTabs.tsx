import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DROPBOX_LIST_PATH, PICKUPS_LIST_PATH } from './paths';

/** The tabs over the pickups list and the dropbox list (spec 3 §2.8): Pickups Management, Dropbox List; each a page of its own. */
export function DropboxTabs({ current }: { current: 'pickups' | 'dropboxes' }) {
  const { t } = useTranslation('logistics');
  return (
    <Tabs value={current} aria-label={t('tabs.label')} sx={{ mb: 2 }}>
      <Tab value="pickups" label={t('tabs.pickups')} component={RouterLink} to={PICKUPS_LIST_PATH} />
      <Tab value="dropboxes" label={t('tabs.dropboxes')} component={RouterLink} to={DROPBOX_LIST_PATH} />
    </Tabs>
  );
}
