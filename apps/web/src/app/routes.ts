import { DRAWER_ROLES, PARTNER_PAGE_PREFIX, dashboardPath, type FeatureFlag, type Permission, type RoleName } from '@vireo/contracts';
import type { ComponentType } from 'react';
import type { TitleKey } from './locales/en';

/**
 * One row of the route table (spec 3 §2.1). Each row loads its page's own module, not its area's
 * barrel, so a page brings only what it shows (no date pickers on a dashboard without dates).
 */
export interface AppRoute {
  path: string;
  /** The permission the page needs (contracts' `PERMISSIONS`, the API's own); undefined: none. */
  permission?: Permission;
  /**
   * The roles whose workspace the page belongs to (a role's own home and pages, the drawer's pages),
   * whatever else the permission grants; undefined means any signed-in role. What a page allows is
   * its permission, never a list of roles here.
   */
  roles?: readonly RoleName[];
  /** The organisation profile must have this flag on. */
  flag?: FeatureFlag;
  public?: boolean;
  /** A public page that calls no API: served without TanStack Query (app/QueryProvider.tsx). */
  withoutApi?: boolean;
  /** A public page of plain elements (app/plainStyles): served without MUI's theme, baseline and toasts (app/ThemedProviders.tsx). */
  bare?: boolean;
  /** Key under `titles` in the translations; shown in the top bar and the document title. */
  title: TitleKey;
  load: () => Promise<ComponentType>;
}

const dashboard = (role: RoleName): AppRoute => ({
  path: dashboardPath(role),
  roles: [role],
  title: 'home',
  load: () => import('../features/dashboard').then((m) => m.dashboardFor(role)),
});

/**
 * A partner's booking page, /book_test_{slug} (spec 2 §2.10). React Router matches whole segments only, so a partner made on
 * Pages Management reaches it through the router's catch-all (`partnerPageRoute`); the seeded partners have rows of their own.
 */
export const PARTNER_PAGE_ROUTE: AppRoute = {
  path: `${PARTNER_PAGE_PREFIX}*`,
  public: true,
  title: 'bookAppointment',
  load: () => import('../features/order-booking/pages/PartnerBookingPage').then((m) => m.PartnerBookingPage),
};

/** The partner page row for a path no row matched: a single segment starting with the partner page prefix. */
export function partnerPageRoute(pathname: string): AppRoute | undefined {
  return pathname.startsWith(PARTNER_PAGE_PREFIX) && pathname.length > PARTNER_PAGE_PREFIX.length && !pathname.includes('/', 1) ? PARTNER_PAGE_ROUTE : undefined;
}

export const ROUTES: readonly AppRoute[] = [
  { path: '/login', public: true, withoutApi: true, bare: true, title: 'login', load: () => import('../features/auth/LoginPage').then((m) => m.LoginPage) },
  // The consultation terms (issue 18), public in each language whatever the interface's.
  { path: '/en/consultation/terms', public: true, withoutApi: true, bare: true, title: 'terms', load: () => import('../features/terms/EnglishTermsPage').then((m) => m.EnglishTermsPage) },
  { path: '/de/consultation/terms', public: true, withoutApi: true, bare: true, title: 'terms', load: () => import('../features/terms/GermanTermsPage').then((m) => m.GermanTermsPage) },
  { path: '/verify-token', public: true, title: 'verifyToken', load: () => import('../features/auth/VerifyTokenPage').then((m) => m.VerifyTokenPage) },
  { path: dashboardPath('patient'), roles: ['patient'], title: 'home', load: () => import('../features/patient/pages/PatientDashboardPage').then((m) => m.PatientDashboardPage) },
  { path: dashboardPath('manager'), roles: ['manager'], title: 'home', load: () => import('../features/manager/pages/ManagerDashboardPage').then((m) => m.ManagerDashboardPage) },
  // Practitioner workspace (spec 2 §2.1). Open to every signed-in role so that the page itself can sign out
  // anyone who is not a practitioner, as spec 2 §6 asks; the appointment page also serves shift managers.
  { path: dashboardPath('practitioner'), title: 'home', load: () => import('../features/practitioner/pages/PractitionerDashboardPage').then((m) => m.PractitionerDashboardPage) },
  { path: '/practitioner/planning', title: 'planning', load: () => import('../features/practitioner/pages/PlanningPage').then((m) => m.PlanningPage) },
  { path: '/practitioner/appointment', permission: 'appointments.practise', title: 'appointment', load: () => import('../features/practitioner/pages/AppointmentPage').then((m) => m.AppointmentPage) },
  { path: '/practitioner/face-to-face-appointment', permission: 'appointments.practise', title: 'faceToFaceAppointment', load: () => import('../features/call-panel/pages/FaceToFaceAppointmentPage').then((m) => m.FaceToFaceAppointmentPage) },
  // Shift manager workspace (spec 2 §2.1, §2.2) and the rota shared with practitioners.
  { path: dashboardPath('shift_manager'), roles: ['shift_manager'], title: 'home', load: () => import('../features/shift-manager/pages/ShiftManagerDashboardPage').then((m) => m.ShiftManagerDashboardPage) },
  { path: '/shift_manager/doctors-management', roles: ['shift_manager'], permission: 'doctors.manage', title: 'doctorsManagement', load: () => import('../features/shift-manager/pages/DoctorsManagementPage').then((m) => m.DoctorsManagementPage) },
  { path: '/super_admin/messages', roles: ['super_admin'], permission: 'messages.read', title: 'messages', load: () => import('../features/super-admin/MessagesPage').then((m) => m.MessagesPage) },
  // Commerce reference data (spec 3 §2.4–§2.6): countries, drugs, pages; a published info page is public.
  { path: '/super_admin/countries-management', roles: ['super_admin'], permission: 'reference_data.manage', title: 'countriesManagement', load: () => import('../features/reference-data/CountriesManagementPage').then((m) => m.CountriesManagementPage) },
  { path: '/super_admin/new-country', roles: ['super_admin'], permission: 'reference_data.manage', title: 'newCountry', load: () => import('../features/reference-data/NewCountryPage').then((m) => m.NewCountryPage) },
  { path: '/super_admin/country/:id', roles: ['super_admin'], permission: 'reference_data.manage', title: 'country', load: () => import('../features/reference-data/CountryPage').then((m) => m.CountryPage) },
  { path: '/super_admin/drugs-management', roles: ['super_admin'], permission: 'reference_data.manage', title: 'drugsManagement', load: () => import('../features/reference-data/DrugsManagementPage').then((m) => m.DrugsManagementPage) },
  { path: '/super_admin/new-drug', roles: ['super_admin'], permission: 'reference_data.manage', title: 'newDrug', load: () => import('../features/reference-data/NewDrugPage').then((m) => m.NewDrugPage) },
  { path: '/super_admin/drug/:id', roles: ['super_admin'], permission: 'reference_data.manage', title: 'drug', load: () => import('../features/reference-data/DrugPage').then((m) => m.DrugPage) },
  { path: '/super_admin/pages-management', roles: ['super_admin'], permission: 'pages.manage', title: 'pagesManagement', load: () => import('../features/pages/PagesManagementPage').then((m) => m.PagesManagementPage) },
  { path: '/info/:slug', public: true, title: 'infoPage', load: () => import('../features/pages/InfoPage').then((m) => m.InfoPage) },
  { path: '/super_admin/processor', roles: ['super_admin'], permission: 'processor.manage', title: 'processor', load: () => import('../features/processor/ProcessorPage').then((m) => m.ProcessorPage) },
  { path: '/super_admin/processor/templates', roles: ['super_admin'], permission: 'processor.manage', title: 'processorTemplates', load: () => import('../features/processor/TemplatesPage').then((m) => m.TemplatesPage) },
  { path: '/super_admin/processor/lab-connections', roles: ['super_admin'], permission: 'processor.manage', title: 'processorLabConnections', load: () => import('../features/processor/LabConnectionsPage').then((m) => m.LabConnectionsPage) },
  { path: '/super_admin/processor/edit/:id', roles: ['super_admin'], permission: 'processor.manage', title: 'processorEdit', load: () => import('../features/processor/ProcessorEditPage').then((m) => m.ProcessorEditPage) },
  { path: '/super_admin/processor/:id', roles: ['super_admin'], permission: 'processor.manage', title: 'processorEdit', load: () => import('../features/processor/ProcessorEditPage').then((m) => m.ProcessorEditPage) },
  { path: '/super_admin/permissions', roles: ['super_admin'], permission: 'permissions.manage', title: 'permissions', load: () => import('../features/permissions/PermissionsPage').then((m) => m.PermissionsPage) },
  // The catalogue (spec 3 §2.3): products for the holders of products.manage.
  { path: '/super_admin/product-management', roles: ['super_admin'], permission: 'products.manage', title: 'productManagement', load: () => import('../features/catalogue/ProductManagementPage').then((m) => m.ProductManagementPage) },
  { path: '/super_admin/product/create', roles: ['super_admin'], permission: 'products.manage', title: 'productCreate', load: () => import('../features/catalogue/ProductPage').then((m) => m.ProductCreatePage) },
  { path: '/super_admin/product/:id', roles: ['super_admin'], permission: 'products.manage', title: 'product', load: () => import('../features/catalogue/ProductPage').then((m) => m.ProductPage) },
  // Discount codes (spec 3 §2.7) and purchase codes (issue 17): generate, list and the code batches, three tabs of one area, for the holders of discounts.manage.
  { path: '/super_admin/generate-discount', roles: ['super_admin'], permission: 'discounts.manage', title: 'generateDiscount', load: () => import('../features/discounts/GenerateDiscountPage').then((m) => m.GenerateDiscountPage) },
  { path: '/super_admin/discount-management', roles: ['super_admin'], permission: 'discounts.manage', title: 'discountManagement', load: () => import('../features/discounts/DiscountManagementPage').then((m) => m.DiscountManagementPage) },
  { path: '/super_admin/purchase-codes', roles: ['super_admin'], permission: 'discounts.manage', title: 'purchaseCodes', load: () => import('../features/discounts/PurchaseCodesPage').then((m) => m.PurchaseCodesPage) },
  // Orders (spec 3 §2.9): one list and drawer for customer services and super admins, each in their own area.
  // Certificate management, PCR tests and uploaded results (issue 19).
  { path: '/certificate-management', roles: ['super_admin', 'customer_services'], permission: 'certificates.manage', title: 'certificateManagement', load: () => import('../features/certificate-management/CertificateManagementPage').then((m) => m.CertificateManagementPage) },
  { path: '/super_admin/pcr-management', roles: ['super_admin'], permission: 'lab_results.manage', title: 'pcrTests', load: () => import('../features/certificate-management/PcrTestsPage').then((m) => m.PcrTestsPage) },
  { path: '/super_admin/certificates-list', roles: ['super_admin'], permission: 'lab_results.manage', title: 'uploadedResults', load: () => import('../features/certificate-management/UploadedResultsPage').then((m) => m.UploadedResultsPage) },
  { path: '/super_admin/order-list', roles: ['super_admin'], permission: 'orders.manage', title: 'orderList', load: () => import('../features/orders/OrderListPage').then((m) => m.OrderListPage) },
  { path: '/customer_services/order-list', roles: ['customer_services'], permission: 'orders.manage', title: 'orderList', load: () => import('../features/orders/OrderListPage').then((m) => m.OrderListPage) },
  // Sample logistics (spec 3 §2.8; issue 19): the dropboxes, pickups and receipts, the courier's collection, and the customer's public drop-off page.
  { path: '/super_admin/dropbox-list', roles: ['super_admin'], permission: 'logistics.manage', title: 'dropboxList', load: () => import('../features/logistics/DropboxListPage').then((m) => m.DropboxListPage) },
  { path: '/super_admin/dropbox/create', roles: ['super_admin'], permission: 'logistics.manage', title: 'dropboxCreate', load: () => import('../features/logistics/DropboxPage').then((m) => m.DropboxCreatePage) },
  { path: '/super_admin/dropbox/:id', roles: ['super_admin'], permission: 'logistics.manage', title: 'dropbox', load: () => import('../features/logistics/DropboxPage').then((m) => m.DropboxPage) },
  { path: '/super_admin/pickups-list', roles: ['super_admin'], permission: 'logistics.manage', title: 'pickupsList', load: () => import('../features/logistics/PickupsPage').then((m) => m.PickupsPage) },
  { path: '/super_admin/dropbox-receipts/:id', roles: ['super_admin'], permission: 'logistics.manage', title: 'dropboxReceipts', load: () => import('../features/logistics/DropboxReceiptsPage').then((m) => m.DropboxReceiptsPage) },
  { path: '/collection/:id', roles: ['super_admin', 'customer_services'], permission: 'logistics.collect', title: 'collection', load: () => import('../features/logistics/CollectionPage').then((m) => m.CollectionPage) },
  { path: '/drop-off', public: true, title: 'dropOff', load: () => import('../features/logistics/DropOffPage').then((m) => m.DropOffPage) },
  { path: '/super_admin/doctors-management', roles: ['super_admin'], permission: 'doctors.manage', title: 'doctorsManagement', load: () => import('../features/shift-manager/pages/DoctorsManagementPage').then((m) => m.DoctorsManagementPage) },
  { path: '/practitioner/rota', roles: DRAWER_ROLES, permission: 'rota.read', title: 'rota', load: () => import('../features/shift-manager/pages/RotaPage').then((m) => m.RotaPage) },
  { path: '/practitioner/shift-details', roles: DRAWER_ROLES, permission: 'rota.read', title: 'shiftDetails', load: () => import('../features/shift-manager/pages/ShiftDetailsPage').then((m) => m.ShiftDetailsPage) },
  { path: '/shift_manager/live/dashboard', roles: ['shift_manager'], permission: 'appointments.practise', title: 'liveDashboard', load: () => import('../features/shift-manager/pages/LiveDashboardPage').then((m) => m.liveDashboardFor('shift_manager')) },
  { path: '/shift_manager/live/my-rooms', roles: ['shift_manager'], permission: 'appointments.practise', title: 'myRooms', load: () => import('../features/shift-manager/pages/LiveDashboardPage').then((m) => m.liveDashboardFor('shift_manager')) },
  { path: '/practitioner/live/dashboard', roles: ['practitioner'], permission: 'appointments.practise', title: 'liveDashboard', load: () => import('../features/shift-manager/pages/LiveDashboardPage').then((m) => m.liveDashboardFor('practitioner')) },
  { path: '/practitioner/live/my-rooms', roles: ['practitioner'], permission: 'appointments.practise', title: 'myRooms', load: () => import('../features/shift-manager/pages/LiveDashboardPage').then((m) => m.liveDashboardFor('practitioner')) },
  dashboard('super_admin'),
  dashboard('customer_services'),
  dashboard('b2c'),
  // The order's e-mailed link: its short token is the key, so the page is public (spec 2 §2.7).
  // Pharmacy staff book for walk-in people paying with purchase codes (spec 2 §2.8); the pharmacy role's home.
  { path: dashboardPath('pharmacy'), permission: 'pharmacy.book', title: 'pharmacyBook', load: () => import('../features/order-booking/pages/PharmacyBookingPage').then((m) => m.PharmacyBookingPage) },
  // Partners' booking pages /book_test_{slug} (spec 2 §2.10): one page reading the slug from the path; the seeded partners' addresses
  // here, any other partner's through PARTNER_PAGE_ROUTE.
  ...['OFL', 'attraction_world', 'florida_tix'].map((slug): AppRoute => ({ ...PARTNER_PAGE_ROUTE, path: `${PARTNER_PAGE_PREFIX}${slug}` })),
  { path: '/b2c/book-appointment', public: true, title: 'bookAppointment', load: () => import('../features/order-booking/pages/ShortTokenBookingPage').then((m) => m.ShortTokenBookingPage) },
  { path: '/b2c/order-test-kit', roles: ['b2c'], title: 'kitShop', load: () => import('../features/shop/KitShopPage').then((m) => m.KitShopPage) },
  // The b2c customer's pages (spec 2 §2.10; issue 18): appointments (Edit opens /booking/edit's customer mode), results, the trip.
  { path: '/b2c/appointments', roles: ['b2c'], permission: 'bookings.own', title: 'myAppointments', load: () => import('../features/b2c/B2cAppointmentsPage').then((m) => m.B2cAppointmentsPage) },
  { path: '/b2c/edit-appointment', roles: ['b2c'], title: 'editAppointment', load: () => import('../features/b2c/EditAppointmentPage').then((m) => m.EditAppointmentPage) },
  { path: '/b2c/test-results', roles: ['b2c'], permission: 'certificates.read', title: 'testResults', load: () => import('../features/b2c/B2cTestResultsPage').then((m) => m.B2cTestResultsPage) },
  { path: '/b2c/register-trip', roles: ['b2c'], permission: 'orders.own', title: 'registerTrip', load: () => import('../features/b2c/RegisterTripPage').then((m) => m.RegisterTripPage) },
  // Kits (spec 3 §5; issue 18): registration by the order's link or its owner, activation by kit ID and order reference, the owner's kits to register.
  { path: '/register-kit/:id', public: true, title: 'registerKit', load: () => import('../features/kits/RegisterKitPage').then((m) => m.RegisterKitPage) },
  { path: '/activate-kit', public: true, title: 'activateKit', load: () => import('../features/kits/ActivateKitPage').then((m) => m.ActivateKitPage) },
  { path: '/test-register', permission: 'kits.register', title: 'testRegister', load: () => import('../features/kits/TestRegisterPage').then((m) => m.TestRegisterPage) },
  // Patient area (spec 1 §2). A manager reaches these too: the Personal tab of their dashboard is the patient tiles.
  { path: '/patient/profile', title: 'myAccount', load: () => import('../features/patient/pages/ProfilePage').then((m) => m.ProfilePage) },
  { path: '/patient/shipping-info', permission: 'health.own', title: 'shippingInfo', load: () => import('../features/patient/pages/ShippingInfoPage').then((m) => m.ShippingInfoPage) },
  { path: '/patient/health-assessment', permission: 'health.own', title: 'healthAssessment', load: () => import('../features/patient/pages/HealthAssessmentPage').then((m) => m.HealthAssessmentPage) },
  { path: '/patient/symptom-checker', permission: 'health.own', title: 'symptomChecker', load: () => import('../features/patient/pages/SymptomCheckerPage').then((m) => m.SymptomCheckerPage) },
  { path: '/patient/order-test-kit', permission: 'health.own', flag: 'order_kit', title: 'orderTestKit', load: () => import('../features/patient/pages/OrderTestKitPage').then((m) => m.OrderTestKitPage) },
  { path: '/patient/test-results', permission: 'health.own', title: 'testResults', load: () => import('../features/patient/pages/TestResultsPage').then((m) => m.TestResultsPage) },
  { path: '/patient/appointments', permission: 'health.own', title: 'myAppointments', load: () => import('../features/patient/pages/MyAppointmentsPage').then((m) => m.MyAppointmentsPage) },
  { path: '/patient/help', permission: 'health.own', title: 'help', load: () => import('./routing/HelpRoute').then((m) => m.HelpRoute) },
  { path: '/manager/test-results', permission: 'results.read.organisation', title: 'organisationResults', load: () => import('../features/manager/pages/EmployeeResultsPage').then((m) => m.EmployeeResultsPage) },
  { path: '/manager/sign-ups', permission: 'employees.invite', title: 'signUps', load: () => import('../features/manager/pages/SignUpsPage').then((m) => m.SignUpsPage) },
  // Booking (spec 2 §2.5, §2.6, §2.9): the signed-in flow for any role, the public wizard and the customer's manage page.
  { path: '/authenticated/book', title: 'bookAppointment', load: () => import('../features/booking/pages/PatientBookingPage').then((m) => m.PatientBookingPage) },
  { path: '/book', public: true, title: 'bookAppointment', load: () => import('../features/booking/pages/PublicBookingPage').then((m) => m.PublicBookingPage) },
  { path: '/book/manage', public: true, title: 'manageBooking', load: () => import('../features/booking/pages/ManageBookingPage').then((m) => m.ManageBookingPage) },
  // The customer's link keeps booking's three-step customer-edit mode; staff get order-booking's six steps (spec 2 §2.9).
  { path: '/booking/edit', public: true, title: 'editBooking', load: () => import('../features/order-booking/pages/EditBookingRoutePage').then((m) => m.EditBookingRoutePage) },
  // Video consultation (spec 2 §2.3): the practitioner's (and shift manager's) room, and the customer's call after the join page.
  { path: '/practitioner/video-appointment', permission: 'appointments.practise', title: 'videoAppointment', load: () => import('../features/video/pages/PractitionerVideoPage').then((m) => m.PractitionerVideoPage) },
  { path: '/appointment/call', public: true, title: 'videoCall', load: () => import('../features/video/pages/CustomerCallPage').then((m) => m.CustomerCallPage) },
  // Chats (spec 3 §2.1, §2.12): the chat group's staff rooms and customer chats, and the customer's own public page.
  { path: '/chats/internal', roles: [...DRAWER_ROLES, 'super_admin', 'customer_services'], permission: 'chat.staff', title: 'internalChats', load: () => import('../features/chat/pages/InternalChatsPage').then((m) => m.InternalChatsPage) },
  { path: '/chats/customer', roles: [...DRAWER_ROLES, 'super_admin', 'customer_services'], permission: 'chat.staff', title: 'customerChats', load: () => import('../features/chat/pages/CustomerChatsPage').then((m) => m.CustomerChatsPage) },
  { path: '/chats/app/customer', public: true, title: 'customerChat', load: () => import('../features/chat/pages/CustomerChatPage').then((m) => m.CustomerChatPage) },
  // The customer's video appointment landing page (spec 2 §2.3), opened from the confirmation e-mail's join link.
  { path: '/appointment', public: true, title: 'videoCall', load: () => import('../features/appointment-landing/AppointmentLandingPage').then((m) => m.AppointmentLandingPage) },
  // Certificate verification (issue 15): the certificate's QR code opens /verify#<token>; /verify/{id} checks one by id.
  { path: '/verify/*', public: true, title: 'verify', load: () => import('../features/verify/pages/VerifyPage').then((m) => m.VerifyPage) },
  { path: '/unsupported-browser', public: true, withoutApi: true, title: 'unsupportedBrowser', load: () => import('../features/browser-support').then((m) => m.UnsupportedBrowserPage) },
];
