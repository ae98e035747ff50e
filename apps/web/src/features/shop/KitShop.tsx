import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dashboardPath, type CreateOrderResponse, type Product } from '@vireo/contracts';
import { useState, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TextInput } from '../../components/TextInput';
import { Wizard, useWizard } from '../../components/wizard';
import { PRODUCT_NAME } from '../../lib/config';
import { useMessageText } from '../../lib/messageText';
import { formatPence } from '../../lib/money';
import { useCurrentSession } from '../../lib/session';
import { AddressFields } from './AddressFields';
import { usePlaceOrder } from './api';
import { KitChoice } from './KitChoice';
import { OrderSummary } from './OrderSummary';
import { PaymentStep, type AppliedDiscount } from './PaymentStep';
import { EMPTY_ADDRESS, orderRequest, shopPricing, type CardValues, type ShopValues } from './shopOrder';
import { BillingStep, KitStep, ShippingStep } from './shopSteps';

type Placed = CreateOrderResponse['order_details'] & { email: string };

function StepActions({ onBack, children }: { onBack?: () => void; children: ReactNode }) {
  const { t } = useTranslation('shop');
  return (
    <Stack direction="row" spacing={2}>
      {onBack && <Button onClick={onBack}>{t('actions.back')}</Button>}
      {children}
    </Stack>
  );
}

/** The shop's steps over the kits on sale: the answers kept for the session, the card in memory only. */
export function KitShop({ kits }: { kits: readonly Product[] }) {
  const { t } = useTranslation('shop');
  const session = useCurrentSession();
  const messageText = useMessageText();
  const placeOrder = usePlaceOrder();
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
  const [card, setCard] = useState<CardValues | null>(null);
  const [paymentDone, setPaymentDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [placed, setPlaced] = useState<Placed | null>(null);

  const wizard = useWizard<ShopValues>({
    id: 'b2c-kit-shop',
    steps: [
      { key: 'kit', label: t('steps.kit'), schema: KitStep },
      { key: 'shipping', label: t('steps.shipping'), schema: ShippingStep },
      { key: 'billing', label: t('steps.billing'), schema: BillingStep },
      { key: 'payment', label: t('steps.payment'), done: paymentDone },
      { key: 'summary', label: t('steps.summary'), done: placed !== null },
      { key: 'confirmation', label: t('steps.confirmation'), available: placed !== null },
    ],
    defaultValues: {
      product_id: '',
      quantity: 1,
      shipping_address: EMPTY_ADDRESS,
      billing_detail: { first_name: session.user.first_name, last_name: session.user.last_name, email: session.user.email, telephone: '' },
      same_address: true,
      billing_address: EMPTY_ADDRESS,
      discount: '',
    },
  });
  const { control } = wizard.form;
  const values = useWatch({ control }) as ShopValues;
  const kit = kits.find((candidate) => candidate.id === values.product_id && candidate.out_of_stock === 0);
  const sameAddress = values.same_address;
  const step = wizard.step.key;

  const next = () => void wizard.next();
  const place = async () => {
    if (!kit) return;
    setFailure(null);
    try {
      const answer = await placeOrder.mutateAsync(orderRequest(wizard.form.getValues(), kit, PRODUCT_NAME, card));
      if (!answer.success || answer.order_details.payment_flag === 'Failed') {
        setFailure(answer.message);
        return;
      }
      wizard.forget();
      setPlaced({ ...answer.order_details, email: values.billing_detail.email });
      wizard.goTo('confirmation');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  const pricing = kit ? shopPricing(kit, values.quantity, discount) : null;
  return (
    <Wizard wizard={wizard} finished={placed !== null}>
      {step === 'kit' && (
        <Stack spacing={3}>
          <KitChoice control={control} kits={kits} />
          <StepActions>
            <Button variant="contained" onClick={next} disabled={!kit}>
              {t('actions.next')}
            </Button>
          </StepActions>
        </Stack>
      )}

      {step === 'shipping' && (
        <Stack spacing={3}>
          <AddressFields control={control} name="shipping_address" section="shipping" />
          <StepActions onBack={wizard.back}>
            <Button variant="contained" onClick={next}>
              {t('actions.next')}
            </Button>
          </StepActions>
        </Stack>
      )}

      {step === 'billing' && (
        <Stack spacing={3}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput control={control} name="billing_detail.first_name" label={t('billing.firstName')} required autoComplete="given-name" slotProps={{ htmlInput: { maxLength: 100 } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput control={control} name="billing_detail.last_name" label={t('billing.lastName')} required autoComplete="family-name" slotProps={{ htmlInput: { maxLength: 100 } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput control={control} name="billing_detail.email" label={t('billing.email')} type="email" required autoComplete="email" slotProps={{ htmlInput: { maxLength: 254 } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput control={control} name="billing_detail.telephone" label={t('billing.telephone')} type="tel" autoComplete="tel" slotProps={{ htmlInput: { maxLength: 30 } }} />
            </Grid>
          </Grid>
          <Controller
            control={control}
            name="same_address"
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />}
                label={t('billing.sameAddress')}
              />
            )}
          />
          {!sameAddress && (
            <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
                {t('billing.address')}
              </Typography>
              <AddressFields control={control} name="billing_address" section="billing" />
            </Stack>
          )}
          <StepActions onBack={wizard.back}>
            <Button variant="contained" onClick={next}>
              {t('actions.next')}
            </Button>
          </StepActions>
        </Stack>
      )}

      {step === 'payment' && kit && (
        <PaymentStep
          applied={discount}
          card={card}
          dueWith={(code) => shopPricing(kit, values.quantity, code).price}
          onBack={wizard.back}
          onDone={(code, typedCard) => {
            setDiscount(code);
            setCard(typedCard);
            wizard.form.setValue('discount', code?.code ?? '');
            setPaymentDone(true);
            setFailure(null);
            wizard.forward();
          }}
        />
      )}

      {step === 'summary' && kit && pricing && (
        <Stack spacing={3}>
          {failure && (
            <Alert severity="error" role="alert">
              {messageText(failure)}
            </Alert>
          )}
          <OrderSummary
            title={kit.title}
            quantity={values.quantity}
            currency={kit.currency}
            pricing={pricing}
            code={discount?.code ?? null}
            billingName={`${values.billing_detail.first_name} ${values.billing_detail.last_name}`}
            shipping={values.shipping_address}
            billing={sameAddress ? values.shipping_address : values.billing_address}
          />
          <StepActions onBack={wizard.back}>
            <Button variant="contained" loading={placeOrder.isPending} onClick={() => void place()}>
              {pricing.price > 0 ? t('actions.place', { amount: formatPence(pricing.price, kit.currency) }) : t('actions.placeFree')}
            </Button>
          </StepActions>
        </Stack>
      )}

      {step === 'confirmation' && placed && (
        <Stack spacing={2}>
          <Alert severity="success">{t('confirmation.success')}</Alert>
          <Typography>
            {t('confirmation.shortToken')}: <strong data-testid="short-token">{placed.short_token}</strong>
          </Typography>
          <Typography>{t('confirmation.emailed', { email: placed.email })}</Typography>
          {placed.booking_link && (
            <Link href={placed.booking_link} target="_blank" rel="noopener">
              {t('confirmation.book')}
            </Link>
          )}
          <Link component={RouterLink} to={dashboardPath(session.role.name)}>
            {t('confirmation.home')}
          </Link>
        </Stack>
      )}
    </Wizard>
  );
}
