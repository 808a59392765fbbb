/** The wallet menu entry's and the panel's title (in the menu's chunk, not the panel's). */
export const APPROVALS_TITLE = 'Approvals';
