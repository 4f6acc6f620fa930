import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import DownloadIcon from '@mui/icons-material/Download';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PrintIcon from '@mui/icons-material/Print';
import dayjs from 'dayjs';
import { DELIVERY_MODES, PAGES, formatDate, formatIndianNumber, type DeliveryPackage } from '@lectern/contract';
import { DataTable, type RowId } from '../../../components/data-table';
import { notify } from '../../../components/feedback/notify';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { FilterBar, useListController } from '../../../components/list';
import { TabPanel, tabProps } from '../../../components/tab-panel';
import { errorMessage } from '../../../lib/query-client';
import { saveBlob } from '../../../lib/save-blob';
import { getDeliveryCsv, getLabelsPdf } from '../api/delivery-files';
import { useDeliveryCatalogues, useDeliveryPackages } from '../api/get-delivery-packages';
import { DELIVERY_FILTERS, DELIVERY_PARAM_NAMES, DELIVERY_URL_KEY, narrowPackages, statusOf } from './delivery-list';
import { MODE_LABELS, STATUS_TABS } from './delivery-display';
import { deliveryTableConfig } from './delivery-table';
import { PackageDrawer } from './package-drawer';
import { ProcessDrawer } from './process-drawer';

export const DELIVERY_PATH = '/deliveryManagement';
const TITLE = PAGES.find((page) => page.path === DELIVERY_PATH)?.pageName ?? 'Delivery Management';
const TAB_PREFIX = 'delivery';
/** The labels call takes at most this many packages at once. */
const MAX_LABELS = 200;

const tabLabel = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${formatIndianNumber(count)})`;

const today = () => dayjs().format('YYYY-MM-DD');

type DrawerState = { open: boolean; key: number };

/**
 * /deliveryManagement (FINANCE, SUPER_ADMIN): the printed study material to dispatch. A tab per status
 * with its count, searched by student name, mobile, package id or tracking id and filtered by the
 * order's days, catalogue and mode (all kept in the URL); pending packages are selected and processed
 * together (courier, in hand or pickup), processed ones get their labels printed; each row opens its
 * drawer with the student, items, address history, consignments and the actions open to it.
 */
export default function DeliveryPage() {
  const list = useListController({
    schema: DELIVERY_FILTERS,
    urlKey: DELIVERY_URL_KEY,
    paramNames: DELIVERY_PARAM_NAMES,
    clientOnly: ['tab', 'processedOn'],
    keep: ['tab'],
  });
  const { filters, setFilters, query, filtered } = list;
  const status = statusOf(filters);
  const packages = useDeliveryPackages(status, query);
  const catalogues = useDeliveryCatalogues();
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const [selected, setSelected] = useState<RowId[]>([]);
  const [processing, setProcessing] = useState<DrawerState & { rows: DeliveryPackage[] }>({
    open: false,
    key: 0,
    rows: [],
  });
  const [openPackage, setOpenPackage] = useState<(DrawerState & { packageId: string | null }) | null>(null);
  const [busy, setBusy] = useState<'labels' | 'csv' | null>(null);

  const current = Math.max(
    0,
    STATUS_TABS.findIndex((tab) => tab.status === status),
  );

  // the tab counts: every catalogue's, or the chosen one's
  const counts = useMemo(() => {
    if (!catalogues.data) return undefined;
    const chosen = filters.catalogueId
      ? catalogues.data.filter((c) => c.catalogueId === filters.catalogueId)
      : catalogues.data;
    return Object.fromEntries(
      STATUS_TABS.map(({ status }) => [status, chosen.reduce((sum, c) => sum + c.counts[status], 0)]),
    );
  }, [catalogues.data, filters.catalogueId]);

  const rows = useMemo(
    () => narrowPackages(packages.data ?? [], filters.processedOn),
    [packages.data, filters.processedOn],
  );
  // rows that left the list (processed, cancelled) leave the selection too
  const rowIds = useMemo(() => new Set(rows.map((row) => row.deliveryPackageId)), [rows]);
  const selection = useMemo(() => selected.filter((id) => rowIds.has(String(id))), [selected, rowIds]);

  const open = useCallback(
    (pkg: DeliveryPackage) =>
      setOpenPackage((previous) => ({ open: true, key: (previous?.key ?? 0) + 1, packageId: pkg.deliveryPackageId })),
    [],
  );
  const config = useMemo(() => deliveryTableConfig({ status, open, filtered }), [status, open, filtered]);

  async function printLabels(ids: string[]) {
    setBusy('labels');
    try {
      saveBlob(await getLabelsPdf(ids), `delivery-labels-${today()}.pdf`);
    } catch (error) {
      notify('error', errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function exportCsv() {
    setBusy('csv');
    try {
      saveBlob(await getDeliveryCsv(status, query), `delivery-${status.toLowerCase()}-${today()}.csv`);
    } catch (error) {
      notify('error', errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  const catalogueChoices = catalogues.data ?? [];
  const range =
    filters.from && filters.to
      ? { start: dayjs(filters.from).toDate(), end: dayjs(filters.to).endOf('day').toDate() }
      : undefined;

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="Printed study material of paid orders: dispatch it by courier, hand it over or keep it for pickup."
        actions={
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            loading={busy === 'csv'}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={current}
          onChange={(_event, index: number) => {
            const tab = STATUS_TABS[index];
            if (tab) {
              setSelected([]);
              setFilters({ tab: tab.status.toLowerCase() });
            }
          }}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Delivery statuses"
        >
          {STATUS_TABS.map((tab, index) => (
            <Tab key={tab.status} label={tabLabel(tab.label, counts?.[tab.status])} {...tabProps(TAB_PREFIX, index)} />
          ))}
        </Tabs>
      </Box>
      {STATUS_TABS.map((tab, index) => (
        <TabPanel key={tab.status} idPrefix={TAB_PREFIX} index={index} value={current}>
          <FilterBar
            label="Filter packages"
            search={{
              value: searchText,
              onChange: setSearchText,
              onSearch: (text) => setFilters({ search: text }),
              placeholder: 'Student, mobile, package or tracking id',
              label: 'Search packages',
              maxLength: 100,
            }}
            selects={[
              {
                key: 'catalogueId',
                label: 'Catalogue',
                anyLabel: 'Any catalogue',
                options: catalogueChoices.map((c) => ({ value: c.catalogueId, label: c.catalogueName })),
              },
              {
                key: 'deliveryMode',
                label: 'Mode',
                anyLabel: 'Any mode',
                options: DELIVERY_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] })),
              },
            ]}
            values={filters}
            onChange={list.setFilter}
            dateRange={{
              key: `${filters.from ?? ''}-${filters.to ?? ''}`,
              label: 'Order date range',
              initialRange: range,
              onSearch: ({ start, end }) =>
                setFilters({ from: dayjs(start).format('YYYY-MM-DD'), to: dayjs(end).format('YYYY-MM-DD') }),
            }}
            chips={[
              ...(filters.from && filters.to
                ? [
                    {
                      key: 'ordered',
                      label: `Ordered ${formatDate(filters.from)} to ${formatDate(filters.to)}`,
                      onDelete: () => setFilters({ from: null, to: null }),
                    },
                  ]
                : []),
              ...(filters.processedOn
                ? [
                    {
                      key: 'processedOn',
                      label: `Processed ${formatDate(filters.processedOn)}`,
                      onDelete: () => setFilters({ processedOn: null }),
                      testId: 'delivery-processed-on',
                    },
                  ]
                : []),
            ]}
            onClear={() => {
              setSearchText('');
              list.clear();
            }}
            filtered={filtered}
          >
            {!(filters.from && filters.to) && <Chip variant="outlined" label="Orders of every day" />}
          </FilterBar>
          {index === current && (
            <DataTable
              config={config}
              rows={rows}
              {...list.table}
              loading={packages.isPending}
              error={packages.isError ? <QueryErrorAlert query={packages} /> : undefined}
              selectedIds={selection}
              onSelectionChange={(ids) => setSelected(ids)}
              selectionActions={({ rows: chosen }) =>
                tab.status === 'PENDING' ? (
                  <Button
                    color="inherit"
                    startIcon={<LocalShippingIcon />}
                    onClick={() => setProcessing((previous) => ({ open: true, key: previous.key + 1, rows: chosen }))}
                  >
                    Process
                  </Button>
                ) : (
                  <Button
                    color="inherit"
                    startIcon={<PrintIcon />}
                    loading={busy === 'labels'}
                    disabled={chosen.length > MAX_LABELS}
                    onClick={() => void printLabels(chosen.map((pkg) => pkg.deliveryPackageId))}
                  >
                    {chosen.length > MAX_LABELS ? `Print labels (at most ${MAX_LABELS})` : 'Print labels'}
                  </Button>
                )
              }
            />
          )}
        </TabPanel>
      ))}
      <ProcessDrawer
        key={`process-${processing.key}`}
        open={processing.open}
        packages={processing.rows}
        onFailures={(ids) => setSelected(ids)}
        onClose={() => setProcessing((previous) => ({ ...previous, open: false }))}
      />
      <PackageDrawer
        key={`package-${openPackage?.key ?? 0}`}
        open={openPackage?.open ?? false}
        packageId={openPackage?.packageId ?? null}
        onClose={() => setOpenPackage((previous) => (previous ? { ...previous, open: false } : null))}
      />
    </>
  );
}
