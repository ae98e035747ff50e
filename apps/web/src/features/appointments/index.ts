/** Pieces that every area showing appointments shares: the practitioner, shift-manager and patient pages. */
export { ServiceName } from './ServiceName';
export { serviceName, useServiceName } from './serviceNames';
export { BOOKING_QUERY_KEY, pagingParams, type ListPage } from './listPage';
export { StatusLabel } from './StatusLabel';
