import { useQuery } from '@tanstack/react-query';
import { type ServicesResponse, type ServiceInfo } from '@vireo/contracts';
import { apiRequest } from '../../lib/api';

/** A service's product name, or its code in words while the names load or for a retired service. */
export function serviceName(services: readonly Pick<ServiceInfo, 'service' | 'label'>[] | undefined, code: string): string {
  const known = services?.find((s) => s.service === code);
  if (known) return known.label;
  const words = code.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The booking service's product names, asked once per session and shared by every table that shows a service. */
export function useServiceName(): (code: string) => string {
  const services = useQuery({
    queryKey: ['booking', 'service-names'],
    queryFn: ({ signal }) => apiRequest<typeof ServicesResponse>('/api/booking/services', { signal }),
    staleTime: Infinity,
  });
  return (code) => serviceName(services.data?.services, code);
}
