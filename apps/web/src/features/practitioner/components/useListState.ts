import { useState } from 'react';
import { FIRST_VIEW } from '../../../components/DataTable';
import type { ListPage } from '../../appointments';
import type { RangeSelection } from '../ranges';
import { useRangeSelection, type RangeState } from './useRangeSelection';

export interface ListState {
  filter: RangeState;
  /** The page of the list the table shows, and its order. */
  page: ListPage;
  setPage: (page: ListPage) => void;
}

/** A list's time frame and the page of it shown: another time frame starts again on its first page, in the same order. */
export function useListState(direction: 'ahead' | 'past'): ListState {
  const filter = useRangeSelection(direction);
  const [page, setPage] = useState<ListPage>(FIRST_VIEW);
  const setSelection = (next: RangeSelection) => {
    filter.setSelection(next);
    setPage((current) => ({ ...current, page: 0 }));
  };
  return { filter: { ...filter, setSelection }, page, setPage };
}
