export { LoginPage } from './LoginPage';
export { VerifyTokenPage } from './VerifyTokenPage';
