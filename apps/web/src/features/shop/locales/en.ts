import type { Texts } from '../../../app/locales/shape';
/** The b2c kit shop (/b2c/order-test-kit): choose a kit, ship it, pay, confirm. */
const shop = {
  title: 'Buy Antigen Kits',
  intro: 'Order at least 8 working days before the procedure.',
  steps: { kit: 'Test kit', shipping: 'Shipping', billing: 'Billing', payment: 'Payment', summary: 'Summary', confirmation: 'Confirmation' },
  actions: { back: 'Back', next: 'Next', place: 'Pay {{amount}} and place order', placeFree: 'Place order' },
  kit: {
    label: 'Test kits',
    outOfStock: 'Out of stock',
    quantity: 'Quantity',
    error: 'Error fetching products',
    empty: 'No test kits are on sale at the moment.',
  },
  address: {
    address1: 'Address line 1',
    address2: 'Address line 2',
    town: 'Town or city',
    county: 'County',
    postcode: 'Postcode',
    telephone: 'Telephone',
  },
  billing: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail',
    telephone: 'Telephone',
    sameAddress: 'The billing address is the shipping address',
    address: 'Billing address',
  },
  payment: {
    discount: 'Discount code',
    discountHelp: 'Optional',
    apply: 'Apply',
    applied: 'Code {{code}} applied',
    card: 'Card details',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    nothingDue: 'Nothing is due: no card is needed.',
  },
  summary: {
    label: 'Your order',
    item: 'Item',
    quantity: 'Quantity',
    amount: 'Amount',
    discount: 'Discount ({{code}})',
    vat: 'of which VAT',
    total: 'Total',
    shipTo: 'Ship to',
    billTo: 'Bill to',
    serverDecides: 'The amount charged is worked out again when the order is placed.',
  },
  confirmation: {
    success: 'Thank you, your order has been placed.',
    shortToken: 'Your order reference (short token)',
    emailed: 'A confirmation has been sent to {{email}}.',
    book: 'Book your appointment',
    home: 'Back to home',
  },
};

export default shop;
export type ShopTranslation = Texts<typeof shop>;
