import type { ConnectorCategory } from '@gds/contract';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useSkin } from '../../../skins/skin-context.tsx';
import { useConnectors, type Connector } from '../api/connectors-query.ts';
import { CATEGORY_LABELS } from './connection-format.ts';
import { ConnectorTile } from './connector-tile.tsx';

/** Deprecated connectors are never offered; allowed ones come first, each part by name. */
function galleryList(
  all: readonly Connector[],
  search: string,
  category: ConnectorCategory | null,
): Connector[] {
  const needle = search.trim().toLowerCase();
  const matches = all.filter(
    (connector) =>
      !connector.deprecated &&
      (category === null || connector.category === category) &&
      (needle === '' ||
        connector.name.toLowerCase().includes(needle) ||
        connector.nameSimple.includes(needle) ||
        CATEGORY_LABELS[connector.category].toLowerCase().includes(needle)),
  );
  return [...matches.filter((c) => c.allowed), ...matches.filter((c) => !c.allowed)];
}

interface ConnectorGalleryProps {
  open: boolean;
  onClose: () => void;
  onChoose: (connector: Connector) => void;
}

/** "Add data source": search and category filter over the catalog, one tile per connector. */
export function ConnectorGallery({ open, onClose, onChoose }: ConnectorGalleryProps) {
  const searchRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open={open}
      title="Add data source"
      description="Choose a connector, then sign in to it to add its accounts."
      onClose={onClose}
      size="lg"
      testId="connector-gallery"
      initialFocus={searchRef}
    >
      <GalleryBody searchRef={searchRef} onChoose={onChoose} />
    </Dialog>
  );
}

function GalleryBody({
  searchRef,
  onChoose,
}: {
  searchRef: React.RefObject<HTMLInputElement | null>;
  onChoose: (connector: Connector) => void;
}) {
  const skin = useSkin();
  const connectors = useConnectors();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<ConnectorCategory | null>(null);
  const deferredSearch = useDeferredValue(search);
  const searchId = useId();
  const all = connectors.data?.all;

  const categories = useMemo(() => {
    const present = new Set((all ?? []).filter((c) => !c.deprecated).map((c) => c.category));
    return (Object.keys(CATEGORY_LABELS) as ConnectorCategory[]).filter((c) => present.has(c));
  }, [all]);
  const visible = useMemo(
    () => galleryList(all ?? [], deferredSearch, category),
    [all, deferredSearch, category],
  );

  return (
    <div className="gallery">
      <div className="gallery-controls">
        <label htmlFor={searchId} className="visually-hidden">
          Search connectors
        </label>
        <div className="search-field">
          <Icon name="search" size={16} />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            className="input"
            placeholder="Search connectors"
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="connector-search"
          />
        </div>
        <div className="chip-group" role="group" aria-label="Category">
          {[null, ...categories].map((value) => (
            <button
              key={value ?? 'all'}
              type="button"
              className="filter-chip"
              aria-pressed={category === value}
              onClick={() => setCategory(value)}
              data-testid={`connector-category-${value ?? 'all'}`}
            >
              {value === null ? 'All' : CATEGORY_LABELS[value]}
            </button>
          ))}
        </div>
      </div>

      {all?.some((connector) => connector.sandbox) && (
        <p className="gallery-note" data-testid="gallery-sandbox-note">
          <Icon name="info" size={15} />
          Demo mode: connectors sign in to built-in sandbox providers, so no real account is needed.
        </p>
      )}
      {connectors.isError ? (
        <EmptyState
          icon="alert"
          tone="danger"
          title="Connectors could not be loaded"
          headingLevel={3}
          actions={<Button onClick={() => void connectors.refetch()}>Try again</Button>}
        />
      ) : connectors.isPending ? (
        <ul className="connector-grid" aria-busy="true" aria-label="Connectors">
          {[0, 1, 2, 3, 4, 5].map((key) => (
            <li key={key} className="connector-tile connector-tile-skeleton">
              <Skeleton width={36} height={36} />
              <Skeleton width="60%" />
            </li>
          ))}
        </ul>
      ) : visible.length === 0 ? (
        <EmptyState icon="search" title="No connectors match" headingLevel={3}>
          Try another name or category.
        </EmptyState>
      ) : (
        <ul className="connector-grid" aria-label="Connectors">
          {visible.map((connector) => (
            <li key={connector.id}>
              <ConnectorTile connector={connector} onChoose={onChoose} />
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {connectors.data ? `${visible.length} connectors` : ''}
      </p>
      {skin.dataSourceInterestForm && (
        <p className="gallery-footnote">
          Missing a data source?{' '}
          <a href={skin.dataSourceInterestForm} target="_blank" rel="noreferrer">
            Tell us which one
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      )}
    </div>
  );
}
