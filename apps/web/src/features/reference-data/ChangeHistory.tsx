import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState';
import { useHistory } from './api';

const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'short', timeStyle: 'short' });

/** Who changed the record, what and when, newest first, from the audit log. */
export function ChangeHistory({ kind, id }: { kind: 'country' | 'drug'; id: string }) {
  const { t } = useTranslation('reference-data');
  const history = useHistory(kind, id);
  return (
    <Stack component="section" aria-labelledby={`${kind}-history`} spacing={1}>
      <Typography id={`${kind}-history`} component="h2" variant="h6">
        {t('history.heading')}
      </Typography>
      <QueryState query={history} empty={t('history.empty')} isEmpty={(changes) => changes.length === 0}>
        {(changes) => (
          <List dense>
            {changes.map((change, index) => {
              const action = change.action.split('.').at(-1) as 'created' | 'updated' | 'deleted';
              return (
                <ListItem key={`${change.at}-${index}`} disableGutters>
                  <ListItemText
                    primary={`${timeFormat.format(new Date(change.at * 1000))} · ${t(`history.actions.${action}`, { defaultValue: change.action })} · ${change.actor ?? t('history.system')}`}
                    secondary={action === 'updated' ? change.fields.join(', ') || t('history.noFields') : undefined}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </QueryState>
    </Stack>
  );
}
