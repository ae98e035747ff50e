export { ClaimableBadge } from './components/ClaimableBadge';
export { formatDate, formatTime, zoneLabel } from './time';
