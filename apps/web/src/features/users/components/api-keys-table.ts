import { formatIndiaDate, formatIndiaDateWithTime } from '@lectern/contract';
import type { TableConfig } from '../../../components/data-table';
import type { ApiKeyRow } from '../api/api-keys';

/** 'lk_ab12cd34…': the start of a key, all the console ever shows of it after it was created. */
export const shownPrefix = (key: Pick<ApiKeyRow, 'prefix'>) => `${key.prefix}…`;

/** The API keys list: name, scopes, the key's start, created, last used, revoked or not, and Revoke. */
export function apiKeysTableConfig({
  create,
  revoke,
}: {
  create: () => void;
  revoke: (key: ApiKeyRow) => void;
}): TableConfig<ApiKeyRow> {
  return {
    title: 'API keys',
    titleButton: { label: 'Create API key', onClick: create },
    checkboxKeyMap: 'keyId',
    searchTextMap: ['name', 'prefix'],
    emptyMessages: {
      empty: 'No API keys yet. Create one for each service that places or reads orders.',
      emptySearch: 'No API keys match your search.',
    },
    minWidth: 900,
    columns: [
      { id: 'name', title: 'Name', dataMapping: 'name', sortable: true, extraWidth: 140 },
      { id: 'scopes', title: 'Scopes', dataMapping: (key) => key.scopes, elementType: 'chips', extraWidth: 130 },
      { id: 'key', title: 'Key', dataMapping: shownPrefix },
      {
        id: 'created',
        title: 'Created',
        dataMapping: (key) => [formatIndiaDate(key.createdAt), `by ${key.createdBy}`],
        elementType: 'infoText',
        elementConfig: { info: '' },
        sortValue: (key) => key.createdAt,
        sortable: true,
        extraWidth: 120,
      },
      {
        id: 'lastUsed',
        title: 'Last used',
        dataMapping: (key) => (key.lastUsedAt ? formatIndiaDateWithTime(key.lastUsedAt) : 'Never'),
        sortValue: (key) => key.lastUsedAt ?? '',
        sortable: true,
        extraWidth: 120,
      },
      {
        // whether it still works, and when and by whom it was revoked
        id: 'status',
        title: 'Status',
        dataMapping: (key) =>
          key.revokedAt ? ['Revoked', formatIndiaDate(key.revokedAt), `by ${key.revokedBy ?? ''}`] : ['Active'],
        elementType: 'infoText',
        elementConfig: { info: '' },
        sortValue: (key) => key.revokedAt ?? '',
        sortable: true,
        extraWidth: 130,
      },
      {
        id: 'revoke',
        title: 'Revoke',
        hideTitle: true,
        elementType: 'button',
        align: 'right',
        disabled: (key) => key.revokedAt !== null,
        elementConfig: {
          label: 'Revoke',
          onClick: revoke,
          // a revoked key's button stays, switched off: its Status says why
          ariaLabel: (key) => `Revoke ${key.name}`,
        },
      },
    ],
  };
}
