import { ROLE_VIEWER } from '@sandbox/contracts';
import { getSessionRoleId } from '../../lib/session';

/** spec §6: a Viewer reads the catalog but cannot create, delete, deploy, copy or save. */
export function isViewer(): boolean {
  return getSessionRoleId() === String(ROLE_VIEWER);
}
