/** The patient feature's front door: the pieces the manager area builds on. */
export { PINK } from './colours';
export { fill } from './texts';
export { PatientTiles } from './components/PatientTiles';
export { Tile } from './components/Tile';
export { HelpAccordion } from './help/HelpAccordion';
export { helpTitle, MANAGER_TOPICS } from './help/topics';
