import { useCallback, useMemo, useState, type Key } from 'react';
import { Alert, Card, Empty, Input, Skeleton, Tree, Typography, type TreeDataNode } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NetworkMember, NetworkSearchHit } from '@khata/domain';
import { formatCount } from '../../../i18n/format';
import { AdminPage } from '../common/AdminPage';
import { AddUserButton } from '../onboarding';
import { useAdminUser } from '../session/adminUser';
import { networkLevelOptions, useNetworkSearch } from './api';
import { MemberTitle } from './MemberTitle';
import { RequireMenuItem } from '../common/RequireMenuItem';
import './network.css';

/** Issue 12 Network (/admin/network): the downline tree, expanded a level at a time, and a search. */
export function NetworkPage() {
  return (
    <RequireMenuItem item="network">
      <Network />
    </RequireMenuItem>
  );
}

/** What the page has loaded so far: every member seen, and each opened node's children. */
interface Loaded {
  members: Map<string, NetworkMember>;
  children: Map<string, string[]>;
}

function Network() {
  const { t } = useTranslation('network');
  const { kind } = useAdminUser();
  const queryClient = useQueryClient();
  const top = useQuery(networkLevelOptions());
  const [loaded, setLoaded] = useState<Loaded>({ members: new Map(), children: new Map() });
  // Null until the user opens or closes a node: a distributor's own node starts open.
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [selected, setSelected] = useState<string>();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const search = useNetworkSearch(q);

  const remember = useCallback((parentId: string, members: NetworkMember[]) => {
    setLoaded((before) => {
      const next: Loaded = { members: new Map(before.members), children: new Map(before.children) };
      for (const member of members) next.members.set(member.id, member);
      next.children.set(
        parentId,
        members.map((member) => member.id),
      );
      return next;
    });
  }, []);

  const loadChildren = useCallback(
    async (id: string) => {
      const level = await queryClient.fetchQuery(networkLevelOptions(id));
      remember(id, level.data);
      return level;
    },
    [queryClient, remember],
  );

  // The top of the tree: a distributor's own node with its children open, or an admin's roots.
  const roots = useMemo(() => {
    if (!top.data) return [];
    return top.data.root ? [top.data.root] : top.data.data;
  }, [top.data]);
  const rootChildren = useMemo(
    () => (top.data?.root ? { id: top.data.root.id, data: top.data.data } : undefined),
    [top.data],
  );

  const treeData = useMemo(() => {
    const members = new Map(loaded.members);
    const children = new Map(loaded.children);
    if (rootChildren) {
      for (const member of rootChildren.data)
        members.set(member.id, members.get(member.id) ?? member);
      if (!children.has(rootChildren.id))
        children.set(
          rootChildren.id,
          rootChildren.data.map((member) => member.id),
        );
    }
    const node = (member: NetworkMember): TreeDataNode => {
      const below = children.get(member.id);
      return {
        key: member.id,
        title: <MemberTitle member={members.get(member.id) ?? member} />,
        isLeaf: member.childCount === 0,
        children: below?.flatMap((id) => {
          const child = members.get(id);
          return child ? [node(child)] : [];
        }),
      };
    };
    return roots.map(node);
  }, [roots, rootChildren, loaded]);

  const expandedKeys = useMemo(
    () => expanded ?? (top.data?.root ? [top.data.root.id] : []),
    [expanded, top.data],
  );

  /** Opens the tree down to a search hit, loading each level on its path, and selects it. */
  const open = async (hit: NetworkSearchHit) => {
    for (const step of hit.path) {
      if (!loaded.children.has(step.id) && step.id !== rootChildren?.id)
        await loadChildren(step.id);
    }
    setExpanded(() => [...new Set([...expandedKeys, ...hit.path.map((step) => step.id)])]);
    setSelected(hit.member.id);
    requestAnimationFrame(() =>
      document
        .querySelector(`[data-testid="network-node-${hit.member.mobile}"]`)
        ?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
    );
  };

  return (
    <AdminPage
      title={t('title')}
      intro={kind === 'admin' ? t('intro.admin') : t('intro.other')}
      actions={<AddUserButton />}
    >
      <Card className="admin-card">
        <Input.Search
          className="network-search"
          placeholder={t('search.placeholder')}
          allowClear
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value === '') setQ('');
          }}
          onSearch={(value) => setQ(value.trim())}
          aria-label={t('search.label')}
          loading={search.isFetching}
        />
        {search.isError && <Alert type="warning" showIcon title={search.error.message} />}
        {q.length >= 2 && search.data && (
          <ul className="network-hits" aria-label={t('search.results')}>
            {search.data.data.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.none')} />
            )}
            {search.data.data.map((hit) => (
              <li key={hit.member.id}>
                <button type="button" className="network-hits__item" onClick={() => void open(hit)}>
                  <b>{hit.member.name}</b> · {hit.member.mobile}
                  {hit.member.shopName && ` · ${hit.member.shopName}`}
                  {hit.path.length > 0 && (
                    <span className="network-hits__path">
                      {hit.path.map((step) => step.name).join(' › ')}
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="admin-card">
        {top.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : top.isError ? (
          <Alert type="error" showIcon title={top.error.message} />
        ) : roots.length === 0 ? (
          <Empty description={t('empty')} />
        ) : (
          <>
            {top.data.childTotal > top.data.data.length && (
              <Typography.Paragraph type="secondary">
                {t('showing', {
                  shown: formatCount(top.data.data.length),
                  total: formatCount(top.data.childTotal),
                })}
              </Typography.Paragraph>
            )}
            <Tree
              className="network-tree"
              aria-label={t('treeLabel')}
              blockNode
              showLine
              treeData={treeData}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setExpanded(keys)}
              selectedKeys={selected ? [selected] : []}
              onSelect={(keys) => setSelected(keys[0] === undefined ? undefined : String(keys[0]))}
              loadData={async (node) => {
                const id = String(node.key);
                if (loaded.children.has(id) || id === rootChildren?.id) return;
                await loadChildren(id);
              }}
            />
          </>
        )}
      </Card>
    </AdminPage>
  );
}
