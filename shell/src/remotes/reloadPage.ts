/** Loads the page again (its own module, so that tests can tell it was asked for). */
export const reloadPage = (): void => window.location.reload();
