/**
 * The order-linked booking wizards' form texts (spec 2 §2.7, §5, §8; spec 3 §5): the steps' messages,
 * exact where the spec quotes them. The server's own refusals are BOOKING_MSG's, ORDER_MSG's and ORDER_BOOKING_MSG's.
 */
export const BOOKING_WIZARD_MSG = {
  selectTestKit: 'Select test kit to book appointment',
  inputPostcode: 'Input postcode',
  inputAddress: 'Input address',
  inputCity: 'Input city',
  inputCounty: 'Input county',
  selectCity: 'Select city',
  selectTransportType: 'Select transport type',
  inputTravelDate: 'Input travel date',
  inputTravelTime: 'Input travel time',
  inputLandingDate: 'Input landing date',
  inputLandingTime: 'Input landing time',
  landingBeforeTravel: 'Landing must be after departure',
  selectCountryCode: 'Select country code',
  phoneWithoutCountryCode: 'Input phone without country code',
  invalidPhone: 'Invalid phone number',
  inputEthnicity: 'Input ethnicity',
  inputPassport: 'Input Passport/National identity card number',
  passportsMatch: 'Passport/Travel ID documents should match',
  selectVaccineStatus: 'Select vaccination status',
  selectVaccineType: 'Select vaccine type',
  selectVaccineDoses: 'Select number of doses',
  inputVaccineName: 'Input Vaccine Name',
  confirmationError: 'An error occurred please try again',
} as const;

/** 'Input {label}': the transport number's message, its label the transport type's ('Input Flight number'). */
export const inputLabel = (label: string): string => `Input ${label}`;
