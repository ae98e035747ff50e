import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type BookingConfirmation, type BookingPrice, type ServiceInfo } from '@vireo/contracts';
import { lazy, Suspense, useState } from 'react';
import type { z } from 'zod';
import { PageLoader } from '../../../components/PageLoader';
import { Wizard } from '../../../components/wizard/Wizard';
import { useWizardSteps } from '../../../components/wizard/useWizardSteps';
import { clearSessionValue, useSessionState } from '../../../lib/sessionValue';
import { payForSlot, priceSlot, type CallContext } from '../api';
import { describeFailure, type BookingFailure } from '../outcome';
import { useBookingTexts } from '../texts';
import { formatPrice, isoDateToDayString, priceText } from '../time';
import { useSlotHold } from '../useSlotHold';
import type { BasicInformation } from './BasicInformationStep';
import type { Checkout } from './CheckoutForm';
import { HoldCountdown } from './HoldCountdown';
import { SlotStep } from './SlotStep';

// The form steps (react-hook-form and the phone rule, libphonenumber-js) load once a slot is chosen, not with the slot picker.
const BasicInformationStep = lazy(() => import('./BasicInformationStep').then((m) => ({ default: m.BasicInformationStep })));
const CheckoutForm = lazy(() => import('./CheckoutForm').then((m) => ({ default: m.CheckoutForm })));
// The summary's table and the confirmation come with the last step, not with the slot picker.
const BookingSummary = lazy(() => import('./BookingSummary').then((m) => ({ default: m.BookingSummary })));
const ConfirmationView = lazy(() => import('./ConfirmationView').then((m) => ({ default: m.ConfirmationView })));

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
  /** What the session keeps its answers and hold under: one booking per service, or per rebooked appointment. */
  storageId: string;
}


/**
 * The public wizard of spec 2 §2.5: 'Select Time' (holds the slot), 'Basic information' (spec 2
 * §5), 'Finish' (summary, card, terms), then the confirmation. A refused card keeps the hold and
 * the step; a lost slot sends the visitor back to choose another time. The step is in the URL; the
 * visitor's details and the hold are kept for the session, so a reload returns to the held time
 * with its countdown (the card is never kept).
 */
export function PublicBookingWizard({ service, group, user, token, rebookCredit = false, initialPerson = null, onBooked, storageId }: PublicBookingWizardProps) {
  const { t, messageText, dateLocale, language } = useBookingTexts();
  const stepLabels = t('steps.public', { returnObjects: true });
  const context: CallContext = { publicPage: true };
  const [failure, setFailure] = useState<BookingFailure | null>(null);
  const [expired, setExpired] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [confirmation, setConfirmation] = useState<z.infer<typeof BookingConfirmation> | null>(null);
  const hold = useSlotHold(
    context,
    () => {
      setFailure(null);
      setExpired(true);
    },
    `${storageId}:hold`,
  );
  const slot = hold.slot;
  const [person, setPerson] = useSessionState<BasicInformation | null>(`wizard:${storageId}`, initialPerson);
  // The discount code's price, as the server worked it out when the details step was left.
  const [codePrice, setCodePrice] = useSessionState<BookingPrice | null>(`wizard:${storageId}:price`, null);
  // The details step validates with its own form (loaded with it); here it is done once it gave its answers.
  const wizard = useWizardSteps(
    [
      { key: 'time', label: stepLabels[0]!, done: slot !== null },
      { key: 'details', label: stepLabels[1]!, done: person !== null },
      { key: 'finish', label: stepLabels[2]! },
    ],
    null,
    hold.restoring,
  );
  const step = wizard.index;
  const discounted = !rebookCredit && person?.discount_code && codePrice ? codePrice : null;
  const amount = rebookCredit ? 0 : (discounted?.amount ?? slot?.cost ?? service.cost);
  const price = priceText(amount, dateLocale, t('summary.rebookFree'));

  if (confirmation && person) {
    return (
      <Wizard wizard={wizard} finished>
        <Suspense fallback={<PageLoader />}>
          <ConfirmationView confirmation={confirmation} serviceLabel={service.label} email={person.email} priceText={price} />
        </Suspense>
      </Wizard>
    );
  }
  if (hold.restoring) return <PageLoader />;

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
          discount_code: discounted ? person.discount_code : undefined,
          service: service.service,
          group,
          user,
          token,
          language,
        },
        context,
      );
      hold.complete();
      clearSessionValue(`wizard:${storageId}`);
      clearSessionValue(`wizard:${storageId}:price`);
      setConfirmation(booked);
      onBooked?.(booked);
    } catch (error) {
      const described = describeFailure(error, t, messageText);
      setFailure(described);
      if (described.slotLost) hold.release();
    } finally {
      setSubmitting(false);
    }
  };

  const backToSlots = () => {
    setFailure(null);
    wizard.goTo('time');
  };

  return (
    <Wizard wizard={wizard}>
      <Stack spacing={3}>
        {step === 0 && (
          <SlotStep
            expired={expired}
            timeZone={service.time_zone}
            service={service.service}
            group={group}
            user={user}
            context={context}
            hold={hold}
            onNext={() => {
              setExpired(false);
              wizard.forward();
            }}
          />
        )}
        {step > 0 && slot && hold.secondsLeft !== null && <HoldCountdown secondsLeft={hold.secondsLeft} />}
        <Suspense fallback={null}>
          {step === 1 && (
            <BasicInformationStep
              initial={person}
              onBack={wizard.back}
              priceCode={(code) =>
                slot && hold.token ? priceSlot(slot.id, { hold_token: hold.token, service: service.service, discount_code: code }, context) : Promise.reject(new Error('no hold'))
              }
              onNext={(values, price) => {
                setPerson(values);
                setCodePrice(price);
                wizard.forward();
              }}
            />
          )}
          {step === 2 && slot && person && (
            <Stack spacing={3}>
              <BookingSummary
                serviceLabel={service.label}
                slot={slot}
                timeZone={service.time_zone}
                priceText={discounted ? formatPrice(discounted.cost, dateLocale) : price}
                extra={[
                  ...(discounted
                    ? [
                        { label: t('summary.discount', { code: person.discount_code }), value: `−${formatPrice(discounted.discount_amount, dateLocale)}` },
                        { label: t('summary.total'), value: price },
                      ]
                    : []),
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
                  serverError={failure?.cause}
                  onBack={wizard.back}
                  onSubmit={(checkout) => void pay(checkout)}
                />
              )}
            </Stack>
          )}
        </Suspense>
      </Stack>
    </Wizard>
  );
}
