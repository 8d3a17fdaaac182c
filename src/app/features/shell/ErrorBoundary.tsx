import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isHarmlessError } from '../../lib/harmlessErrors.ts';
import { ErrorScreen } from './ErrorScreen.tsx';

interface State {
  /** ok: children render; recovering: a harmless error, children remount next; failed: fallback. */
  readonly status: 'ok' | 'recovering' | 'failed';
  /** Changes to remount the children after a harmless error. */
  readonly attempt: number;
  /** When recent harmless errors happened; a render that keeps failing is not harmless any more. */
  readonly harmlessAt: readonly number[];
}

/** Up to this many harmless errors within `harmlessWindowMs` are retried by remounting. */
export const harmlessRetryLimit = 2;
export const harmlessWindowMs = 10_000;

/**
 * The top-level boundary (the router has its own per route). Known harmless errors (see
 * lib/harmlessErrors.ts) remount the children instead of replacing the screen.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { status: 'ok', attempt: 0, harmlessAt: [] };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { status: isHarmlessError(error) ? 'recovering' : 'failed' };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!isHarmlessError(error)) {
      console.error('The app failed to render', error, info.componentStack);
      return;
    }
    const now = Date.now();
    this.setState((state) => {
      const recent = state.harmlessAt.filter((at) => now - at < harmlessWindowMs);
      return recent.length >= harmlessRetryLimit
        ? { ...state, status: 'failed', harmlessAt: recent }
        : { status: 'ok', attempt: state.attempt + 1, harmlessAt: [...recent, now] };
    });
  }

  override render(): ReactNode {
    if (this.state.status === 'failed') return <ErrorScreen />;
    if (this.state.status === 'recovering') return null;
    return <RenderGate key={this.state.attempt}>{this.props.children}</RenderGate>;
  }
}

function RenderGate({ children }: { children: ReactNode }) {
  return children;
}
