/** Clients of the product API (valibot-validated; bad data counts as unavailable). */
export * from './info';
export * from './history';
