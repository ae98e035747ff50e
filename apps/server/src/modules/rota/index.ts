/** The rota module's front door: other modules, app.ts and context.ts import only this file. */
export { rotaRoutes } from './rota.routes';
export { shiftsOfPractitioner, type RotaDeps } from './service';
export { managedOrganisations, practitionerRoleScope, requireManagedPractitioner } from './scope';
