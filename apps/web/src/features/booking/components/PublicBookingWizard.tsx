import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type BookingConfirmation, type ServiceInfo } from '@vireo/contracts';
import { lazy, Suspense, useState } from 'react';
import type { z } from 'zod';
import { payForSlot, type CallContext } from '../api';
import { describeFailure, type BookingFailure } from '../outcome';
import { useBookingTexts } from '../texts';
import { isoDateToDayString } from '../time';
import { useSlotHold } from '../useSlotHold';
import type { BasicInformation } from './BasicInformationStep';
import { BookingStepper } from './BookingStepper';
import { BookingSummary, priceText } from './BookingSummary';
import type { Checkout } from './CheckoutForm';
import { ConfirmationView } from './ConfirmationView';
import { HoldCountdown } from './HoldCountdown';
import { SlotPicker } from './SlotPicker';

// The form steps (react-hook-form and the phone rule, libphonenumber-js) load once a slot is chosen, not with the slot picker.
const BasicInformationStep = lazy(() => import('./BasicInformationStep').then((m) => ({ default: m.BasicInformationStep })));
const CheckoutForm = lazy(() => import('./CheckoutForm').then((m) => ({ default: m.CheckoutForm })));

export interface PublicBookingWizardProps {
  service: ServiceInfo;
  group?: string | undefined;
  user?: string | undefined;
  /** The booking link's token: a rebook of a booking deleted in time, or a link sent by e-mail. */
  token?: string | undefined;
  /** The token carries a rebook credit, so there is nothing to pay. */
  rebookCredit?: boolean;
  /** Basic information to start from (a rebook starts from the deleted booking's). */
  initialPerson?: BasicInformation | null;
  onBooked?: (confirmation: z.infer<typeof BookingConfirmation>) => void;
}

type Step = 0 | 1 | 2;

/**
 * The public wizard of spec 2 §2.5: 'Select Time' (holds the slot), 'Basic information' (spec 2
 * §5), 'Finish' (summary, card, terms), then the confirmation. A refused card keeps the hold and
 * the step; a lost slot sends the visitor back to choose another time.
 */
export function PublicBookingWizard({ service, group, user, token, rebookCredit = false, initialPerson = null, onBooked }: PublicBookingWizardProps) {
  const { t, dateLocale, language } = useBookingTexts();
  const context: CallContext = { publicPage: true };
  const [step, setStep] = useState<Step>(0);
  const [person, setPerson] = useState<BasicInformation | null>(initialPerson);
  const [failure, setFailure] = useState<BookingFailure | null>(null);
  const [expired, setExpired] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [confirmation, setConfirmation] = useState<z.infer<typeof BookingConfirmation> | null>(null);
  const hold = useSlotHold(context, () => {
    setStep(0);
    setFailure(null);
    setExpired(true);
  });
  const slot = hold.slot;
  const amount = rebookCredit ? 0 : (slot?.cost ?? service.cost);
  const price = priceText(amount, dateLocale, t('summary.rebookFree'));

  if (confirmation && person) {
    return (
      <Stack spacing={3}>
        <BookingStepper steps={t('steps.public', { returnObjects: true })} active={3} />
        <ConfirmationView confirmation={confirmation} serviceLabel={service.label} email={person.email} priceText={price} />
      </Stack>
    );
  }

  const pay = async (checkout: Checkout) => {
    if (!slot || !hold.token || !person) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const booked = await payForSlot(
        slot.id,
        {
          hold_token: hold.token,
          amount,
          card: checkout.card,
          billing_details: {
            first_name: person.first_name,
            last_name: person.last_name,
            dateOfBirth: isoDateToDayString(person.dateOfBirth),
            email: person.email,
            phone: person.telephone,
            ...checkout.billingAddress,
          },
          toc_accept: true,
          marketing_accept: checkout.marketingAccept,
          discount_code: person.discount_code || undefined,
          service: service.service,
          group,
          user,
          token,
          language,
        },
        context,
      );
      hold.complete();
      setConfirmation(booked);
      onBooked?.(booked);
    } catch (error) {
      const described = describeFailure(error, t);
      setFailure(described);
      if (described.slotLost) hold.release();
    } finally {
      setSubmitting(false);
    }
  };

  const backToSlots = () => {
    setFailure(null);
    setStep(0);
  };

  return (
    <Stack spacing={3}>
      <BookingStepper steps={t('steps.public', { returnObjects: true })} active={step} />
      {step === 0 && (
        <>
          {expired && <Alert severity="warning">{t('slots.holdExpired')}</Alert>}
          <SlotPicker timeZone={service.time_zone} service={service.service} group={group} user={user} context={context} hold={hold} />
          <Stack direction="row">
            <Button
              variant="contained"
              disabled={!slot || hold.pending}
              onClick={() => {
                setExpired(false);
                setStep(1);
              }}
            >
              {t('actions.next')}
            </Button>
          </Stack>
        </>
      )}
      {step > 0 && slot && hold.secondsLeft !== null && <HoldCountdown secondsLeft={hold.secondsLeft} />}
      <Suspense fallback={null}>
        {step === 1 && (
          <BasicInformationStep
            initial={person}
            onBack={() => setStep(0)}
            onNext={(values) => {
              setPerson(values);
              setStep(2);
            }}
          />
        )}
        {step === 2 && slot && person && (
          <Stack spacing={3}>
            <BookingSummary
              serviceLabel={service.label}
              slot={slot}
              timeZone={service.time_zone}
              priceText={price}
              extra={[
                { label: t('summary.name'), value: `${person.first_name} ${person.last_name}` },
                { label: t('summary.email'), value: person.email },
              ]}
            />
            {failure && (
              <Alert
                severity="error"
                action={
                  failure.slotLost ? (
                    <Button color="inherit" size="small" onClick={backToSlots}>
                      {t('actions.chooseAnother')}
                    </Button>
                  ) : undefined
                }
              >
                {failure.lines.map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </Alert>
            )}
            {!failure?.slotLost && (
              <CheckoutForm
                amountPence={amount}
                submitting={submitting}
                onBack={() => setStep(1)}
                onSubmit={(checkout) => void pay(checkout)}
              />
            )}
          </Stack>
        )}
      </Suspense>
    </Stack>
  );
}
