import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { CHAT_LIMITS, type ChatMessage } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';
import { useImageLinks, type ChatCaller } from '../api';

/** A message's image: its thumbnail, a link that opens it full size in a new tab (both signed, short-lived). */
export function ChatImage({ caller, message }: { caller: ChatCaller; message: ChatMessage & { image: NonNullable<ChatMessage['image']> } }) {
  const { t } = useTranslation('chat');
  const links = useImageLinks(caller, message.room_id, message.id);
  const scale = Math.min(1, CHAT_LIMITS.thumbnailSide / Math.max(message.image.width, message.image.height));
  const width = Math.round(message.image.width * scale);
  const height = Math.round(message.image.height * scale);
  if (links.isError) return <Typography variant="body2">{t('errors.short')}</Typography>;
  if (!links.data) return <Skeleton variant="rectangular" width={width} height={height} />;
  return (
    <Link href={links.data.url} target="_blank" rel="noopener noreferrer" aria-label={t('room.openImage', { name: message.author_name })} sx={{ display: 'inline-block', maxWidth: '100%' }}>
      <Box component="img" src={links.data.thumbnail_url} alt={t('room.image', { name: message.author_name })} width={width} height={height} sx={{ display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 1 }} />
    </Link>
  );
}
