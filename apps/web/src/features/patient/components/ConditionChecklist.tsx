import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { HEALTH_CONDITION_CODES, NONE_OF_THE_ABOVE } from '@vireo/contracts';
import { useTranslation } from 'react-i18next';

const CHOICES = [...HEALTH_CONDITION_CODES, NONE_OF_THE_ABOVE];

/** Ticking "None of the above" clears the other choices; ticking any other choice clears it (spec 1 §4). */
export function toggleCondition(current: readonly number[], code: number): number[] {
  if (current.includes(code)) return current.filter((c) => c !== code);
  if (code === NONE_OF_THE_ABOVE) return [NONE_OF_THE_ABOVE];
  return [...current.filter((c) => c !== NONE_OF_THE_ABOVE), code].sort((a, b) => a - b);
}

export function ConditionChecklist({ legend, value, onChange, error }: { legend: string; value: number[]; onChange: (next: number[]) => void; error?: string }) {
  const { t } = useTranslation('patient');
  const names: Record<number, string> = t('health.conditions', { returnObjects: true });
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {legend}
      </FormLabel>
      <FormGroup>
        {CHOICES.map((code) => (
          <FormControlLabel
            key={code}
            control={<Checkbox checked={value.includes(code)} onChange={() => onChange(toggleCondition(value, code))} />}
            label={names[code]}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
