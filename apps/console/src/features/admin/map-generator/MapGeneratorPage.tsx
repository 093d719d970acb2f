import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Tag } from 'antd';
import { checkCoordinates, type MapPointRecord, type MapPointsAnswer } from '@khata/domain';
import { api } from '../../../api/client';
import { mapsSearchUrl } from '../../tools';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { roleColor, roleLabel } from '../network/labels';

interface Filter {
  q: string;
  page: number;
  pageSize: number;
}
const PAGE_SIZES = [10, 20, 50, 100];

function useMapPoints(filter: Filter) {
  return useQuery({
    queryKey: ['map-points', filter],
    queryFn: () =>
      api.post<MapPointsAnswer>('/admin/mapPoints', {
        q: filter.q || undefined,
        page: filter.page,
        pageSize: filter.pageSize,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Issue 14, Map Generator (/admin/mapGenerator, spec §6): the users and shops the caller sees
 * with their last known coordinates; each opens the external maps search in a new tab (spec
 * §7), or says the coordinates are not available (spec §5).
 */
export function MapGeneratorPage() {
  return (
    <RequireMenuItem item="mapGenerator">
      <MapGenerator />
    </RequireMenuItem>
  );
}

function OpenMap({ point }: { point: MapPointRecord }) {
  const { modal } = App.useApp();
  const place = checkCoordinates(point.latitude, point.longitude);
  const label = `Open map for ${point.name}`;
  if (place.ok) {
    return (
      <Button
        size="small"
        href={mapsSearchUrl(place.value)}
        target="_blank"
        rel="noreferrer"
        aria-label={label}
      >
        Open map
      </Button>
    );
  }
  return (
    <Button
      size="small"
      aria-label={label}
      onClick={() => void modal.warning({ title: place.message, okText: 'OK' })}
    >
      Open map
    </Button>
  );
}

const COLUMNS: ReportColumn<MapPointRecord>[] = [
  {
    key: 'user',
    title: 'User',
    cardLabel: null,
    hideOnCard: true,
    render: (point) => (
      <>
        {point.name}
        <span className="report-table__sub">{point.mobile}</span>
      </>
    ),
  },
  {
    key: 'shop',
    title: 'Shop',
    render: (point) =>
      point.shopName ? `${point.shopName}${point.city ? `, ${point.city}` : ''}` : '—',
  },
  {
    key: 'role',
    title: 'Role',
    render: (point) => <Tag color={roleColor(point.role)}>{roleLabel(point.role)}</Tag>,
  },
  {
    key: 'location',
    title: 'Last location',
    render: (point) => {
      const place = checkCoordinates(point.latitude, point.longitude);
      if (!place.ok) return 'Not available';
      return (
        <>
          {place.value.latitude}, {place.value.longitude}
          <span className="report-table__sub">{formatDateTime(point.locatedAt)}</span>
        </>
      );
    },
  },
  { key: 'map', title: '', cardLabel: null, render: (point) => <OpenMap point={point} /> },
];

function MapGenerator() {
  const [filter, setFilter] = useState<Filter>({ q: '', page: 1, pageSize: 20 });
  const [text, setText] = useState('');
  const points = useMapPoints(filter);

  return (
    <AdminPage
      title="Map Generator"
      intro="Users and shops of your network with where they last signed in from. Open any of them on the map."
    >
      <Card className="admin-card">
        <Input.Search
          placeholder="Search by name, mobile, shop or city"
          allowClear
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value === '') setFilter((before) => ({ ...before, q: '', page: 1 }));
          }}
          onSearch={(value) => setFilter((before) => ({ ...before, q: value.trim(), page: 1 }))}
          aria-label="Search users"
          style={{ maxWidth: 520 }}
        />
      </Card>
      {points.isError && <Alert type="error" showIcon title={points.error.message} />}
      <Card className="admin-card">
        <ReportTable<MapPointRecord>
          label="Users on the map"
          rows={points.data?.data ?? []}
          rowKey={(point) => point.id}
          columns={COLUMNS}
          loading={points.isPending || points.isPlaceholderData}
          emptyText="No users found."
          cardTitle={(point) => (
            <>
              {point.name}
              <span className="report-table__sub">{point.mobile}</span>
            </>
          )}
          pagination={{
            current: filter.page,
            pageSize: filter.pageSize,
            total: points.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            onChange: (page, pageSize) => setFilter((before) => ({ ...before, page, pageSize })),
            showTotal: (total) => `${total} user${total === 1 ? '' : 's'}`,
          }}
        />
      </Card>
    </AdminPage>
  );
}
