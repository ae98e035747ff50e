// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type DataColumn } from './DataTable';

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
