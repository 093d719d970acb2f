/** socket.io rooms: one per user, one per session, one for the admins. */
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const ADMIN_ROOM = 'role:admin';
