// The back office's lists: a table the server sorts and pages, its footer, its search box, and where each table is
// (filters, sort, page: the admin slice) as its query asks for it.
import { useState, type FormEvent, type ReactNode } from 'react';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Pagination } from '../../../ui/Pagination';
import {
  filtersChanged,
  pageChanged,
  PER_PAGE,
  selectTable,
  sortChanged,
  type AdminState,
  type AdminTable,
  type SortDirection,
} from '../adminSlice';
import { useAdminT } from '../adminTexts';
import { Loaded } from './AdminUi';

export interface Column<Row> {
  key: string;
  label: string;
  /** the server's sort name when the column sorts */
  sort?: string;
  render: (row: Row) => ReactNode;
  className?: string;
}

interface TableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  sort: string;
  dir: SortDirection;
  onSort: (sort: string) => void;
  testId?: string;
}

/** A table whose sortable headers are buttons (aria-sort on the sorted one); wide tables scroll on a phone. */
function SortableTable<Row extends { id: number }>({
  caption,
  columns,
  rows,
  sort,
  dir,
  onSort,
  testId,
}: TableProps<Row>) {
  const { t } = useAdminT();
  return (
    <div className="table-responsive admin-table">
      <table className="table table-hover align-middle mb-0" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = column.sort !== undefined && column.sort === sort;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={column.className}
                  aria-sort={sorted ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sort ? (
                    <button
                      type="button"
                      className="btn btn-link p-0 fw-semibold text-reset text-decoration-none admin-sort"
                      title={t('admin.common.sort_by', { column: column.label })}
                      onClick={() => onSort(column.sort as string)}
                    >
                      {column.label}
                      <span aria-hidden="true" className="ms-1">
                        {sorted ? (dir === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="text-center text-body-secondary py-4">
                {t('admin.common.no_rows')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {columns.map((column) => (
                  <td key={column.key} className={column.className}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** How many rows match, and the pages. */
function TableFooter({
  total,
  page,
  perPage,
  label,
  onPage,
}: {
  total: number;
  page: number;
  perPage: number;
  label: string;
  onPage: (page: number) => void;
}) {
  const { t } = useAdminT();
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-2">
      <p className="small text-body-secondary mb-0" data-testid="table-total">
        {t('admin.common.total', { count: total })}
      </p>
      <Pagination
        page={page}
        pageCount={Math.max(1, Math.ceil(total / perPage))}
        onPageChange={onPage}
        label={t('admin.common.pages', { table: label })}
      />
    </div>
  );
}

/** Where a table is (its filters, sort and page), and the paging its query sends. */
export function useTablePlace<T extends AdminTable>(table: T) {
  const place = useAppSelector((state) => selectTable(state, table)) as AdminState[T];
  return {
    ...place,
    paging: { dir: place.dir, page: String(place.page), per_page: String(PER_PAGE) },
  };
}

interface PagedQuery<Row> {
  data?: { data: Row[]; total: number };
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * A table's page of rows as the server sorted it, with its footer (how many, the pages); a header or a page
 * asks the server again through the admin slice. Without rows, `emptyNote` (when given) says so instead.
 */
export function PagedTable<Row extends { id: number }>({
  table,
  title,
  query,
  columns,
  testId,
  emptyNote,
}: {
  table: AdminTable;
  title: string;
  query: PagedQuery<Row>;
  columns: Column<Row>[];
  testId: string;
  emptyNote?: string;
}) {
  const dispatch = useAppDispatch();
  const { sort, dir, page } = useTablePlace(table);
  return (
    <Loaded query={query}>
      {(answer) =>
        answer.data.length === 0 && emptyNote !== undefined ? (
          <p className="text-body-secondary">{emptyNote}</p>
        ) : (
          <div aria-busy={query.isFetching}>
            <SortableTable
              caption={title}
              columns={columns}
              rows={answer.data}
              sort={sort}
              dir={dir}
              onSort={(next) => dispatch(sortChanged({ table, sort: next }))}
              testId={testId}
            />
            <TableFooter
              total={answer.total}
              page={page}
              perPage={PER_PAGE}
              label={title}
              onPage={(next) => dispatch(pageChanged({ table, page: next }))}
            />
          </div>
        )
      }
    </Loaded>
  );
}

/** A table's search box: what was typed becomes the table's search (trimmed) when sent, from its first page. */
export function TableSearch({
  table,
  label,
  placeholder,
  maxLength,
  className,
  dir,
}: {
  table: 'products' | 'coupons';
  label: string;
  placeholder: string;
  maxLength: number;
  className: string;
  dir?: 'ltr';
}) {
  const { t } = useAdminT();
  const dispatch = useAppDispatch();
  const { filters } = useTablePlace(table);
  const [search, setSearch] = useState(filters.search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(filtersChanged(table, { search: search.trim() }));
  };
  const id = `${table}-search`;
  return (
    <form className={className} role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="form-control form-control-sm"
        dir={dir}
        placeholder={placeholder}
        value={search}
        maxLength={maxLength}
        onChange={(event) => setSearch(event.target.value)}
      />
      <button type="submit" className="btn btn-outline-primary btn-sm">
        {t('shell.nav.search_button')}
      </button>
    </form>
  );
}
