/** Clients of the product API (zod-validated; bad data counts as unavailable). */
export * from './info';
export * from './history';
