/**
 * The claimable-appointments badge's front door. Every layout shows it, so it stands apart from the
 * booking feature, whose front door also carries the public pages' frame and schemas.
 */
export { ClaimableBadge } from './ClaimableBadge';
