import AccountCircle from '@mui/icons-material/AccountCircle';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The popup (Menu, its popover and modal) loads when the menu first opens, not with every page. */
const ProfileMenuItems = lazy(() => import('./ProfileMenuItems').then((m) => ({ default: m.ProfileMenuItems })));

export function ProfileMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once opened, the popup stays mounted, so that it closes with its transition.
  const [opened, setOpened] = useState(false);
  const menuId = useId();

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('profile.menu')}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
      >
        <AccountCircle />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <ProfileMenuItems id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
