import { MSG, ROLE_TITLES, type RoleName } from '@vireo/contracts';

export const en = {
  titles: {
    login: 'Login',
    verifyToken: 'Signing in',
    home: 'Home',
    notFound: 'Page not found',
    myAccount: 'My Account',
    shippingInfo: 'Shipping Info',
    healthAssessment: 'Health Profile',
    symptomChecker: 'Symptom Checker',
    orderTestKit: 'Order Home Test Kit',
    testResults: 'Test Results',
    help: 'Help',
    organisationResults: 'Organisation Results',
    signUps: 'Sign-ups',
    doctorsManagement: 'Doctors Management',
    rota: 'Rota',
    shiftDetails: 'Shift details',
    liveDashboard: 'Live Appointments',
    myRooms: 'My Rooms',
    unsupportedBrowser: 'Unsupported browser',
    bookAppointment: 'Book an Appointment',
    manageBooking: 'Your Appointment',
    editBooking: 'Change your appointment',
    planning: 'Planning',
    appointment: 'Appointment',
  },
  roles: { ...ROLE_TITLES } satisfies Record<RoleName, string>,
  login: { button: 'Login with {{product}}' },
  verifyToken: {
    signingIn: 'Signing you in…',
    failed: 'Sign-in failed',
    backToLogin: 'Back to login',
    invalidToken: MSG.invalidLoginToken,
  },
  dashboard: { welcome: 'Welcome, {{name}}' },
  notFound: { home: 'Go to home' },
  nav: {
    main: 'Main',
    home: 'Home',
    liveAppointments: 'Live Appointments',
    doctorsManagement: 'Doctors Management',
    internalChats: 'Internal Chats',
    customerChats: 'Chats with Customers',
    logout: 'Logout',
  },
  profile: {
    menu: 'Profile menu',
    myAccount: 'My Account',
    healthProfile: 'My Health Profile',
    changePassword: 'Change Password',
    logout: 'Logout',
  },
  layout: { partner: 'Partner', loading: 'Loading' },
  language: { en: 'English', de: 'Deutsch' },
  errors: { generic: MSG.somethingWentWrong, retry: 'Try again', reload: 'Reload page' },
};

/** The shape every language must fill: the same keys, any text. */
type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type Translation = Texts<typeof en>;
export type TitleKey = keyof Translation['titles'];
