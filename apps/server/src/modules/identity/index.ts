/** The identity module's front door: other modules, app.ts and context.ts import only this file. */
export { identityRoutes } from './identity.routes';
export { loginRoutes } from './login.routes';
export { identityPages, alert, csrfValid, hasControlCharacters, hidden, issueCsrf } from './pages';
export { escapeHtml, page } from './html';
export { issueLoginToken, type IdentityDeps, type LoginLimits } from './service';
export { SessionStore } from './sessions';
export { findUser, findUserByEmail, insertRole, organisationProfileFor, revokeSessionsOf, rolesOf, type RoleRow, type UserRow } from './repo';
