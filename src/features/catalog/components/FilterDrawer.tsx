import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'react-i18next';

import { FilterPanel } from './FilterPanel';

/** The filters on a phone: the search page's side panel in a drawer, opened from the filter bar. */
export default function FilterDrawer({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  return (
    <Offcanvas
      id="filter-drawer"
      show={show}
      onHide={onHide}
      placement="start"
      aria-labelledby="filter-drawer-title"
    >
      <Offcanvas.Header closeButton closeLabel={t('catalog.filters.close')}>
        <Offcanvas.Title as="h2" id="filter-drawer-title" className="h5">
          {t('catalog.filters.title')}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <FilterPanel />
        <button type="button" className="btn btn-primary w-100 mt-3" onClick={onHide}>
          {t('catalog.filters.show_results')}
        </button>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
