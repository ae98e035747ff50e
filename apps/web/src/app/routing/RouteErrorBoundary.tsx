import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './RouteErrorPage';

interface Props {
  /** The current path: moving to another page clears the error. */
  pathname: string;
  children: ReactNode;
}

/** Shows the error page when a page throws while rendering or its code fails to load (e.g. after a deploy). */
export class RouteErrorBoundary extends Component<Props, { failedAt: string | null }> {
  override state: { failedAt: string | null } = { failedAt: null };

  static getDerivedStateFromError(): { failedAt: string } {
    return { failedAt: window.location.pathname };
  }

  override render() {
    return this.state.failedAt !== null && this.state.failedAt === this.props.pathname ? <RouteErrorPage /> : this.props.children;
  }
}
