// Field errors in plain words wherever a form is shown (contracts' zod configuration).
import '@vireo/contracts/zod-messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { PARTNER_PAGE_PREFIX, isBookingSkipped, type PublicPartner } from '@vireo/contracts';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api';
import { languageOf, PublicPage, type BookingLanguage } from '../../booking';
import { placePartnerOrder, useCatalogue, usePartnerPage, type CatalogueProduct } from '../api';
import { bookWithOrder } from '../bookWithOrder';
import { OrderBookingWizard } from '../components/OrderBookingWizard';
import { travellersStep } from '../components/TravellersStep';
import { peopleOf } from '../rules';
import { useOrderBookingTexts } from '../texts';
import type { Book, BookableProduct } from '../types';

/** The partner's products the catalogue sells and the wizard can book (or books without a time). */
function partnerProducts(partner: PublicPartner, catalogue: ReadonlyMap<string, CatalogueProduct>): BookableProduct[] {
  const skus = partner.code_prefixes.map((rule) => rule.sku);
  return [...catalogue.values()]
    .filter((product) => skus.includes(product.sku) && product.type !== 'Virtual' && (product.bookable === 1 || isBookingSkipped(product.sku)))
    .map((product) => ({ id: product.id, sku: product.sku, title: product.title, type: product.type, tags: product.tags, bundle_id: product.bundle_id ?? null, unitsLeft: null }));
}

/**
 * /book_test_{slug} (spec 2 §2.10, public): a partner's booking page — its logo and name, then
 * 'Number of travellers' (an airline's after 'Travel Details') and the shared steps, in the
 * partner's language (a European partner's video_gp_euro in German). At Summary the codes place
 * the order in one call (POST /partner-page/{slug}/order, source the partner's label), which is then
 * booked with its short token; an order placed before a failed booking is reused when Summary is
 * tried again, so no code is taken twice. The confirmation links the partner's home page.
 */
export function PartnerBookingPage() {
  const { pathname } = useLocation();
  const slug = pathname.startsWith(PARTNER_PAGE_PREFIX) ? pathname.slice(PARTNER_PAGE_PREFIX.length) : '';
  const partner = usePartnerPage(slug);
  const [chosenLanguage, setLanguage] = useState<BookingLanguage | null>(null);
  const language: BookingLanguage = chosenLanguage ?? partner.data?.language ?? 'EN';
  const { t } = useTranslation('order-booking', { lng: languageOf(language) });
  return (
    <PublicPage language={language} onLanguageChange={setLanguage} heading={partner.data?.name ?? t('headings.book')}>
      {partner.isPending ? (
        <PageLoader />
      ) : partner.isError ? (
        <PartnerMissing error={partner.error} />
      ) : (
        <PartnerBooking partner={partner.data} language={language} />
      )}
    </PublicPage>
  );
}

function PartnerMissing({ error }: { error: Error }) {
  const { t, messageText } = useOrderBookingTexts();
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return <Alert severity="error">{missing ? t('partner.notFound') : messageText(error.message)}</Alert>;
}

function PartnerBooking({ partner, language }: { partner: PublicPartner; language: BookingLanguage }) {
  const { t, messageText } = useOrderBookingTexts();
  const catalogue = useCatalogue();
  const products = useMemo(() => (catalogue.data ? partnerProducts(partner, catalogue.data) : []), [partner, catalogue.data]);
  const firstStep = useMemo(() => travellersStep(t('steps.travellers'), partner, products), [t, partner, products]);
  const placed = useRef<{ codes: string; shortToken: string } | null>(null);

  if (catalogue.isPending) return <PageLoader />;
  if (catalogue.isError) return <Alert severity="error">{messageText(catalogue.error.message)}</Alert>;

  const book: Book = async (request) => {
    const { values, product } = request;
    const codes = values.purchaseCode.slice(0, peopleOf(values)).map((entry) => entry.code);
    const key = codes.join(' ');
    if (placed.current?.codes !== key) {
      const first = values.passengers[0]!;
      const order = await placePartnerOrder(partner.slug, {
        billing_detail: { first_name: first.firstName.trim(), last_name: first.lastName.trim(), email: first.email.trim() },
        items: [{ product_id: product.id, quantity: codes.length }],
        codes,
      });
      placed.current = { codes: key, shortToken: order.short_token };
    }
    return bookWithOrder(request, placed.current.shortToken, partner.service, language);
  };

  return (
    <>
      {partner.logo && <Box component="img" src={partner.logo} alt={t('partner.logo', { name: partner.name })} sx={{ display: 'block', maxHeight: 80, maxWidth: '100%', mb: 2 }} />}
      <OrderBookingWizard storageId={`partner:${partner.slug}`} firstStep={firstStep} products={products} service={partner.service} context={{ publicPage: true }} book={book} homeHref={partner.home_page_url} />
    </>
  );
}
