import {
  Component,
  createContext,
  lazy,
  Suspense,
  useContext,
  useMemo,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

import { PageSpinner } from '../ui/Spinner';

/** How many times the shopper pressed retry; a lazy page re-imports its chunk on each new attempt. */
const AttemptContext = createContext(0);

type PageModule = { default: ComponentType };

/** React.lazy caches a failed import forever; this builds a fresh lazy component per retry attempt. */
export function lazyPage(load: () => Promise<PageModule>): ComponentType {
  function LazyPage() {
    const attempt = useContext(AttemptContext);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new attempt must create a new lazy component
    const Page = useMemo(() => lazy(load), [attempt]);
    return <Page />;
  }
  return LazyPage;
}

function Fallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="container py-5 text-center" role="alert">
      <h1 className="h4">{t('common.error_boundary.title')}</h1>
      <p className="text-body-secondary">{t('common.error_boundary.body')}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </section>
  );
}

interface BoundaryState {
  error: Error | null;
  attempt: number;
}

class Boundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('Route failed to render', error);
  }

  private retry = () => this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));

  override render() {
    if (this.state.error) return <Fallback onRetry={this.retry} />;
    return (
      <AttemptContext.Provider value={this.state.attempt}>
        <Suspense fallback={<PageSpinner />}>{this.props.children}</Suspense>
      </AttemptContext.Provider>
    );
  }
}

/** One error boundary per route; navigating elsewhere starts with a clean boundary. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
