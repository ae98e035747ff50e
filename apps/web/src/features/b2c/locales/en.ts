import type { Texts } from '../../../app/locales/shape';

/** The b2c customer's pages (spec 2 §2.10; issue 18): appointments, test results, the trip. */
const b2c = {
  appointments: {
    label: 'Upcoming appointments',
    service: 'Service',
    when: 'Date and time',
    status: 'Status',
    actions: 'Actions',
    join: 'Join',
    joinLabel: 'Join {{name}}',
    edit: 'Edit',
    editLabel: 'Edit {{name}}',
    delete: 'Delete',
    deleteLabel: 'Delete {{name}}',
    deleteTitle: 'Delete this appointment?',
    deleteInTime: 'The time will be freed, and you can book a new time with the same link.',
    confirmDelete: 'Delete appointment',
    keep: 'Keep appointment',
  },
  results: {
    label: 'Test results',
    testDate: 'Test Date',
    name: 'Name',
    test: 'Test',
    result: 'Results',
    download: 'Download',
    downloadLabel: 'Download the certificate of {{name}} from {{date}}',
    empty: 'No results yet',
    error: 'Error fetching results',
  },
  trip: {
    intro: 'Save your trip on an order: when you book an appointment with that order, its Travel Details start from it.',
    noOrders: 'You have no orders yet.',
    order: 'Order',
    orderOption: 'Order {{reference}} of {{date}}',
    formLabel: 'Trip',
    type: 'Transport type',
    types: { Flight: 'Flight', Train: 'Train', Other: 'Other' },
    number: { Flight: 'Flight number', Train: 'Train number', Other: 'Transport number' },
    departureCountry: 'Departure country',
    departureTime: 'Departure (UK time)',
    arrivalCountry: 'Arrival country',
    arrivalTime: 'Arrival (UK time)',
    save: 'Save trip',
  },
};

export default b2c;
export type B2cTranslation = Texts<typeof b2c>;
