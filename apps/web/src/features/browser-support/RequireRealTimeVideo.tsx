import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { supportsRealTimeVideo } from './realTimeVideo';

export const UNSUPPORTED_BROWSER_PATH = '/unsupported-browser';

/** For the video appointment pages: browsers without WebRTC go to /unsupported-browser (spec 2 §2). */
export function RequireRealTimeVideo({ children }: { children: ReactNode }) {
  if (!supportsRealTimeVideo()) return <Navigate to={UNSUPPORTED_BROWSER_PATH} replace />;
  return children;
}
