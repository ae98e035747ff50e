export { PatientDashboardPage } from './pages/PatientDashboardPage';
export { ProfilePage } from './pages/ProfilePage';
export { ShippingInfoPage } from './pages/ShippingInfoPage';
export { HealthAssessmentPage } from './pages/HealthAssessmentPage';
export { SymptomCheckerPage } from './pages/SymptomCheckerPage';
export { OrderTestKitPage } from './pages/OrderTestKitPage';
export { TestResultsPage } from './pages/TestResultsPage';
export { HelpPage } from './help/HelpPage';
// For the manager area, whose Personal tab and help build on the patient's.
export { PatientTiles } from './components/PatientTiles';
export { Tile } from './components/Tile';
export { QueryState } from './components/QueryState';
export { HelpAccordion } from './help/HelpAccordion';
export { MANAGER_TOPICS } from './help/topics';
export { helpTitle } from './help/HelpPage';
export { PINK } from './colours';
export { fill } from './texts';
