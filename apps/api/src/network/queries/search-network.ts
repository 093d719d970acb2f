import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { indiaMonth, type Viewer } from '@khata/domain';
import { Clock } from '../../common/clock.js';
import { NetworkTreeRepository, type SearchRow } from '../network-tree.repository.js';

/** Members of the viewer's network by name, mobile or shop name, with their path in the tree. */
export class SearchNetworkQuery extends Query<SearchRow[]> {
  constructor(
    readonly viewer: Viewer,
    readonly text: string,
  ) {
    super();
  }
}

@QueryHandler(SearchNetworkQuery)
export class SearchNetworkHandler implements IQueryHandler<SearchNetworkQuery> {
  constructor(
    private readonly tree: NetworkTreeRepository,
    private readonly clock: Clock,
  ) {}

  execute({ viewer, text }: SearchNetworkQuery): Promise<SearchRow[]> {
    return this.tree.search(viewer, text, `${indiaMonth(this.clock.now())}-01`);
  }
}
