import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { dashboardPath, NEXT_PARAM, safeNextPath } from '@vireo/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../components/toast/toastContext';
import { LOGIN_PATH } from '../../lib/config';
import { SESSION_QUERY_KEY } from '../../lib/session';
import { clearStorage, storeSignIn } from '../../lib/storage';
import { exchangeLoginToken } from './api/exchangeLoginToken';

/** Exchanges ?token= for a session and opens the page asked for before signing in (?next=), else the role's dashboard. */
export function VerifyTokenPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const next = safeNextPath(params.get(NEXT_PARAM));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [failed, setFailed] = useState(false);
  // The token is single-use: StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    clearStorage();
    const exchange = token ? exchangeLoginToken(token) : Promise.reject(new Error('No token'));
    exchange
      .then((session) => {
        if (!session.token) throw new Error('No session token');
        storeSignIn(session.token, session.role.name);
        queryClient.setQueryData(SESSION_QUERY_KEY, session);
        void navigate(next ?? dashboardPath(session.role.name), { replace: true });
      })
      .catch(() => {
        setFailed(true);
        showToast(t('verifyToken.invalidToken'), 'error');
      });
  }, [token, next, navigate, queryClient, showToast, t]);

  return (
    <Box component="main" sx={{ p: 4, display: 'grid', gap: 2, justifyItems: 'center' }}>
      <Typography component="h1" variant="h5">
        {failed ? t('verifyToken.failed') : t('titles.verifyToken')}
      </Typography>
      {failed ? (
        <Link component={RouterLink} to={LOGIN_PATH}>
          {t('verifyToken.backToLogin')}
        </Link>
      ) : (
        <CircularProgress aria-label={t('verifyToken.signingIn')} />
      )}
    </Box>
  );
}
