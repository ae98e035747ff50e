import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState';
import { useOrderHistory } from './api';
import { DrawerSection } from './DrawerSection';
import { formatPlaced } from './format';

/** The order's timeline, newest first: each change, payment, note, dispatch, cancellation and e-mail sent, by whom and when. */
export function OrderHistory({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  const history = useOrderHistory(orderId);
  return (
    <DrawerSection title={t('drawer.history.title')}>
      <QueryState query={history} errorText={t('drawer.history.error')} empty={t('drawer.history.empty')} isEmpty={(entries) => entries.length === 0}>
        {(entries) => (
          <List dense disablePadding aria-label={t('drawer.history.title')}>
            {entries.map((entry, index) => (
              <ListItem key={`${entry.at}-${index}`} disableGutters>
                <ListItemText
                  primary={entry.detail ? t('drawer.history.withDetail', { action: t(`drawer.history.actions.${entry.action}`), detail: entry.detail }) : t(`drawer.history.actions.${entry.action}`)}
                  secondary={t('drawer.notes.by', { who: entry.actor ?? t('drawer.history.system'), when: formatPlaced(entry.at) })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </QueryState>
    </DrawerSection>
  );
}
