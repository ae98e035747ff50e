import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DataColumn<Row, Field extends string = string> {
  id: string;
  label: string;
  render: (row: Row) => ReactNode;
  /** DataTable: the value the column sorts by; a column without one cannot be sorted. Nulls sort last. */
  sortValue?: (row: Row) => string | number | null;
  /** ServerDataTable: the field the service sorts the column by; a column without one cannot be sorted. */
  sortField?: Field;
}

export type SortDirection = 'asc' | 'desc';
/** A sort by a column (DataTable: its id) or a service field (ServerDataTable). */
export interface SortOrder<Key extends string = string> {
  key: Key;
  direction: SortDirection;
}

export const PAGE_SIZES = [10, 25, 50, 100];

/** Which page of a server-paged table is shown, how many rows a page holds, and in which order (null: the list's own). */
export interface TableView<Field extends string = string> {
  page: number;
  pageSize: number;
  sort: SortOrder<Field> | null;
}
export const FIRST_VIEW: TableView<never> = { page: 0, pageSize: PAGE_SIZES[0]!, sort: null };

/** Sort cycle of a column header: ascending, descending, then unsorted. */
function nextSort<Key extends string>(current: SortOrder<Key> | null, key: Key): SortOrder<Key> | null {
  if (current?.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}

const lastPageOf = (count: number, pageSize: number) => Math.max(0, Math.ceil(count / pageSize) - 1);

function compare(a: string | number | null, b: string | number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en-GB', { sensitivity: 'base' });
}

interface CommonProps<Row, Field extends string> {
  label: string;
  columns: DataColumn<Row, Field>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  emptyText: string;
  /** Styles a row by its data, e.g. to highlight one that needs attention. */
  rowSx?: (row: Row) => SxProps<Theme> | undefined;
}

interface FrameProps<Row, Field extends string, Key extends string> extends CommonProps<Row, Field> {
  /** The sort key of a column, if it can be sorted. */
  sortKeyOf: (column: DataColumn<Row, Field>) => Key | undefined;
  sort: SortOrder<Key> | null;
  onSort: (key: Key) => void;
  /** How many rows there are in all, over every page. */
  count: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** The table both modes draw: sortable headers, the rows given (or the empty text) and, past one page, the pagination. */
function TableFrame<Row, Field extends string, Key extends string>({
  label,
  columns,
  rows,
  rowKey,
  emptyText,
  rowSx,
  sortKeyOf,
  sort,
  onSort,
  count,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: FrameProps<Row, Field, Key>) {
  const { t } = useTranslation();
  return (
    <>
      <TableContainer>
        <Table aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const key = sortKeyOf(column);
                const direction = key !== undefined && sort?.key === key ? sort.direction : undefined;
                return (
                  <TableCell key={column.id} sortDirection={direction ?? false}>
                    {key === undefined ? (
                      column.label
                    ) : (
                      <TableSortLabel active={direction !== undefined} direction={direction ?? 'asc'} onClick={() => onSort(key)}>
                        {column.label}
                      </TableSortLabel>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length}>{emptyText}</TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
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
      {count > PAGE_SIZES[0]! && (
        <TablePagination
          component="div"
          count={count}
          page={page}
          onPageChange={(_event, next) => onPageChange(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
          labelRowsPerPage={t('table.rowsPerPage')}
          labelDisplayedRows={({ from, to, count: total }) => t('table.displayedRows', { from, to, count: total })}
          getItemAriaLabel={(type) => t(`table.${type}`)}
        />
      )}
    </>
  );
}

/** A table of rows held in the browser, sorted by its columns and shown in pages of 10/25/50/100, with a text when there is nothing to show. */
export function DataTable<Row>({ columns, rows, ...common }: CommonProps<Row, string>) {
  const [sort, setSort] = useState<SortOrder | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);

  const sorted = useMemo(() => {
    const value = columns.find((c) => c.id === sort?.key)?.sortValue;
    if (!sort || !value) return rows;
    const sign = sort.direction === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      // Rows without a value stay at the end in both directions.
      if (x === null || y === null) return compare(x, y);
      return sign * compare(x, y);
    });
  }, [rows, columns, sort]);

  const shownPage = Math.min(page, lastPageOf(sorted.length, pageSize));
  return (
    <TableFrame
      {...common}
      columns={columns}
      rows={sorted.slice(shownPage * pageSize, shownPage * pageSize + pageSize)}
      sortKeyOf={(column) => (column.sortValue ? column.id : undefined)}
      sort={sort}
      onSort={(key) => setSort(nextSort(sort, key))}
      count={sorted.length}
      page={shownPage}
      pageSize={pageSize}
      onPageChange={setPage}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPage(0);
      }}
    />
  );
}

export interface ServerDataTableProps<Row, Field extends string> extends CommonProps<Row, Field> {
  /** How many rows the service has in all; `rows` is the page `view` asks for. */
  total: number;
  view: TableView<Field>;
  /** A new sort or page size starts again on the first page. */
  onViewChange: (view: TableView<Field>) => void;
}

/**
 * A table whose rows the service sorts and pages: it shows the rows given as they are, and
 * reports the page, page size and sort the person asks for, with the same controls as DataTable.
 */
export function ServerDataTable<Row, Field extends string>({ total, view, onViewChange, ...common }: ServerDataTableProps<Row, Field>) {
  const lastPage = lastPageOf(total, view.pageSize);
  // Rows can leave the list while a later page is shown (claimed, released): then show its new last page.
  useEffect(() => {
    if (view.page > lastPage) onViewChange({ ...view, page: lastPage });
  }, [view, lastPage, onViewChange]);

  return (
    <TableFrame
      {...common}
      sortKeyOf={(column) => column.sortField}
      sort={view.sort}
      onSort={(key) => onViewChange({ ...view, page: 0, sort: nextSort(view.sort, key) })}
      count={total}
      page={Math.min(view.page, lastPage)}
      pageSize={view.pageSize}
      onPageChange={(page) => onViewChange({ ...view, page })}
      onPageSizeChange={(pageSize) => onViewChange({ ...view, page: 0, pageSize })}
    />
  );
}
