import { Component, type ErrorInfo, type ReactNode } from 'react';
import { captureError, type CapturedError } from '../lib/error-reporter';
import type { ApiClient } from '../lib/trpc';
import { ErrorScreen } from './error-screen';

interface Props {
  client: ApiClient;
  children: ReactNode;
}

/** An unexpected UI error shows the error screen and is reported. */
export class ErrorBoundary extends Component<
  Props,
  { captured: CapturedError | null; failed: boolean }
> {
  override state = { captured: null, failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.setState({ captured: captureError(this.props.client, error, info.componentStack ?? '') });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorScreen captured={this.state.captured} />;
  }
}
