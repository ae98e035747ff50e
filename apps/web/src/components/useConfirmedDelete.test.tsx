// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { MutateOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../app/i18n';
import { ToastProvider } from './toast/ToastProvider';
import { useConfirmedDelete } from './useConfirmedDelete';

afterEach(cleanup);

type Answer = { message: string };
type Options = MutateOptions<Answer, Error, string>;

function Register({ mutate }: { mutate: (id: string, options?: Options) => void }) {
  const confirmedDelete = useConfirmedDelete({
    remove: { mutate, isPending: false },
    title: (row: { id: string; name: string }) => `Delete ${row.name}`,
    message: 'Are you sure?',
    confirmLabel: 'Yes',
    cancelLabel: 'No',
    deleted: (answer: Answer) => answer.message,
  });
  return (
    <>
      <button onClick={() => confirmedDelete.ask({ id: 'fr', name: 'France' })}>Delete France</button>
      {confirmedDelete.dialog}
    </>
  );
}

const renderRegister = (mutate: (id: string, options?: Options) => void) =>
  render(
    <ToastProvider>
      <Register mutate={mutate} />
    </ToastProvider>,
  );

describe('useConfirmedDelete', () => {
  it('asks first; No deletes nothing; Yes deletes the row and shows the answer', async () => {
    const mutate = vi.fn((_id: string, options?: Options) => {
      options?.onSuccess?.({ message: 'Country deleted' }, 'fr', undefined, undefined as never);
      options?.onSettled?.({ message: 'Country deleted' }, null, 'fr', undefined, undefined as never);
    });
    renderRegister(mutate);
    fireEvent.click(screen.getByRole('button', { name: 'Delete France' }));
    expect(screen.getByRole('dialog', { name: 'Delete France' }).textContent).toContain('Are you sure?');
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mutate).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete France' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(mutate).toHaveBeenCalledWith('fr', expect.anything());
    expect(await screen.findByText('Country deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete France' })).toBeNull());
  });

  it("shows the server's message when the delete is refused", async () => {
    renderRegister((_id, options) => {
      options?.onError?.(new Error('This country is used by an order.'), 'fr', undefined, undefined as never);
      options?.onSettled?.(undefined, new Error('refused'), 'fr', undefined, undefined as never);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete France' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('This country is used by an order.')).toBeTruthy();
  });
});
