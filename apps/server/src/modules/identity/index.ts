/** The identity module's front door: other modules, app.ts and context.ts import only this file. */
export { identityRoutes } from './identity.routes';
export { loginRoutes } from './login.routes';
export { identityPages } from './pages';
export { passwordResetPages } from './password-reset.pages';
export { permissionGrantRoutes } from './permission-grants.routes';
export { registerIdentityMessages } from './password-reset';
export { registerSignUpMessages } from './sign-up';
export { signUpPages } from './sign-up.pages';
export { issueLoginToken, type IdentityDeps, type LoginLimits } from './service';
export { SessionStore } from './sessions';
export { findUser, findUserByEmail, insertRole, organisationProfileFor, revokeSessionsOf, rolesOf, type RoleRow, type UserRow } from './repo';
