import { useMemo, useState } from 'react';
import { initialSelection, rangeOf, type EpochRange, type RangeSelection } from '../ranges';

export interface RangeState {
  selection: RangeSelection;
  setSelection: (next: RangeSelection) => void;
  /** The interval to fetch; null while a custom range is incomplete or reversed. */
  range: EpochRange | null;
  custom: boolean;
  invalid: boolean;
}

/** A list's filter state: the chosen preset or custom days, and the interval it stands for now. */
export function useRangeSelection(direction: 'ahead' | 'past'): RangeState {
  const [selection, setSelection] = useState(() => initialSelection(direction, new Date()));
  const range = useMemo(() => rangeOf(selection, direction, new Date()), [selection, direction]);
  const custom = selection.preset === 'custom';
  return { selection, setSelection, range, custom, invalid: custom && range === null && selection.from !== '' && selection.to !== '' };
}
