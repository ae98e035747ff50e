import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BOOKING_MSG, type BookingConfirmation } from '@vireo/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PageLoader } from '../../../components/PageLoader';
import { Wizard } from '../../../components/wizard/Wizard';
import { useWizardSteps } from '../../../components/wizard/useWizardSteps';
import { useCurrentSession } from '../../../lib/session';
import { payForSlot, useServices, type CallContext } from '../api';
import { BookingFailureView } from '../components/BookingFailureView';
import { BookingSummary } from '../components/BookingSummary';
import { CheckoutForm, type Checkout } from '../components/CheckoutForm';
import { ConfirmationView } from '../components/ConfirmationView';
import { HoldCountdown } from '../components/HoldCountdown';
import { SlotStep } from '../components/SlotStep';
import { describeFailure, type BookingFailure } from '../outcome';
import { BookingLanguageContext, dateLocaleOf, useBookingT, type BookingLanguage } from '../texts';
import { dateOfBirthDayString, priceText } from '../time';
import { useSlotHold } from '../useSlotHold';
import { ChatLauncher } from '../../chat';

const CONTEXT: CallContext = { publicPage: false };
const DEFAULT_SERVICE = 'video_gp';

/**
 * /authenticated/book (spec 2 §2.6), opened in a new tab by any signed-in role: 'Select Date and
 * Time', 'Appointment Summary', 'Booking Confirmation', or the failure screen with Back. The
 * booking is for the signed-in person; a patient's organisation covers video_gp, others pay by card.
 */
export function PatientBookingPage() {
  const { user } = useCurrentSession();
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const serviceName = params.get('service') ?? DEFAULT_SERVICE;
  const services = useServices(CONTEXT);
  const service = services.data?.services.find((s) => s.service === serviceName && s.has_slots);
  // German for a German service (the euro one), else the interface language.
  const language: BookingLanguage = service?.language === 'DE' || i18n.language === 'de' ? 'DE' : 'EN';
  const { t, messageText } = useBookingT(language);
  const dateLocale = dateLocaleOf(language);
  const stepLabels = t('steps.patient', { returnObjects: true });

  const [failure, setFailure] = useState<BookingFailure | null>(null);
  const [expired, setExpired] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [confirmation, setConfirmation] = useState<z.infer<typeof BookingConfirmation> | null>(null);
  const storageId = `book-signed-in:${serviceName}`;
  const hold = useSlotHold(
    CONTEXT,
    () => {
      setFailure(null);
      setExpired(true);
    },
    `${storageId}:hold`,
  );
  const slot = hold.slot;
  const wizard = useWizardSteps(
    [
      { key: 'time', label: stepLabels[0]!, done: slot !== null },
      { key: 'summary', label: stepLabels[1]! },
      { key: 'confirmation', label: stepLabels[2]!, available: confirmation !== null },
    ],
    null,
    hold.restoring,
  );
  const step = wizard.index;

  const body = () => {
    if (services.isPending || hold.restoring) return <PageLoader />;
    if (services.isError) return <Alert severity="error">{messageText(services.error.message)}</Alert>;
    if (!service) return <Alert severity="error">{messageText(BOOKING_MSG.serviceNotBookable)}</Alert>;
    const amount = slot?.cost ?? service.cost;
    const price = priceText(amount, dateLocale, t('summary.free'));

    if (confirmation) return <ConfirmationView confirmation={confirmation} serviceLabel={service.label} email={user.email} priceText={price} />;
    if (failure) {
      return (
        <BookingFailureView
          lines={failure.lines}
          onBack={() => {
            setFailure(null);
            if (failure.slotLost || !slot) wizard.goTo('time');
          }}
        />
      );
    }

    const pay = async (checkout: Checkout) => {
      if (!slot || !hold.token) return;
      setSubmitting(true);
      try {
        const booked = await payForSlot(
          slot.id,
          {
            hold_token: hold.token,
            amount,
            card: checkout.card,
            billing_details: {
              first_name: user.first_name,
              last_name: user.last_name,
              email: user.email,
              dateOfBirth: user.date_of_birth === null ? undefined : dateOfBirthDayString(user.date_of_birth),
              phone: user.telephone ?? undefined,
              ...checkout.billingAddress,
            },
            toc_accept: true,
            marketing_accept: checkout.marketingAccept,
            service: service.service,
            language,
          },
          CONTEXT,
        );
        hold.complete();
        setConfirmation(booked);
        wizard.goTo('confirmation', { replace: true });
      } catch (error) {
        const described = describeFailure(error, t, messageText);
        if (described.slotLost) hold.release();
        setFailure(described);
      } finally {
        setSubmitting(false);
      }
    };

    if (step === 0) {
      return (
        <SlotStep
          expired={expired}
          timeZone={service.time_zone}
          service={service.service}
          context={CONTEXT}
          hold={hold}
          onNext={() => {
            setExpired(false);
            wizard.forward();
          }}
        />
      );
    }
    if (!slot) return null;
    return (
      <Stack spacing={3}>
        {hold.secondsLeft !== null && <HoldCountdown secondsLeft={hold.secondsLeft} />}
        <Typography component="h2" variant="h6">
          {t('summary.title')}
        </Typography>
        <BookingSummary
          serviceLabel={service.label}
          slot={slot}
          timeZone={service.time_zone}
          priceText={price}
          extra={[
            { label: t('summary.name'), value: `${user.first_name} ${user.last_name}` },
            { label: t('summary.email'), value: user.email },
          ]}
        />
        <CheckoutForm
          amountPence={amount}
          submitting={submitting}
          onBack={wizard.back}
          onSubmit={(checkout) => void pay(checkout)}
        />
      </Stack>
    );
  };

  return (
    <BookingLanguageContext value={language}>
      <Stack spacing={3} lang={language.toLowerCase()}>
        <Typography component="h1" variant="h4">
          {service ? `${t('headings.patient')}: ${service.label}` : t('headings.patient')}
        </Typography>
        <Wizard wizard={wizard} finished={confirmation !== null}>
          {body()}
        </Wizard>
        <ChatLauncher />
      </Stack>
    </BookingLanguageContext>
  );
}
