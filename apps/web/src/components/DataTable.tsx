import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import { useMemo, useState, type ReactNode } from 'react';

export interface DataColumn<Row> {
  id: string;
  label: string;
  render: (row: Row) => ReactNode;
  /** The value the column sorts by; a column without one cannot be sorted. Nulls sort last. */
  sortValue?: (row: Row) => string | number | null;
}

type Direction = 'asc' | 'desc';
export const PAGE_SIZES = [10, 25, 50, 100];

/** Sort cycle of a column header: ascending, descending, then unsorted. */
function nextSort(current: { column: string; direction: Direction } | null, column: string) {
  if (current?.column !== column) return { column, direction: 'asc' as const };
  return current.direction === 'asc' ? { column, direction: 'desc' as const } : null;
}

function compare(a: string | number | null, b: string | number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en-GB', { sensitivity: 'base' });
}

/** A table with sortable columns, pages of 10/25/50/100 rows and a text when there is nothing to show. */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  emptyText,
  rowSx,
}: {
  label: string;
  columns: DataColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  emptyText: string;
  /** Styles a row by its data, e.g. to highlight one that needs attention. */
  rowSx?: (row: Row) => SxProps<Theme> | undefined;
}) {
  const [sort, setSort] = useState<{ column: string; direction: Direction } | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);

  const sorted = useMemo(() => {
    const column = columns.find((c) => c.id === sort?.column);
    if (!sort || !column?.sortValue) return rows;
    const value = column.sortValue;
    const sign = sort.direction === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      // Rows without a value stay at the end in both directions.
      if (x === null || y === null) return compare(x, y);
      return sign * compare(x, y);
    });
  }, [rows, columns, sort]);

  const lastPage = Math.max(0, Math.ceil(sorted.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const visible = sorted.slice(shownPage * pageSize, shownPage * pageSize + pageSize);

  return (
    <>
      <TableContainer>
        <Table aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const active = sort?.column === column.id;
                return (
                  <TableCell key={column.id} sortDirection={active ? sort.direction : false}>
                    {column.sortValue ? (
                      <TableSortLabel active={active} direction={active ? sort.direction : 'asc'} onClick={() => setSort(nextSort(sort, column.id))}>
                        {column.label}
                      </TableSortLabel>
                    ) : (
                      column.label
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length}>{emptyText}</TableCell>
              </TableRow>
            ) : (
              visible.map((row) => (
                <TableRow key={rowKey(row)} sx={rowSx?.(row)}>
                  {columns.map((column) => (
                    <TableCell key={column.id}>{column.render(row)}</TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {sorted.length > PAGE_SIZES[0]! && (
        <TablePagination
          component="div"
          count={sorted.length}
          page={shownPage}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      )}
    </>
  );
}
