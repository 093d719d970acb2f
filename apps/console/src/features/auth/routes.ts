import type { RouteObject } from 'react-router-dom';

/** Routes of this feature, each page lazy. Mounted inside the public shell by app/router.tsx. */
export const authRoutes: RouteObject[] = [];
