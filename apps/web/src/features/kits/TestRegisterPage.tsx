import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { registerKitPath } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { useKitsAwaiting } from './api';

/** /test-register (signed in): the customer's own self-swab kits with someone still to register, each opening /register-kit/{id}. */
export function TestRegisterPage() {
  const { t } = useTranslation(['kits', 'common']);
  const kits = useKitsAwaiting();
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {t('common:titles.testRegister')}
        </Typography>
        <QueryState query={kits} empty={t('awaiting.none')} isEmpty={(list) => list.length === 0}>
          {(list) => (
            <List aria-label={t('awaiting.label')}>
              {list.map((kit) => {
                const waiting = kit.people.filter((person) => !person.activated);
                const names = waiting.map((person) => `${person.first_name} ${person.last_name}`).join(', ');
                return (
                  <ListItem
                    key={kit.appointment_id}
                    divider
                    secondaryAction={
                      <Button variant="outlined" size="small" component={RouterLink} to={registerKitPath(kit.appointment_id)} aria-label={t('awaiting.registerFor', { names })}>
                        {t('awaiting.register')}
                      </Button>
                    }
                  >
                    <ListItemText primary={names} secondary={t('awaiting.waiting', { count: waiting.length, total: kit.people.length })} />
                  </ListItem>
                );
              })}
            </List>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}
