import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { kitIdLooksMistyped, normaliseKitId, type ApprovedKit } from '@vireo/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { KitScan } from '../../video';

/** The kit provider from the approved kits, with the chosen kit's specificity and sensitivity. */
export function KitProviderField({ kits, value, onChange, error }: { kits: readonly ApprovedKit[]; value: string; onChange(kitName: string): void; error?: string }) {
  const { t } = useTranslation('call-panel');
  const kit = kits.find((k) => k.name === value);
  return (
    <TextField
      select
      size="small"
      label={t('kit.provider')}
      value={kit ? kit.name : ''}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? (kit ? t('kit.figures', { specificity: kit.specificity, sensitivity: kit.sensitivity }) : ' ')}
    >
      {kits.map((k) => (
        <MenuItem key={k.id} value={k.name}>
          {k.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The lot ID, from the lots the approved kit register lists for the chosen kit. */
export function LotIdField({ kit, value, onChange, error }: { kit: ApprovedKit; value: string; onChange(lotId: string): void; error?: string }) {
  const { t } = useTranslation('call-panel');
  return (
    <TextField select size="small" label={t('kit.lotId')} value={kit.lot_ids.includes(value) ? value : ''} onChange={(event) => onChange(event.target.value)} error={Boolean(error)} helperText={error ?? ' '}>
      {kit.lot_ids.map((lot) => (
        <MenuItem key={lot} value={lot}>
          {lot}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The kit ID: typed (forced to upper case, with the letter-O warning) or scanned from the kit's QR
 * code during a call; a scanned code fills the field and shows the QR-scan result panel, where the
 * practitioner confirms it or scans again.
 */
export function KitIdField({ value, onChange, error, scan }: { value: string; onChange(kitId: string): void; error?: string; scan?: KitScan }) {
  const { t } = useTranslation('call-panel');
  const resultId = useId();
  const found = scan?.found ?? null;
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (found) onChangeRef.current(normaliseKitId(found.code));
  }, [found]);
  const warning = value && kitIdLooksMistyped(value) ? t('kit.kitIdWarning') : undefined;
  return (
    <Stack spacing={1}>
      <TextField
        size="small"
        label={t('kit.kitId')}
        value={value}
        onChange={(event) => onChange(event.target.value.toUpperCase())}
        error={Boolean(error)}
        helperText={error ?? warning ?? t('kit.kitIdShort')}
        slotProps={{ htmlInput: { maxLength: 60, autoCapitalize: 'characters', spellCheck: false }, formHelperText: { sx: warning && !error ? { color: 'warning.dark' } : undefined } }}
      />
      {scan && (
        <Stack direction="row" spacing={1}>
          {scan.scanning ? (
            <Button variant="outlined" onClick={scan.stop}>
              {t('kit.stopScan')}
            </Button>
          ) : (
            <Button variant="outlined" onClick={scan.start}>
              {t('kit.scan')}
            </Button>
          )}
        </Stack>
      )}
      {scan?.scanning && (
        <Stack spacing={0.5} role="status">
          <Typography variant="body2">{t('kit.scanning')}</Typography>
          <LinearProgress aria-label={t('kit.scanning')} />
        </Stack>
      )}
      {found && (
        <Paper variant="outlined" component="section" aria-labelledby={resultId} sx={{ p: 1.5 }}>
          <Typography component="h4" variant="subtitle2" id={resultId}>
            {t('kit.scanResult')}
          </Typography>
          <Typography sx={{ fontFamily: 'monospace', fontSize: '1.1rem' }} data-scanned-kit-id>
            {normaliseKitId(found.code)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {found.source === 'customer' ? t('kit.scanFromCustomer') : t('kit.scanFromCall')}
          </Typography>
          {kitIdLooksMistyped(normaliseKitId(found.code)) && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t('kit.kitIdWarning')}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button variant="contained" size="small" onClick={scan?.clear}>
              {t('kit.confirmScan')}
            </Button>
            <Button size="small" onClick={scan?.start}>
              {t('kit.scanAgain')}
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
