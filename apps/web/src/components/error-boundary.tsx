import { ui } from '@tradebot/api-contract';
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { captureError, type CapturedError } from '../lib/error-reporter';
import type { ApiClient } from '../lib/trpc';

/** Without the screen's code (the network failed too), the bare message and a reload. */
function PlainErrorScreen() {
  return (
    <div role="alert" data-testid="error-screen" style={{ padding: 24 }}>
      <h2>{ui.errorTitle}</h2>
      <p>{ui.errorBody}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Refresh Page
      </button>
    </div>
  );
}

// Fetched only when something breaks: most visits never need it.
const ErrorScreen = lazy(async () => {
  try {
    return { default: (await import('./error-screen')).ErrorScreen };
  } catch {
    return { default: PlainErrorScreen };
  }
});

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
    return (
      <Suspense fallback={null}>
        <ErrorScreen captured={this.state.captured} />
      </Suspense>
    );
  }
}
