import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { indiaMonth, Messages, networkScope, type Viewer } from '@khata/domain';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { NetworkTreeRepository, type MemberRow } from '../network-tree.repository.js';

export interface NetworkLevel {
  root: MemberRow | null;
  children: MemberRow[];
  childTotal: number;
}

/**
 * The direct children of a node of the viewer's tree. No node named: a distributor's own node,
 * an admin's top level (users without a parent). A node outside the viewer's network is not found.
 */
export class GetNetworkQuery extends Query<NetworkLevel> {
  constructor(
    readonly viewer: Viewer,
    readonly rootId: string | undefined,
  ) {
    super();
  }
}

@QueryHandler(GetNetworkQuery)
export class GetNetworkHandler implements IQueryHandler<GetNetworkQuery> {
  constructor(
    private readonly tree: NetworkTreeRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ viewer, rootId }: GetNetworkQuery): Promise<NetworkLevel> {
    const month = `${indiaMonth(this.clock.now())}-01`;
    const nodeId = rootId ?? (networkScope(viewer).kind === 'everyone' ? null : viewer.userId);
    if (nodeId === null) {
      const { rows, total } = await this.tree.children(viewer, null, month);
      return { root: null, children: rows, childTotal: total };
    }
    const root = await this.tree.member(viewer, nodeId, month);
    if (!root) throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    const { rows, total } = await this.tree.children(viewer, nodeId, month);
    return { root, children: rows, childTotal: total };
  }
}
