// Field errors in plain words wherever a form is shown (contracts' zod configuration).
import '@vireo/contracts/zod-messages';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ORDER_MSG, PHARMACY_SOURCE, isBookingSkipped, pharmacySkus, pharmacySourceCurrency, type CreateOrderRequest, type OrderCurrency } from '@vireo/contracts';
import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { PRODUCT_NAME } from '../../../lib/config';
import { checkPurchaseCode, completeCodeOrder, placeCodeOrder, takeCodeUse, useCatalogue } from '../api';
import { bookWithOrder, defaultService } from '../bookWithOrder';
import { OrderBookingWizard } from '../components/OrderBookingWizard';
import { purchaseCodeStep } from '../components/PurchaseCodeStep';
import { peopleOf } from '../rules';
import { useOrderBookingTexts } from '../texts';
import type { Book, BookableProduct, OrderBookingValues } from '../types';

/** The order Summary placed for these codes, and how far its payment got (a retried Summary goes on from there). */
interface PlacedOrder {
  codes: string;
  orderId: string;
  shortToken: string;
  codesTaken: number;
  complete: boolean;
}

function addressOf(values: OrderBookingValues): CreateOrderRequest['billing_address'] {
  const address = values.appointmentAddress;
  return {
    address_1: address.streetAddress.trim(),
    ...(address.extendedAddress.trim() ? { address_2: address.extendedAddress.trim() } : {}),
    postcode: address.postalCode.trim(),
    town: address.locality.trim(),
    ...(address.county.trim() ? { county: address.county.trim() } : {}),
  };
}

/**
 * /pharmacy/book (spec 2 §2.8; pharmacy.book): pharmacy staff book for walk-in people paying with
 * purchase codes — 'Purchase Code', then the shared steps. ?source={product}-us is the US variant:
 * the US products (in dollars) replace the list and the codes' prefixes pick among them; any other
 * source is refused with the server's words. At Summary the order is placed (source Pharmacy or
 * {product}-us, the first code as its discount), each further code pays one more unit, the order is
 * set Complete and booked with its short token. An order placed before a failed booking is reused
 * when Summary is tried again, so no code is taken twice.
 */
export function PharmacyBookingPage() {
  const { messageText } = useOrderBookingTexts();
  const [params] = useSearchParams();
  const source = params.get('source') ?? PHARMACY_SOURCE;
  const currency = pharmacySourceCurrency(source, PRODUCT_NAME);
  if (!currency) return <Alert severity="error">{messageText(ORDER_MSG.pharmacySource)}</Alert>;
  return <PharmacyBooking key={source} source={source} currency={currency} />;
}

function PharmacyBooking({ source, currency }: { source: string; currency: OrderCurrency }) {
  const { t, messageText } = useOrderBookingTexts();
  const catalogue = useCatalogue();
  const products = useMemo<BookableProduct[]>(() => {
    const skus = pharmacySkus(currency);
    return [...(catalogue.data?.values() ?? [])]
      .filter((product) => skus.includes(product.sku) && product.currency === currency && product.type !== 'Virtual' && (product.bookable === 1 || isBookingSkipped(product.sku)))
      .map((product) => ({ id: product.id, sku: product.sku, title: product.title, type: product.type, tags: product.tags, bundle_id: product.bundle_id ?? null, unitsLeft: null }));
  }, [catalogue.data, currency]);
  const firstStep = useMemo(() => purchaseCodeStep(t('steps.purchaseCode'), products, currency), [t, products, currency]);
  const placed = useRef<PlacedOrder | null>(null);

  if (catalogue.isPending) return <PageLoader />;
  if (catalogue.isError) return <Alert severity="error">{messageText(catalogue.error.message)}</Alert>;

  const book: Book = async (request) => {
    const { values, product } = request;
    const codes = values.purchaseCode.slice(0, peopleOf(values)).map((entry) => entry.code);
    const key = codes.join(' ');
    let order = placed.current?.codes === key ? placed.current : null;
    if (!order) {
      const first = values.passengers[0]!;
      const address = addressOf(values);
      const answer = await placeCodeOrder({
        billing_detail: { first_name: first.firstName.trim(), last_name: first.lastName.trim(), email: first.email.trim() },
        billing_address: address,
        shipping_address: address,
        source,
        items: [{ product_id: product.id, quantity: codes.length }],
        discount: codes[0]!,
      });
      order = { codes: key, orderId: answer.order_details.id, shortToken: answer.order_details.short_token, codesTaken: 1, complete: answer.order_details.payment_flag === 'Complete' };
      placed.current = order;
    }
    for (; order.codesTaken < codes.length; order.codesTaken++) {
      const info = await checkPurchaseCode(codes[order.codesTaken]!);
      await takeCodeUse(info.id, order.orderId);
    }
    if (!order.complete) {
      await completeCodeOrder(order.orderId);
      order.complete = true;
    }
    return bookWithOrder(request, order.shortToken, defaultService(), 'EN');
  };

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        {t('headings.book')}
      </Typography>
      <OrderBookingWizard
        storageId={currency === 'USD' ? 'pharmacy-us' : 'pharmacy'}
        firstStep={firstStep}
        products={products}
        service={defaultService()}
        context={{ publicPage: false }}
        book={book}
        homeHref={source === PHARMACY_SOURCE ? '/pharmacy/book' : `/pharmacy/book?source=${encodeURIComponent(source)}`}
      />
    </Stack>
  );
}
