/** The patient feature's front door: the pieces the manager area builds on. */
export { PatientTiles } from './components/PatientTiles';
export { Tile } from './components/Tile';
export { HelpAccordion } from './help/HelpAccordion';
export { MANAGER_TOPICS } from './help/topics';
