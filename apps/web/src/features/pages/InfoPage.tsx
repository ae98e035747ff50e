import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { usePublishedPage } from './api';

/**
 * /info/{slug} (public): an info page a super admin published. Its HTML is the server's rendering
 * of the Markdown (markdown-it without raw HTML: any tag written in the text arrives escaped, and
 * script links are refused), so it is shown as given.
 */
export function InfoPage() {
  const { t } = useTranslation('pages');
  const { slug = '' } = useParams();
  const page = usePublishedPage(slug);
  const title = page.data?.title;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return (
    <Container maxWidth="md" component="main" sx={{ py: 4 }}>
      <Paper sx={{ p: { xs: 2, sm: 4 } }}>
        {page.isPending ? (
          <PageLoader />
        ) : page.data ? (
          <Stack spacing={2}>
            <Typography component="h1" variant="h4">
              {page.data.title}
            </Typography>
            <Box sx={{ '& h1': { typography: 'h5' }, '& h2': { typography: 'h6' }, '& img': { maxWidth: '100%' }, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: page.data.html }} />
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography component="h1" variant="h4">
              {t('info.notFound')}
            </Typography>
            <Alert severity="info">{t('info.notFound')}</Alert>
            <Button component={RouterLink} to="/">
              {t('info.home')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
