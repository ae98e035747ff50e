import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQueries } from '@tanstack/react-query';
import type { RoleName } from '@vireo/contracts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { opensPage } from '../../app/routing/resolveRoute';
import { apiRequest } from '../../lib/api';
import { useCurrentSession } from '../../lib/session';
import { UnreadCount } from '../chat';
import { HUB_CARDS } from './hubs';

/** A role's home page: the role title, a welcome, and the cards of the pages this session can open. */
export function DashboardPage({ role }: { role: RoleName }) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const openable = (HUB_CARDS[role] ?? []).filter((card) => opensPage(card.to, session));
  // One query per probe URL (cards without a probe need none): a card with a probe shows once it answers.
  const probeUrls = [...new Set(openable.flatMap((card) => (card.probe ? [card.probe] : [])))];
  const probes = useQueries({
    queries: probeUrls.map((url) => ({
      queryKey: ['hub-probe', url],
      queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest(url, { signal, signOutOnAuthError: false }).then(() => true),
      retry: false,
      staleTime: 5 * 60_000,
    })),
  });
  const cards = openable.filter((card) => !card.probe || probes[probeUrls.indexOf(card.probe)]?.data === true);
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        {t(`roles.${role}`)}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('dashboard.welcome', { name: `${session.user.first_name} ${session.user.last_name}` })}</Typography>
      {cards.length > 0 && (
        <Grid component="ul" container spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('hub.label')}>
          {cards.map((card) => (
            <Grid component="li" key={card.to} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={card.to} {...(card.newTab ? { target: '_blank', rel: 'noopener' } : {})} sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography component="h2" variant="h6" gutterBottom>
                      {t(`hub.${card.key}.title`)}
                      {card.unread && (
                        <Suspense fallback={null}>
                          <UnreadCount kind={card.unread} />
                        </Suspense>
                      )}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(`hub.${card.key}.text`)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </>
  );
}
