import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './RouteErrorPage';

/** Shows the error page when a page throws while rendering or its code fails to load; `key` it by the path to clear it on navigation. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
