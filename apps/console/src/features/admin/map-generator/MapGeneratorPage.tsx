import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Tag } from 'antd';
import { checkCoordinates, type MapPointRecord, type MapPointsAnswer } from '@khata/domain';
import { api } from '../../../api/client';
import { mapsSearchUrl } from '../../tools';
import { formatDateTime } from '../common/dates';
import type { ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { SearchedUsersPage, type UserSearch } from '../common/SearchedUsersPage';
import { roleColor, roleLabel } from '../network/labels';

function useMapPoints(filter: UserSearch) {
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
  return (
    <SearchedUsersPage<MapPointRecord>
      title="Map Generator"
      intro="Users and shops of your network with where they last signed in from. Open any of them on the map."
      searchLabel="Search users"
      label="Users on the map"
      noun="user"
      columns={COLUMNS}
      useUsers={useMapPoints}
    />
  );
}
