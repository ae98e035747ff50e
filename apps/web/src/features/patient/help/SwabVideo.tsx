import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { SWAB_VIDEO_PATH } from '@vireo/contracts';
import { useHelpMedia } from '../api';

const TITLE = 'How to take a swab test';

/**
 * The swab-test video: the file Vireo hosts (it plays without internet), or the embed address
 * the server is configured with. Until the server has answered, the hosted file is shown.
 */
export function SwabVideo({ stepsId }: { stepsId: string }) {
  const media = useHelpMedia();
  const source = media.data ?? { kind: 'file' as const, url: SWAB_VIDEO_PATH };
  if (source.kind === 'embed') {
    return (
      <Box
        component="iframe"
        src={source.url}
        title={TITLE}
        allow="fullscreen; picture-in-picture"
        sx={{ width: '100%', maxWidth: 640, aspectRatio: '16 / 9', border: 0 }}
      />
    );
  }
  return (
    <Box component="video" controls preload="metadata" aria-label={TITLE} aria-describedby={stepsId} sx={{ width: '100%', maxWidth: 640, aspectRatio: '16 / 9', bgcolor: 'common.black' }}>
      <source src={source.url} type="video/webm" />
      <Link href={source.url}>{TITLE}</Link>
    </Box>
  );
}
