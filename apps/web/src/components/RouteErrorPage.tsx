import { Box, Typography } from '@mui/material';
import { messages } from '@sandbox/contracts';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';

// What a screen that failed to load or to draw shows instead (a chunk gone after a deploy, a bug).
export function RouteErrorPage({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {messages.routerFallback}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary" component="pre" sx={{ whiteSpace: 'pre-wrap' }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}

class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidUpdate(previous: { resetKey: string }) {
    // Another address is another screen: it gets its own chance to draw.
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey)
      this.setState({ error: null });
  }

  render() {
    return this.state.error === null ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}

/** Shows RouteErrorPage in place of a screen that throws, until the user goes elsewhere. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
