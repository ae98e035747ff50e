import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialog';

const ConfirmDialog = lazy(() => import('./ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })));

/**
 * ConfirmDialog for a page where the question is rarely asked: MUI's Dialog loads when it first opens,
 * not with the page, and stays mounted after (so it closes with its transition).
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
