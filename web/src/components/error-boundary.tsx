import { Component, type ErrorInfo, type ReactNode } from 'react'

export interface ErrorBoundaryProps {
  /** Rendered instead of the children after a render error; `reset` renders them again. */
  fallback(reset: () => void, error: unknown): ReactNode
  children: ReactNode
}

interface ErrorBoundaryState {
  error: unknown
  failed: boolean
}

/** React catches render errors only in a class component with these two lifecycle methods. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, failed: false }

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack)
  }

  reset = (): void => this.setState({ error: undefined, failed: false })

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.reset, this.state.error) : this.props.children
  }
}
