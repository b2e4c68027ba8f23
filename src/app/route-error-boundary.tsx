import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface Props {
  /** The path shown; the boundary clears its error when the user goes elsewhere. */
  pathname: string;
  children: ReactNode;
}

interface State {
  hasError: boolean;
  /** The path on which the error happened. */
  failedAt: string | undefined;
}

/**
 * Catches what a screen throws while rendering (or its code failing to load) and shows the error
 * screen in its place; going to another path tries again. React only offers error boundaries as
 * class components, and this one needs the path reset, so it is written here rather than added
 * as a dependency.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false, failedAt: undefined };

  static getDerivedStateFromError(): Partial<State> {
    return { hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (!state.hasError) return null;
    if (state.failedAt === undefined) return { failedAt: props.pathname };
    return props.pathname === state.failedAt ? null : { hasError: false, failedAt: undefined };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.hasError ? <ErrorScreen /> : this.props.children;
  }
}
