import {
  Component,
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

import { holdCarriedFiles } from '../lib/heldFiles';
import { PageSpinner } from '../ui/Spinner';

/** Bumped by every retry anywhere; a lazy page re-imports its chunk once per generation. */
let retryGeneration = 0;
const AttemptContext = createContext(0);

type PageModule = { default: ComponentType };

/**
 * React.lazy caches a failed import forever; this keeps one lazy component per retry generation. It lives outside
 * component state on purpose: state of a suspended first render is thrown away, which would re-import endlessly.
 */
export function lazyPage(load: () => Promise<PageModule>): ComponentType {
  const byGeneration = new Map<number, LazyExoticComponent<ComponentType>>();
  function pageFor(generation: number) {
    let page = byGeneration.get(generation);
    if (!page) {
      page = lazy(load);
      byGeneration.set(generation, page);
    }
    return page;
  }
  function LazyPage() {
    const Page = pageFor(useContext(AttemptContext));
    return (
      <>
        <Page />
        <PageReady />
      </>
    );
  }
  return LazyPage;
}

/**
 * Marks the document once a page is on screen with its event handlers (`<html data-page-ready>`): a page the server
 * rendered shows before it answers input, so journeys and tools wait for this after a load. The pictures of the
 * cards below a grid's first two rows wait for it too (ui/ui.css), so they do not share a phone's line with the code.
 * Every lazy page renders it; a view shown in a page's place (RequireAuth's sign-in prompt) renders it itself.
 */
export function PageReady(): null {
  useEffect(() => {
    document.documentElement.dataset.pageReady = 'true';
    // The files the server's page carried inline go into the browser's cache for the next pages.
    void holdCarriedFiles();
  }, []);
  return null;
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
  override state: BoundaryState = { error: null, attempt: retryGeneration };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('Route failed to render', error);
  }

  private retry = () => {
    retryGeneration += 1;
    this.setState({ error: null, attempt: retryGeneration });
  };

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
