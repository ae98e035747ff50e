import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { RangePreset, RangeSelection } from '../ranges';
import { useTranslation } from 'react-i18next';

export interface RangeFilterBarProps {
  /** Names the bar for assistive technology, e.g. "Claimable Appointments". */
  label: string;
  /** The choices in their order: AHEAD_PRESETS or PAST_PRESETS. */
  presets: readonly RangePreset[];
  value: RangeSelection;
  onChange: (next: RangeSelection) => void;
  /** True when Customize's To is before its From. */
  invalid?: boolean;
}

/** A list's filter bar (spec 2 §2.1): the presets, and From and To dates when Customize is chosen. */
export function RangeFilterBar({ label, presets, value, onChange, invalid = false }: RangeFilterBarProps) {
  const { t } = useTranslation('practitioner');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        color="primary"
        value={value.preset}
        aria-label={`${label}: ${t('filter.label')}`}
        onChange={(_event, preset: RangePreset | null) => {
          if (preset) onChange({ ...value, preset });
        }}
      >
        {presets.map((preset) => (
          <ToggleButton key={preset} value={preset}>
            {t(`presets.${preset}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {value.preset === 'custom' && (
        <Stack direction="row" spacing={2}>
          <TextField
            size="small"
            type="date"
            label={t('filter.from')}
            value={value.from}
            onChange={(event) => onChange({ ...value, from: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${label}: ${t('filter.from')}` } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('filter.to')}
            value={value.to}
            error={invalid}
            helperText={invalid ? t('filter.invalid') : undefined}
            onChange={(event) => onChange({ ...value, to: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${label}: ${t('filter.to')}` } }}
          />
        </Stack>
      )}
    </Stack>
  );
}
