// Field errors in plain words wherever a form is shown (contracts' zod configuration).
import '@vireo/contracts/zod-messages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BLOCKED_SHIPPING_FLAGS,
  isBookingSkipped,
  ORDER_BOOKING_MSG,
  QUANTITY_CHECK_EXEMPT_SKU,
  peopleLeft,
  type CustomerOrder,
} from '@vireo/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api';
import { formatPence } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { languageOf, PublicPage, type BookingLanguage } from '../../booking';
import { useApprovedKits, useCatalogue, useMyOrders, useOrderByToken, type CatalogueProduct } from '../api';
import { bookWithOrder, defaultService } from '../bookWithOrder';
import { OrderBookingWizard } from '../components/OrderBookingWizard';
import { selectTestStep } from '../components/SelectTestStep';
import { useOrderBookingTexts } from '../texts';
import type { Book, BookableProduct } from '../types';

/** The order's lines a booking may use: bookable (or booked without a time, as the self-swab kit), not Virtual, with their tags and the units left. */
export function bookableProducts(order: CustomerOrder, catalogue: ReadonlyMap<string, CatalogueProduct>): BookableProduct[] {
  return order.items
    .filter((item) => (item.product.bookable === 1 || isBookingSkipped(item.product.sku)) && item.product.type !== 'Virtual')
    .map((item) => ({
      id: item.product_id,
      sku: item.product.sku,
      title: item.product.title,
      type: item.product.type,
      tags: catalogue.get(item.product_id)?.tags ?? [],
      bundle_id: item.bundle_id,
      unitsLeft: item.product.sku === QUANTITY_CHECK_EXEMPT_SKU ? null : peopleLeft({ sku: item.product.sku, quantity: item.quantity, fulfilled: item.fulfilled }),
    }));
}

/** The order's shipping address on one line; '' for an order without one (a partner page's). */
const addressLine = ({ shipping_address: address }: CustomerOrder) => (address ? [address.address_1, address.address_2, address.town, address.county, address.postcode].filter(Boolean).join(', ') : '');

/**
 * /b2c/book-appointment?short_token=&service= (spec 2 §2.7): the order's short token books its units —
 * 'Select Test', then the shared steps. Blocked: a cancelled or failed order, no test kit bought, no
 * units left (with Buy Now).
 */
export function ShortTokenBookingPage() {
  const [params] = useSearchParams();
  const shortToken = (params.get('short_token') ?? '').trim().toUpperCase();
  const service = params.get('service') ?? defaultService();
  const signedIn = useSession().hasToken;
  const [chosenLanguage, setLanguage] = useState<BookingLanguage | null>(null);
  const language: BookingLanguage = chosenLanguage ?? (service === 'video_gp_euro' ? 'DE' : 'EN');
  const { t } = useTranslation('order-booking', { lng: languageOf(language) });
  return (
    <PublicPage language={language} onLanguageChange={setLanguage} heading={t('headings.book')}>
      {shortToken !== '' ? <ShortTokenBooking shortToken={shortToken} service={service} language={language} /> : signedIn ? <MyOrders service={service} language={language} /> : <MissingToken />}
    </PublicPage>
  );
}

/**
 * Without a short token (the b2c home's Book an Appointment card), a signed-in customer chooses one of
 * their paid orders to book with; with none, the spec's 'You haven't bought any test kit yet' and Buy Now.
 */
function MyOrders({ service, language }: { service: string; language: BookingLanguage }) {
  const { t, messageText } = useOrderBookingTexts();
  const placed = new Intl.DateTimeFormat(languageOf(language), { timeZone: 'Europe/London', dateStyle: 'medium' });
  const orders = useMyOrders(true);
  if (orders.isPending) return <PageLoader />;
  if (orders.isError) return <Alert severity="error">{messageText(orders.error.message)}</Alert>;
  const bookable = orders.data.filter((order) => order.payment_flag === 'Complete' && !BLOCKED_SHIPPING_FLAGS.includes(order.shipping_flag));
  if (bookable.length === 0) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="info" sx={{ width: '100%' }}>
          {t('blocked.noTestKit')}
        </Alert>
        <Button component={RouterLink} to="/b2c/order-test-kit" variant="contained">
          {t('actions.buyNow')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} component="section" aria-labelledby="my-orders-heading">
      <Typography id="my-orders-heading" component="h2" variant="h6">
        {t('myOrders.heading')}
      </Typography>
      <List aria-labelledby="my-orders-heading">
        {bookable.map((order) => (
          <ListItem key={order.id} divider secondaryAction={<Button component={RouterLink} to={`?${new URLSearchParams({ short_token: order.short_token, service })}`}>{t('myOrders.book')}</Button>}>
            <ListItemText primary={t('myOrders.order', { placed: placed.format(new Date(order.created_at * 1000)) })} secondary={formatPence(order.price, order.currency)} />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

function MissingToken() {
  const { t } = useOrderBookingTexts();
  return <Alert severity="error">{t('blocked.missingToken')}</Alert>;
}

function ShortTokenBooking({ shortToken, service, language }: { shortToken: string; service: string; language: BookingLanguage }) {
  const { t, messageText } = useOrderBookingTexts();
  const order = useOrderByToken(shortToken, true);
  const tags = useCatalogue();
  const kits = useApprovedKits(shortToken);
  const products = useMemo(() => (order.data && tags.data ? bookableProducts(order.data, tags.data) : []), [order.data, tags.data]);
  const available = useMemo(() => products.filter((product) => product.unitsLeft === null || product.unitsLeft > 0), [products]);
  const shipping = order.data ? addressLine(order.data) : '';
  const kitNames = kits.data;
  const firstStep = useMemo(() => selectTestStep(t('steps.selectTest'), available, kitNames ?? [], shipping), [t, available, kitNames, shipping]);

  if (order.isPending || tags.isPending || kits.isPending) return <PageLoader />;
  if (order.isError) {
    const missing = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
    return <Alert severity="error">{missing ? t('blocked.notFound') : messageText(order.error.message)}</Alert>;
  }
  if (tags.isError) return <Alert severity="error">{messageText(tags.error.message)}</Alert>;
  const flag = order.data.shipping_flag;
  if (BLOCKED_SHIPPING_FLAGS.includes(flag)) return <Alert severity="error">{messageText(ORDER_BOOKING_MSG.blocked(flag))}</Alert>;
  if (order.data.payment_flag !== 'Complete') return <Alert severity="warning">{messageText(ORDER_BOOKING_MSG.notPaid)}</Alert>;
  if (products.length === 0) return <Alert severity="info">{t('blocked.noTestKit')}</Alert>;
  if (available.length === 0) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="info" sx={{ width: '100%' }}>
          {t('blocked.noUnitsLeft')}
        </Alert>
        <Button component={RouterLink} to="/b2c/order-test-kit" variant="contained">
          {t('actions.buyNow')}
        </Button>
      </Stack>
    );
  }

  const book: Book = (request) => bookWithOrder(request, shortToken, service, language);

  return (
    <OrderBookingWizard
      storageId={`order:${shortToken}`}
      firstStep={firstStep}
      products={available}
      service={service}
      context={{ publicPage: true, shortToken }}
      initialValues={{
        product_id: available.length === 1 ? available[0]!.id : '',
        appointmentAddress: {
          postalCode: order.data.shipping_address?.postcode ?? '',
          streetAddress: order.data.shipping_address?.address_1 ?? '',
          extendedAddress: order.data.shipping_address?.address_2 ?? '',
          locality: order.data.shipping_address?.town ?? '',
          county: order.data.shipping_address?.county ?? '',
        },
      }}
      book={book}
      homeHref="/"
    />
  );
}
