import { useServiceName } from './serviceNames';

/** A service shown by its product name (spec: product names, never codes such as VIDEO_GP_VIREO). */
export function ServiceName({ code }: { code: string }) {
  return useServiceName()(code);
}
