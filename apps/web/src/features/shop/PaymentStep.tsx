import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DISCOUNT_CODE_MAX, DISCOUNT_MSG, type PublicDiscount } from '@vireo/contracts';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { input, output } from 'zod';
import { TextInput } from '../../components/TextInput';
import { zodResolver } from '../../lib/formResolver';
import { useMessageText } from '../../lib/messageText';
import { checkDiscount } from './api';
import type { CardValues } from './shopOrder';
import { CardForm } from './shopSteps';

export type AppliedDiscount = Pick<PublicDiscount, 'code' | 'type' | 'value'>;

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * Step 'payment': a discount code, checked with the server before it counts ('Your code is invalid'),
 * and the card (kept in memory only, never stored), not asked for when the code leaves nothing due.
 */
export function PaymentStep({
  applied,
  card,
  dueWith,
  onBack,
  onDone,
}: {
  applied: AppliedDiscount | null;
  card: CardValues | null;
  /** What is due with a code (or none), in pence. */
  dueWith: (discount: AppliedDiscount | null) => number;
  onBack: () => void;
  onDone: (discount: AppliedDiscount | null, card: CardValues | null) => void;
}) {
  const { t } = useTranslation('shop');
  const messageText = useMessageText();
  const [code, setCode] = useState(applied?.code ?? '');
  const [discount, setDiscount] = useState<AppliedDiscount | null>(applied);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const { control, trigger, getValues } = useForm<input<typeof CardForm>, unknown, output<typeof CardForm>>({
    resolver: zodResolver(CardForm),
    mode: 'onTouched',
    defaultValues: card ?? { number: '', expiration_date: '', cvv: '' },
  });

  /** The code typed, checked unless it is the one applied; null when it is not valid. */
  const apply = async (): Promise<AppliedDiscount | null | false> => {
    const typed = code.trim().toUpperCase();
    if (typed === '') {
      setDiscount(null);
      return null;
    }
    if (discount?.code === typed) return discount;
    setChecking(true);
    setCodeError(null);
    try {
      const checked = await checkDiscount(typed);
      const found = { code: checked.code, type: checked.type, value: checked.value };
      setDiscount(found);
      return found;
    } catch {
      setDiscount(null);
      setCodeError(DISCOUNT_MSG.invalid);
      return false;
    } finally {
      setChecking(false);
    }
  };

  const next = async () => {
    const found = await apply();
    if (found === false) return;
    if (dueWith(found) === 0) return onDone(found, null);
    if (!(await trigger())) return;
    onDone(found, getValues());
  };

  const due = dueWith(discount);
  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={(event) => {
        event.preventDefault();
        void next();
      }}
    >
      <Fieldset legend={t('payment.discount')}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={t('payment.discount')}
            value={code}
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              setCodeError(null);
            }}
            error={codeError !== null}
            helperText={codeError ? messageText(codeError) : discount ? t('payment.applied', { code: discount.code }) : t('payment.discountHelp')}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: DISCOUNT_CODE_MAX } }}
            sx={{ maxWidth: 320 }}
            fullWidth
          />
          <Button variant="outlined" loading={checking} onClick={() => void apply()} disabled={code.trim() === ''} sx={{ mt: 1 }}>
            {t('payment.apply')}
          </Button>
        </Stack>
      </Fieldset>
      {due === 0 ? (
        <Alert severity="info">{t('payment.nothingDue')}</Alert>
      ) : (
        <Fieldset legend={t('payment.card')}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput control={control} name="number" label={t('payment.number')} required autoComplete="cc-number" inputMode="numeric" slotProps={{ htmlInput: { maxLength: 23 } }} />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <TextInput control={control} name="expiration_date" label={t('payment.expiry')} required autoComplete="cc-exp" placeholder="MM/YY" slotProps={{ htmlInput: { maxLength: 5 } }} />
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <TextInput control={control} name="cvv" label={t('payment.cvc')} required autoComplete="cc-csc" inputMode="numeric" slotProps={{ htmlInput: { maxLength: 4 } }} />
            </Grid>
          </Grid>
        </Fieldset>
      )}
      <Stack direction="row" spacing={2}>
        <Button onClick={onBack}>{t('actions.back')}</Button>
        <Button type="submit" variant="contained" loading={checking}>
          {t('actions.next')}
        </Button>
      </Stack>
    </Stack>
  );
}
