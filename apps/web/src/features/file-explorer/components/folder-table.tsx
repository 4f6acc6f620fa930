import { useMemo, type ReactNode } from 'react';
import { DataTable, type TableConfig } from '../../../components/data-table';
import { FILE_EXPLORER_PATH, explorerQuery, type ExplorerState } from '../hooks/use-explorer-state';

/** One row of a folder level (spec 1 §3): Name, Id, Length (what the folder holds). */
export interface FolderRow {
  id: string;
  name: string;
  length: number | string;
  /** where opening the row goes */
  link: Partial<ExplorerState>;
}

function folderConfig(title: string, lengthTitle: string, empty: string): TableConfig<FolderRow> {
  return {
    title,
    checkboxKeyMap: 'id',
    searchTextMap: ['name', 'id'],
    emptyMessages: { empty, emptySearch: 'No folders match your search.' },
    minWidth: 360,
    columns: [
      {
        id: 'name',
        title: 'Name',
        elementType: 'button',
        dataMapping: 'name',
        sortable: true,
        sortValue: (row) => row.name.toLowerCase(),
        extraWidth: 180,
        elementConfig: {
          to: FILE_EXPLORER_PATH,
          query: (row) => explorerQuery(row.link),
          variant: 'text',
          ariaLabel: (row) => `Open ${row.name}`,
        },
      },
      { id: 'id', title: 'Id', elementType: 'id', dataMapping: 'id', extraWidth: 130 },
      { id: 'length', title: lengthTitle, dataMapping: 'length', align: 'right', sortable: true },
    ],
  };
}

/** A folder level of the explorer: subjects, units or topics, each opening the next level. */
export function FolderTable({
  title,
  lengthTitle = 'Length',
  rows,
  loading,
  error,
  empty,
  urlKey,
}: {
  title: string;
  lengthTitle?: string;
  rows: FolderRow[];
  loading: boolean;
  error?: ReactNode;
  empty: string;
  urlKey: string;
}) {
  const config = useMemo(() => folderConfig(title, lengthTitle, empty), [title, lengthTitle, empty]);
  return <DataTable config={config} rows={rows} loading={loading} error={error} urlKey={urlKey} />;
}
