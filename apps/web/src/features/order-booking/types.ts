import type { ComponentType } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';

/** One person of Passenger Details (spec 2 §3 'Passenger'); dates as the date input gives them (yyyy-MM-dd). */
export interface Passenger {
  firstName: string;
  lastName: string;
  email: string;
  /** The dial code's country (ISO 3166-1 alpha-2, libphonenumber-js's), GB unless chosen. */
  countryCode: string;
  phone: string;
  dateOfBirth: string;
  ethnicity: string;
  sex: string;
  passportNumber: string;
  passportNumberConfirmation: string;
  vaccineStatus: string;
  vaccineType: string;
  vaccineTypeName: string;
  vaccineNumber: string;
}

export interface AppointmentAddress {
  postalCode: string;
  streetAddress: string;
  extendedAddress: string;
  locality: string;
  county: string;
}

/** The booking form of spec 2 §3, as the wizard keeps it (sessionStorage, so a reload keeps the answers). */
export interface OrderBookingValues {
  product_id: string;
  /** As typed ('' when empty): the first step's schema says 'Input number of people'. */
  numberOfPeople: string;
  selectedKit: string;
  /** One code per person in the code-taking first steps (pharmacy, partners); empty otherwise. */
  purchaseCode: { code: string }[];
  isAppointmentAddressSame: boolean;
  appointmentAddress: AppointmentAddress;
  transportType: string;
  transportNumber: string;
  /** The city's name in `CITIES`. */
  city: string;
  travelDate: string;
  travelTime: string;
  landingDate: string;
  landingTime: string;
  transit: boolean;
  /** The day chosen at 'Booking Appointment' (yyyy-MM-dd): the window of products other than the Fit to Fly test. */
  appointmentDate: string;
  passengers: Passenger[];
  /** Which person Passenger Details shows. */
  passengerIndex: number;
  tocAccept: boolean;
}

/** A product the wizard books: what its steps need to know of it. */
export interface BookableProduct {
  id: string;
  sku: string;
  title: string;
  type: string;
  tags: readonly string[];
  bundle_id: string | null;
  /** Units the customer may still book with (order lines: quantity less fulfilled); null when codes decide. */
  unitsLeft: number | null;
}

export interface FirstStepProps {
  form: UseFormReturn<OrderBookingValues>;
  /** Validates the step with its schema and moves on. */
  onNext: () => void;
  /** The step before, when the first step is not first (the airline form). */
  onBack?: (() => void) | undefined;
}

/**
 * The step a booking flow starts with ('Select Test', 'Purchase Code', 'Number of travellers'):
 * its fields of `OrderBookingValues`, the schema Next checks, and its form.
 */
export interface FirstStep {
  key: string;
  label: string;
  schema: ZodType;
  Component: ComponentType<FirstStepProps>;
  /** 'afterTravel': Travel Details comes first (the partner airline form); else the step is first. */
  position?: 'first' | 'afterTravel';
}

/** What a flow's booking answered: the appointment made, and whether the order has units left after it. */
export interface Booked {
  appointmentId: string;
  /** Units left on the order after this booking (null when unknown): 'Book next appointment' needs more than the people booked. */
  unitsLeft: number | null;
  /** The booking failed after the order was paid (confirmation shows 'An error occurred please try again'). */
  error?: boolean;
}

/** What a flow does at Summary: pays for the held slot (or, booking skipped, books without a time). */
export interface BookingRequest {
  values: OrderBookingValues;
  product: BookableProduct;
  /** The held slot and its hold token; null when the product skips booking. */
  hold: { slotId: string; token: string } | null;
}
export type Book = (request: BookingRequest) => Promise<Booked>;
