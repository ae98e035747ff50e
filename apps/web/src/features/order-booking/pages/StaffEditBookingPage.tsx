// Field errors in plain words wherever a form is shown (contracts' zod configuration).
import '@vireo/contracts/zod-messages';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { Appointment } from '@vireo/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api';
import { PublicPage, useAppointment, type BookingLanguage } from '../../booking';
import { editPeople, moveToSlot, useCatalogue, type CatalogueProduct } from '../api';
import { OrderBookingWizard } from '../components/OrderBookingWizard';
import { peopleStep } from '../components/PeopleStep';
import { dialCodeOf } from '../dialCodes';
import { bookingUsersOf, EMPTY_PASSENGER } from '../rules';
import { useOrderBookingTexts } from '../texts';
import type { Book, BookableProduct, OrderBookingValues, Passenger } from '../types';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** 'yyyy-MM-dd HH:mm' (as the wizard records travel_date) as its date and time. */
const splitLocal = (value: unknown): [string, string] => {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(text(value));
  return match ? [match[1]!, match[2]!] : ['', ''];
};
const dateInput = (epoch: number) => new Date(epoch * 1000).toISOString().slice(0, 10);

/** The booking's people and travel as the wizard's answers, to edit. */
export function valuesOfAppointment(appointment: Appointment): Partial<OrderBookingValues> {
  const first = appointment.booking_users[0];
  const metadata = first?.metadata ?? {};
  const [travelDate, travelTime] = splitLocal(metadata.travel_date);
  const [landingDate, landingTime] = splitLocal(metadata.landing_date);
  const passengers: Passenger[] = appointment.booking_users.map((person) => {
    const phone = person.phone ? parsePhoneNumberFromString(person.phone) : undefined;
    const passport = text(person.metadata.passport_number);
    return {
      ...EMPTY_PASSENGER,
      firstName: person.first_name,
      lastName: person.last_name,
      email: person.email,
      countryCode: phone?.country ?? 'GB',
      phone: phone ? String(phone.nationalNumber) : '',
      dateOfBirth: dateInput(person.date_of_birth),
      ethnicity: person.ethnicity ?? '',
      sex: person.sex ?? '',
      passportNumber: passport,
      passportNumberConfirmation: passport,
      vaccineStatus: person.vaccine_information?.status ?? '',
      vaccineType: person.vaccine_information?.type ?? '',
      vaccineNumber: person.vaccine_information?.number ?? '',
    };
  });
  return {
    product_id: first?.product_id ?? '',
    numberOfPeople: String(appointment.booking_users.length),
    transportNumber: text(metadata.flight_number),
    transit: metadata.transit === true,
    travelDate,
    travelTime,
    landingDate,
    landingTime,
    passengers,
  };
}

const productOf = (catalogue: ReadonlyMap<string, CatalogueProduct>, id: string): BookableProduct | undefined => {
  const product = catalogue.get(id);
  return product && { id: product.id, sku: product.sku, title: product.title, type: product.type, tags: product.tags, bundle_id: product.bundle_id ?? null, unitsLeft: null };
};

/**
 * /booking/edit for staff (spec 2 §2.9): 'How many people will take the test?' (never fewer), 'Travel
 * Details', 'Booking Appointment', 'Passenger Details', 'Summary', 'Booking Confirmation'; the people are
 * saved, then the booking moves to the new time. Links to the order list and the customer-services dashboard.
 */
export function StaffEditBookingPage() {
  const [params] = useSearchParams();
  const appointmentId = params.get('appointmentId') ?? '';
  const shortToken = params.get('short_token') ?? '';
  const appointment = useAppointment(appointmentId, shortToken, appointmentId !== '');
  const language: BookingLanguage = appointment.data?.language ?? 'EN';
  const { t } = useTranslation('order-booking', { lng: language === 'DE' ? 'de' : 'en' });
  return (
    <PublicPage language={language} heading={t('headings.edit')}>
      <Stack spacing={3}>
        <Stack direction="row" spacing={3}>
          <Link component={RouterLink} to="/customer_services/order-list">
            {t('confirmation.orderList')}
          </Link>
          <Link component={RouterLink} to="/customer_services/dashboard">
            {t('confirmation.dashboard')}
          </Link>
        </Stack>
        {appointment.isPending && appointmentId !== '' ? (
          <PageLoader />
        ) : appointment.data ? (
          <StaffEdit appointment={appointment.data} shortToken={shortToken} service={params.get('service') ?? appointment.data.type} />
        ) : (
          <NotFound error={appointment.error} />
        )}
      </Stack>
    </PublicPage>
  );
}

function NotFound({ error }: { error: Error | null }) {
  const { t, messageText } = useOrderBookingTexts();
  const missing = !error || (error instanceof ApiError && (error.status === 404 || error.status === 401));
  return <Alert severity="error">{missing ? t('blocked.notFound') : messageText(error.message)}</Alert>;
}

function StaffEdit({ appointment, shortToken, service }: { appointment: Appointment; shortToken: string; service: string }) {
  const { t } = useOrderBookingTexts();
  const catalogue = useCatalogue();
  const booked = appointment.booking_users.length;
  const firstStep = useMemo(() => peopleStep(t('steps.people')), [t]);
  const initialValues = useMemo(() => valuesOfAppointment(appointment), [appointment]);
  if (catalogue.isPending) return <PageLoader />;
  const product = catalogue.data ? productOf(catalogue.data, initialValues.product_id ?? '') : undefined;
  if (!product) return <NotFound error={catalogue.error} />;

  const book: Book = async ({ values, hold }) => {
    await editPeople(appointment.id, bookingUsersOf(values, product, appointment.language, dialCodeOf), shortToken);
    if (hold) await moveToSlot(appointment.id, hold.slotId, hold.token, shortToken);
    return { appointmentId: appointment.id, unitsLeft: null };
  };

  return (
    <OrderBookingWizard
      storageId={`edit:${appointment.id}`}
      firstStep={firstStep}
      products={[product]}
      service={service}
      context={{ publicPage: true, shortToken }}
      initialValues={initialValues}
      book={book}
      editing={{ bookedPeople: booked }}
      homeHref="/customer_services/dashboard"
    />
  );
}
