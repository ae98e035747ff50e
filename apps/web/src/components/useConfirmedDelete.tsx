import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { useMessageText } from '../lib/messageText';
import { ConfirmDialog } from './ConfirmDialog';
import { useToast } from './toast/toastContext';

export interface ConfirmedDeleteOptions<Row, Answer> {
  /** The delete mutation, called with the row's id. */
  remove: Pick<UseMutationResult<Answer, Error, string>, 'mutate' | 'isPending'>;
  /** The dialog's title for the row, e.g. 'Delete France'. */
  title: (row: Row) => string;
  /** The question, e.g. 'Are you sure you want to delete this country?'. */
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The toast once deleted: the server's message, or the screen's own text. */
  deleted: (answer: Answer) => string;
}

/**
 * A register's Delete: `ask(row)` opens the question, Yes deletes (the buttons wait meanwhile) and
 * says so in a toast, or shows the server's message (in the interface's language) when it refuses; `dialog` goes in the page.
 */
export function useConfirmedDelete<Row extends { id: string }, Answer>(options: ConfirmedDeleteOptions<Row, Answer>): { ask: (row: Row) => void; dialog: ReactElement | null } {
  const { remove, title, message, confirmLabel, cancelLabel, deleted } = options;
  const { showToast } = useToast();
  const messageText = useMessageText();
  const [row, setRow] = useState<Row | null>(null);
  const confirm = (target: Row) =>
    remove.mutate(target.id, {
      onSuccess: (answer) => showToast(deleted(answer), 'success'),
      onError: (error) => showToast(messageText(error.message), 'error'),
      onSettled: () => setRow(null),
    });
  const dialog = row && (
    <ConfirmDialog
      open
      title={title(row)}
      message={message}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      destructive
      busy={remove.isPending}
      onConfirm={() => confirm(row)}
      onCancel={() => setRow(null)}
    />
  );
  return { ask: setRow, dialog };
}
