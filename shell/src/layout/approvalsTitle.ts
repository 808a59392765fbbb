// The wallet menu entries' and their panels' titles (in the menu's chunk, not the panels').
import { msg } from '@lingui/core/macro';

export const APPROVALS_TITLE = msg`Approvals`;
export const RECENT_TITLE = msg`Recent transactions`;
