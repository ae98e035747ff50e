import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { SWAB_VIDEO_PATH } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';
import { useHelpMedia } from '../api';

/**
 * The swab-test video: the file Vireo hosts (it plays without internet), or the embed address
 * the server is configured with. Until the server has answered, the hosted file is shown.
 */
export function SwabVideo({ stepsId }: { stepsId: string }) {
  const { t } = useTranslation();
  const title = t('help.video');
  const media = useHelpMedia();
  const source = media.data ?? { kind: 'file' as const, url: SWAB_VIDEO_PATH };
  if (source.kind === 'embed') {
    return (
      <Box
        component="iframe"
        src={source.url}
        title={title}
        allow="fullscreen; picture-in-picture"
        sx={{ width: '100%', maxWidth: 640, aspectRatio: '16 / 9', border: 0 }}
      />
    );
  }
  return (
    <Box component="video" controls preload="metadata" aria-label={title} aria-describedby={stepsId} sx={{ width: '100%', maxWidth: 640, aspectRatio: '16 / 9', bgcolor: 'common.black' }}>
      <source src={source.url} type="video/webm" />
      <Link href={source.url}>{title}</Link>
    </Box>
  );
}
