import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Viewer } from '@khata/domain';
import {
  MapPointsRepository,
  type MapPointFilter,
  type MapPointRow,
} from '../map-points.repository.js';

export class ListMapPointsQuery extends Query<{ rows: MapPointRow[]; total: number }> {
  constructor(
    readonly viewer: Viewer,
    readonly filter: MapPointFilter,
  ) {
    super();
  }
}

@QueryHandler(ListMapPointsQuery)
export class ListMapPointsHandler implements IQueryHandler<ListMapPointsQuery> {
  constructor(private readonly points: MapPointsRepository) {}

  execute({ viewer, filter }: ListMapPointsQuery) {
    return this.points.list(viewer, filter);
  }
}
