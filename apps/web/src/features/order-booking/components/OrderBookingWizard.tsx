import { BOOKING_MSG, FLIGHT_LINKED_SKU } from '@vireo/contracts';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { PageLoader } from '../../../components/PageLoader';
import { Wizard, useWizard, type WizardStep } from '../../../components/wizard';
import { ApiError } from '../../../lib/api';
import { clearSessionValue } from '../../../lib/sessionValue';
import { useSlotHold, type CallContext } from '../../booking';
import { DEFAULT_CITY } from '../cities';
import { defaultAppointmentDate, EMPTY_PASSENGER, flightDetailsOf, passengersFor, peopleOf, skipsBooking, slotWindow, toServiceDay } from '../rules';
import { neverFewerPeople, passengerSchema, passengersSchema, SummarySchema, travelSchema } from '../schemas';
import { useOrderBookingTexts } from '../texts';
import type { Book, BookableProduct, Booked, FirstStep, OrderBookingValues } from '../types';
import { BookingAppointmentStep } from './BookingAppointmentStep';
import { ConfirmationStep } from './ConfirmationStep';
import { PassengerDetailsStep } from './PassengerDetailsStep';
import { SummaryStep, type SummaryFailure } from './SummaryStep';
import { TravelDetailsStep } from './TravelDetailsStep';

export const EMPTY_VALUES: OrderBookingValues = {
  product_id: '',
  numberOfPeople: '1',
  selectedKit: '',
  purchaseCode: [],
  isAppointmentAddressSame: true,
  appointmentAddress: { postalCode: '', streetAddress: '', extendedAddress: '', locality: '', county: '' },
  transportType: 'Flight',
  transportNumber: '',
  city: DEFAULT_CITY,
  travelDate: '',
  travelTime: '',
  landingDate: '',
  landingTime: '',
  transit: false,
  appointmentDate: '',
  passengers: [EMPTY_PASSENGER],
  passengerIndex: 0,
  tocAccept: false,
};

/** The steps' keys in the URL (`?step=`). */
export const STEP_KEYS = { travel: 'travel', appointment: 'appointment', passengers: 'passengers', summary: 'summary', confirmation: 'confirmation' } as const;

export interface OrderBookingWizardProps {
  /** What the session keeps the answers, the hold and the outcome under (one wizard per order or appointment). */
  storageId: string;
  firstStep: FirstStep;
  /** The products the first step may choose from: the steps after it follow the chosen one's rules. */
  products: readonly BookableProduct[];
  /** The booking service whose slots are offered (video_gp_{product}, video_gp_euro). */
  service: string;
  /** The credentials the slot holds travel with (the order's short token). */
  context: CallContext;
  /** Answers to start from (the booking being edited, a preselected product). */
  initialValues?: Partial<OrderBookingValues>;
  book: Book;
  /**
   * Staff changing a booking of `bookedPeople` people: the first step never takes fewer, the
   * confirmation links customer services' pages, no 'Book next appointment'.
   */
  editing?: { bookedPeople: number };
  homeHref: string;
  submitLabel?: string;
}

/**
 * The frame of the order-linked booking wizards (spec 2 §2.7–§2.10, §4.2): the flow's first step,
 * then 'Travel Details', 'Booking Appointment' (not when the product skips booking), 'Passenger
 * Details' (one person at a time), 'Summary' and the confirmation. Back on all but the first and
 * the last. The step is in the URL and the answers and the hold kept for the session, so a reload
 * returns to the same step while the hold lasts; at its end the wizard returns to 'Booking
 * Appointment' with the first passenger.
 */
export function OrderBookingWizard({ storageId, firstStep, products, service, context, initialValues, book, editing, homeHref, submitLabel }: OrderBookingWizardProps) {
  const { t, messageText } = useOrderBookingTexts();
  const [expired, setExpired] = useState(false);
  const [failure, setFailure] = useState<SummaryFailure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [booked, setBooked] = useState<Booked | null>(null);
  const restart = useRef<() => void>(() => undefined);
  const hold = useSlotHold(context, () => restart.current(), `wizard:${storageId}:hold`);

  const stepsFor = (values: OrderBookingValues): WizardStep[] => {
    const product = products.find((candidate) => candidate.id === values.product_id);
    const skipped = product !== undefined && skipsBooking(product);
    const first: WizardStep = { key: firstStep.key, label: firstStep.label, schema: editing ? neverFewerPeople(firstStep.schema, editing.bookedPeople) : firstStep.schema };
    const travel: WizardStep = { key: STEP_KEYS.travel, label: t('steps.travel'), schema: travelSchema(product) };
    const steps: WizardStep[] = firstStep.position === 'afterTravel' ? [travel, first] : [first, travel];
    if (!skipped) steps.push({ key: STEP_KEYS.appointment, label: t('steps.appointment'), done: hold.slot !== null || booked !== null });
    steps.push(
      { key: STEP_KEYS.passengers, label: t('steps.passengers'), schema: passengersSchema(product, peopleOf(values)) },
      { key: STEP_KEYS.summary, label: t('steps.summary'), schema: SummarySchema },
      { key: STEP_KEYS.confirmation, label: skipped ? t('steps.confirmationSkipped') : t('steps.confirmation'), available: booked !== null },
    );
    return steps;
  };

  const wizard = useWizard<OrderBookingValues>({ id: storageId, steps: stepsFor, defaultValues: { ...EMPTY_VALUES, ...initialValues }, waiting: hold.restoring });
  const { form } = wizard;
  const values = useWatch({ control: form.control }) as OrderBookingValues;
  const product = products.find((candidate) => candidate.id === values.product_id);
  const people = peopleOf(values);
  const stepKey = wizard.step.key;
  const flight = product ? flightDetailsOf(values, product) : undefined;

  // The hold's end: back to 'Booking Appointment' (step index 2), first passenger (spec 2 §4.2, spec 3 §9).
  const { goTo } = wizard;
  useEffect(() => {
    restart.current = () => {
      form.setValue('passengerIndex', 0);
      setExpired(true);
      setFailure(null);
      goTo(STEP_KEYS.appointment, { replace: true });
    };
  }, [form, goTo]);

  // The appointment date starts on the travel day (the landing day after a flight).
  useEffect(() => {
    if (stepKey === STEP_KEYS.appointment && product && values.appointmentDate === '') form.setValue('appointmentDate', defaultAppointmentDate(product, values));
  }, [stepKey, product, values, form]);

  // Passenger Details has one entry per person: added empty when first reached, cut when fewer people.
  useEffect(() => {
    if (stepKey === STEP_KEYS.passengers && values.passengers.length !== people) form.setValue('passengers', passengersFor(values.passengers, people));
  }, [stepKey, people, values.passengers, form]);

  if (hold.restoring) return <PageLoader />;

  const next = () => void wizard.next();

  const nextPassenger = async () => {
    const index = values.passengerIndex;
    const valid = await form.trigger(`passengers.${index}`);
    if (!valid || !passengerSchema(product).safeParse(values.passengers[index]).success) return;
    if (index + 1 < people) form.setValue('passengerIndex', index + 1);
    else wizard.forward();
  };
  const previousPassenger = () => {
    if (values.passengerIndex > 0) form.setValue('passengerIndex', values.passengerIndex - 1);
    else wizard.back();
  };

  const submit = async () => {
    if (!product || !(await form.trigger())) return;
    const skipped = skipsBooking(product);
    if (!skipped && (!hold.slot || !hold.token)) {
      wizard.goTo(STEP_KEYS.appointment, { replace: true });
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      const outcome = await book({ values: form.getValues(), product, hold: skipped || !hold.slot || !hold.token ? null : { slotId: hold.slot.id, token: hold.token } });
      hold.complete();
      wizard.forget();
      setBooked(outcome);
      wizard.goTo(STEP_KEYS.confirmation);
    } catch (error) {
      const slotLost = error instanceof ApiError && (error.status === 409 || error.message === BOOKING_MSG.paymentFailed);
      if (slotLost) hold.release();
      setFailure({ slotLost, message: slotLost ? t('summary.slotTaken') : error instanceof Error ? messageText(error.message) : messageText(BOOKING_MSG.paymentFailed) });
    } finally {
      setSubmitting(false);
    }
  };

  const bookNext = () => {
    wizard.forget();
    clearSessionValue(`wizard:${storageId}:hold`);
    const url = new URL(window.location.href);
    url.searchParams.delete('step');
    window.location.assign(url.toString());
  };

  const backOrNone = wizard.index > 0 ? wizard.back : undefined;
  const FirstStepForm = firstStep.Component;
  return (
    <Wizard wizard={wizard} finished={stepKey === STEP_KEYS.confirmation && booked !== null}>
      {stepKey === firstStep.key && <FirstStepForm form={form} onNext={next} onBack={backOrNone} />}
      {stepKey === STEP_KEYS.travel && <TravelDetailsStep form={form} product={product} onNext={next} onBack={backOrNone} />}
      {stepKey === STEP_KEYS.appointment && product && (
        <BookingAppointmentStep
          form={form}
          asksDate={product.sku !== FLIGHT_LINKED_SKU}
          window={slotWindow(product, values)}
          search={{
            service,
            shortToken: context.shortToken ?? '',
            productId: product.id,
            date: toServiceDay(values.appointmentDate || values.travelDate),
            departure: flight?.transport_departure_date_time,
            arrival: flight?.transport_arrival_date_time,
          }}
          hold={hold}
          expired={expired}
          onBack={wizard.back}
          onNext={() => {
            setExpired(false);
            wizard.forward();
          }}
        />
      )}
      {stepKey === STEP_KEYS.passengers && values.passengers.length === people && (
        <PassengerDetailsStep form={form} product={product} people={people} onNext={() => void nextPassenger()} onBack={previousPassenger} />
      )}
      {stepKey === STEP_KEYS.summary && product && (
        <SummaryStep
          form={form}
          product={product}
          slot={hold.slot}
          secondsLeft={hold.secondsLeft}
          failure={failure}
          submitting={submitting}
          submitLabel={submitLabel}
          onSubmit={() => void submit()}
          onBack={() => {
            form.setValue('passengerIndex', Math.max(0, people - 1));
            wizard.back();
          }}
          onChooseAnother={() => {
            setFailure(null);
            wizard.goTo(STEP_KEYS.appointment);
          }}
        />
      )}
      {stepKey === STEP_KEYS.confirmation && booked && product && (
        <ConfirmationStep booked={booked} skipped={skipsBooking(product)} editing={editing !== undefined} homeHref={homeHref} onBookNext={bookNext} />
      )}
    </Wizard>
  );
}
