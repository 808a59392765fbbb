/**
 * The site's analytics events as the api takes them (POST /v1/events): the spec's events, each
 * with the few facts kept about it. The JSON schema below is the whole contract: any other field
 * (an address, an amount, a user agent) makes the request a 400, so nothing else can be stored.
 */

/** The spec's events: ROUTE_ plus the route on entry, SWAP, LIQUIDITY_ADD/REMOVE, WALLET_CONNECT. */
export const EVENT_NAMES = [
  'ROUTE_INDEX',
  'ROUTE_CHARTS',
  'ROUTE_POOLS',
  'ROUTE_LISTING',
  'ROUTE_INFO',
  'ROUTE_HELP',
  'ROUTE_WIDGET',
  'SWAP',
  'LIQUIDITY_ADD',
  'LIQUIDITY_REMOVE',
  'WALLET_CONNECT',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export const ROUTES = ['index', 'charts', 'pools', 'listing', 'info', 'help', 'widget'] as const;
export const NETWORKS = ['TRON', 'BSC', 'POLY', 'BTTC', 'ETH'] as const;
export const THEMES = ['light', 'dark'] as const;
export const SURFACES = ['site', 'widget'] as const;

/** At most this many events per request (a visit's batch). */
export const MAX_EVENTS_PER_REQUEST = 50;

export interface SiteEvent {
  event: EventName;
  route?: (typeof ROUTES)[number];
  network?: (typeof NETWORKS)[number];
  language?: string;
  theme?: (typeof THEMES)[number];
  surface: (typeof SURFACES)[number];
}

export const siteEventSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['event', 'surface'],
  properties: {
    event: { type: 'string', enum: EVENT_NAMES },
    route: { type: 'string', enum: ROUTES },
    network: { type: 'string', enum: NETWORKS },
    // a BCP 47 language tag as the site names its languages: en, zh-CN
    language: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Z]{2})?$' },
    theme: { type: 'string', enum: THEMES },
    surface: { type: 'string', enum: SURFACES },
  },
} as const;

export const eventsBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['events'],
  properties: {
    events: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_EVENTS_PER_REQUEST,
      items: siteEventSchema,
    },
  },
} as const;
