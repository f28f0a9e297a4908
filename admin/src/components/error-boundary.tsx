import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Button } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { ErrorScreen } from './error-screen'
import { useT } from '../i18n/use-t'

function ReloadButton() {
  const t = useT()
  return (
    <Button variant="default" leftIcon={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
      {t('common.reload')}
    </Button>
  )
}

interface State {
  error: Error | null
}

/**
 * Fatal render errors (and a screen's code failing to load after a new deploy) show the error
 * screen instead of a blank page. `resetKey` (the path) clears it when the admin navigates away.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  componentDidUpdate(prev: { resetKey?: string }) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null })
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Dashboard error', error, info.componentStack)
  }

  render() {
    if (!this.state.error) return this.props.children
    return (
      <ErrorScreen
        statusCode={500}
        statusMessage="Internal Server Error"
        message={this.state.error.message}
        actions={<ReloadButton />}
      />
    )
  }
}
