import type { RoleKind } from '@khata/domain';

/** socket.io rooms: one per user, one per session, one per role (issue 14; admins' is `role:admin`). */
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const roleRoom = (kind: RoleKind) => `role:${kind}`;
export const ADMIN_ROOM = roleRoom('admin');
