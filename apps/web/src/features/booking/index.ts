export { ClaimableBadge } from './components/ClaimableBadge';
