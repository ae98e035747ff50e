// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../app/i18n';
import { DataTable, FIRST_VIEW, ServerDataTable, type DataColumn, type TableView } from './DataTable';

afterEach(cleanup);

interface Person {
  id: string;
  name: string;
  checked: number | null;
}

const columns: DataColumn<Person>[] = [
  { id: 'name', label: 'Name', render: (row) => row.name, sortValue: (row) => row.name },
  { id: 'checked', label: 'Checked', render: (row) => String(row.checked ?? ''), sortValue: (row) => row.checked },
];
const people: Person[] = [
  { id: 'a', name: 'Bea', checked: 2 },
  { id: 'b', name: 'ada', checked: null },
  { id: 'c', name: 'Cy', checked: 1 },
];
const names = () => within(screen.getByRole('table')).getAllByRole('row').slice(1).map((row) => row.firstChild?.textContent);

describe('DataTable', () => {
  it('sorts ascending, then descending, then back to the given order', () => {
    render(<DataTable label="People" columns={columns} rows={people} rowKey={(row) => row.id} emptyText="Nobody" />);
    const header = screen.getByRole('button', { name: 'Name' });
    fireEvent.click(header);
    expect(names()).toEqual(['ada', 'Bea', 'Cy']);
    fireEvent.click(header);
    expect(names()).toEqual(['Cy', 'Bea', 'ada']);
    fireEvent.click(header);
    expect(names()).toEqual(['Bea', 'ada', 'Cy']);
  });

  it('keeps rows without a value last in both directions', () => {
    render(<DataTable label="People" columns={columns} rows={people} rowKey={(row) => row.id} emptyText="Nobody" />);
    const header = screen.getByRole('button', { name: 'Checked' });
    fireEvent.click(header);
    expect(names()).toEqual(['Cy', 'Bea', 'ada']);
    fireEvent.click(header);
    expect(names()).toEqual(['Bea', 'Cy', 'ada']);
  });

  it('shows the empty text, and pages of 10 rows', () => {
    const { rerender } = render(<DataTable label="People" columns={columns} rows={[]} rowKey={(row) => row.id} emptyText="Nobody" />);
    expect(screen.getByText('Nobody')).toBeTruthy();
    const many = Array.from({ length: 12 }, (_, i) => ({ id: String(i), name: `P${String(i).padStart(2, '0')}`, checked: i }));
    rerender(<DataTable label="People" columns={columns} rows={many} rowKey={(row) => row.id} emptyText="Nobody" />);
    expect(names()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(names()).toEqual(['P10', 'P11']);
  });
});

describe('ServerDataTable', () => {
  type Field = 'name' | 'checked';
  const serverColumns: DataColumn<Person, Field>[] = [
    { id: 'name', label: 'Name', render: (row) => row.name, sortField: 'name' },
    { id: 'checked', label: 'Checked', render: (row) => String(row.checked ?? '') },
  ];

  /** The table as a list shows it: the view held by the caller, each change reported to `onChange`. */
  function List({ rows, total, onChange }: { rows: Person[]; total: number; onChange: (view: TableView<Field>) => void }) {
    const [view, setView] = useState<TableView<Field>>(FIRST_VIEW);
    const change = (next: TableView<Field>) => {
      onChange(next);
      setView(next);
    };
    return <ServerDataTable label="People" columns={serverColumns} rows={rows} rowKey={(row) => row.id} emptyText="Nobody" total={total} view={view} onViewChange={change} />;
  }

  it('asks for ascending, descending, then the list\'s own order, and leaves sorting the rows to the service', () => {
    const onChange = vi.fn();
    render(<List rows={people} total={3} onChange={onChange} />);
    expect(screen.queryByRole('button', { name: 'Checked' })).toBeNull();
    const header = screen.getByRole('button', { name: 'Name' });
    fireEvent.click(header);
    expect(onChange).toHaveBeenLastCalledWith({ page: 0, pageSize: 10, sort: { key: 'name', direction: 'asc' } });
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Bea', 'ada', 'Cy']);
    fireEvent.click(header);
    expect(onChange).toHaveBeenLastCalledWith({ page: 0, pageSize: 10, sort: { key: 'name', direction: 'desc' } });
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(header);
    expect(onChange).toHaveBeenLastCalledWith({ page: 0, pageSize: 10, sort: null });
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('shows the total, asks for the next page, and starts again on the first page for a new page size or sort', () => {
    const onChange = vi.fn();
    const page = Array.from({ length: 10 }, (_, i) => ({ id: String(i), name: `P${i}`, checked: i }));
    render(<List rows={page} total={42} onChange={onChange} />);
    expect(names()).toHaveLength(10);
    expect(screen.getByText('1–10 of 42')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, sort: null });
    expect(screen.getByText('11–20 of 42')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 0, pageSize: 10, sort: { key: 'name', direction: 'asc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/ }));
    fireEvent.click(screen.getByRole('option', { name: '25' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 0, pageSize: 25, sort: { key: 'name', direction: 'asc' } });
  });

  it('moves to the new last page when the total shrinks below the page shown', () => {
    const onChange = vi.fn();
    const view: TableView<Field> = { page: 2, pageSize: 10, sort: null };
    render(<ServerDataTable label="People" columns={serverColumns} rows={[]} rowKey={(row) => row.id} emptyText="Nobody" total={12} view={view} onViewChange={onChange} />);
    expect(onChange).toHaveBeenCalledWith({ page: 1, pageSize: 10, sort: null });
  });
});
