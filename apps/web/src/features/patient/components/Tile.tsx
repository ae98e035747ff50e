import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '../../../components/VisuallyHidden';

export interface TileProps {
  title: string;
  body: string;
  action: string;
  /** An address inside the app, or one opened in a new tab. */
  to: string;
  newTab?: boolean;
  /** Why the tile cannot be used yet; the action is disabled while this is set. */
  lockedReason?: string;
}

/** One dashboard tile: a titled card whose single action goes to the tile's page. */
export function Tile({ title, body, action, to, newTab = false, lockedReason }: TileProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const reasonId = useId();
  const locked = Boolean(lockedReason);
  const linkProps = newTab ? { component: 'a' as const, href: to, target: '_blank', rel: 'noopener' } : { component: RouterLink, to };
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={headingId} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        <Typography>{body}</Typography>
        {lockedReason && (
          <Typography id={reasonId} variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
            {lockedReason}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        {locked ? (
          <Button variant="contained" disabled aria-describedby={reasonId}>
            {action}
          </Button>
        ) : (
          <Button variant="contained" {...linkProps}>
            {action}
            {newTab && (
              <VisuallyHidden>{` ${t('newTab')}`}</VisuallyHidden>
            )}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
